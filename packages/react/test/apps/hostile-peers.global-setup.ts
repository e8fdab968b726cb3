/**
 * Node side of the MCP Apps attack tests, reached from the browser through `inject()`:
 * - a collector on its own 127.0.0.1 port that records every HTTP request and WebSocket upgrade
 *   (each attack tags its URLs with `case=<id>`, so tests running side by side count only their own);
 * - UDP collectors (`POST /__udp` opens one on a free port) that count the datagrams they receive,
 *   for WebRTC's STUN/TURN traffic, which no HTTP collector would see;
 * - `/navigated`: the page an app navigates its frame to; `?opt-in=1` answers with `Allow-CSP-From: *`
 *   so the page loads even under the iframe `csp` attribute;
 * - the kit's sandbox proxy (`createSandboxProxyHandler`) on another port, so the double-iframe
 *   mode runs with real, distinct origins.
 * Core is imported from its sources by path (see e2e.global-setup.ts for why).
 */
import { createSocket, type Socket } from 'node:dgram'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { createSandboxProxyHandler } from '../../../core/src/server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the collector (`http://127.0.0.1:<port>`). */
    appsCollectorUrl: string
    /** The sandbox proxy page URL (another origin than the test page and the collector). */
    appsSandboxProxyUrl: string
  }
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'cache-control': 'no-store' }
// Upper bounds so a runaway test cannot grow the collector without limit.
const MAX_HITS = 100_000
const MAX_UDP_SOCKETS = 200

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

// The page a frame lands on after it navigated: it tells whoever frames it that it arrived, asks
// the host for the handshake as an app would, and reports every message it receives.
const NAVIGATED_PAGE = `<!doctype html><html><head><title>navigated</title></head><body><script>
  var tell = function (what, data) { parent.postMessage({ jsonrpc: '2.0', method: 'test/navigated', params: { what: what, data: data } }, '*'); };
  addEventListener('message', function (event) { tell('received', event.data); });
  tell('arrived', location.href);
  parent.postMessage({ jsonrpc: '2.0', id: 'navigated-init', method: 'ui/initialize', params: { appInfo: { name: 'x', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } }, '*');
  setTimeout(function () { parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*'); }, 50);
</script></body></html>`

export default async function setup(project: TestProject) {
  const hits: { url: string; kind: string }[] = []
  const udp = new Map<number, { socket: Socket; packets: number }>()

  const record = (req: IncomingMessage, kind: string) => {
    if (hits.length < MAX_HITS) hits.push({ url: req.url ?? '/', kind })
  }
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json', ...CORS })
    res.end(JSON.stringify(body))
  }

  const collector = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://collector')
    if (url.pathname === '/__hits') {
      const tag = url.searchParams.get('tag') ?? ''
      return json(res, hits.filter((hit) => hit.url.includes(tag)))
    }
    if (url.pathname === '/__udp' && req.method === 'POST') {
      if (udp.size >= MAX_UDP_SOCKETS) return json(res, { error: 'too many UDP collectors' })
      const socket = createSocket('udp4')
      socket.on('message', () => {
        const entry = udp.get((socket.address() as AddressInfo).port)
        if (entry) entry.packets++
      })
      socket.bind(0, '127.0.0.1', () => {
        const port = socket.address().port
        udp.set(port, { socket, packets: 0 })
        json(res, { port })
      })
      return
    }
    if (url.pathname.startsWith('/__udp/')) return json(res, { packets: udp.get(Number(url.pathname.slice(7)))?.packets ?? -1 })
    record(req, req.method ?? 'GET')
    if (url.pathname === '/navigated') {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store', ...(url.searchParams.has('opt-in') ? { 'allow-csp-from': '*' } : {}) })
      return res.end(NAVIGATED_PAGE)
    }
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain', ...CORS })
    res.end('collected')
  })
  collector.on('upgrade', (req, socket) => {
    record(req, 'websocket')
    socket.destroy()
  })

  // The proxy allows whichever page frames it (the test page's origin is only known at run time):
  // a test fixture; a real deployment lists its chat origins.
  const proxy = createServer((req, res) => {
    const referer = req.headers.referer
    let hostOrigin = ''
    try {
      hostOrigin = referer ? new URL(referer).origin : ''
    } catch {
      hostOrigin = ''
    }
    if (!hostOrigin) {
      res.writeHead(400).end('no referer')
      return
    }
    const handler = createSandboxProxyHandler({ allowedHostOrigins: [hostOrigin], hostPolicy: { allowLocalhost: true } })
    void handler(new Request(new URL(req.url ?? '/', 'http://proxy'), { method: req.method })).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(await response.text())
    })
  })

  const collectorUrl = await listen(collector)
  const proxyUrl = await listen(proxy)
  project.provide('appsCollectorUrl', collectorUrl)
  project.provide('appsSandboxProxyUrl', `${proxyUrl}/sandbox`)

  return async () => {
    for (const { socket } of udp.values()) socket.close()
    collector.closeAllConnections()
    proxy.closeAllConnections()
    await Promise.all([new Promise((r) => collector.close(r)), new Promise((r) => proxy.close(r))])
  }
}
