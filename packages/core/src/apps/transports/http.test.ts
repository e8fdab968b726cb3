import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import { createHttpProxyTransport } from './http'

let server: Server
let base = ''
const received: { headers: Record<string, unknown>; body: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      const send = (status: number, text: string, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type })
        res.end(text)
      }
      if (req.url === '/ok') send(200, JSON.stringify({ content: [{ type: 'text', text: 'hi' }] }))
      else if (req.url === '/forbidden') send(403, JSON.stringify({ error: 'Tool is not visible to apps' }))
      else if (req.url === '/refused') send(403, JSON.stringify({ error: 'Tool "x" is not callable from apps', code: 'tool_not_app_visible' }))
      else if (req.url === '/html') send(502, '<html>bad gateway</html>', 'text/html')
      else if (req.url === '/badjson') send(200, '{nope')
      else send(404, JSON.stringify({ error: 'nope' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const request = { serverHash: 'h', serverId: 's', method: 'tools/call' as const, params: { name: 'x' } }

describe('createHttpProxyTransport', () => {
  it('POSTs the proxied request as JSON with the given headers and resolves with the body', async () => {
    let n = 0
    const transport = createHttpProxyTransport({ url: `${base}/ok`, headers: () => ({ 'x-csrf': `t${++n}` }) })
    await expect(transport.request(request)).resolves.toEqual({ content: [{ type: 'text', text: 'hi' }] })
    await transport.request(request)
    const [first, second] = received.slice(-2)
    expect(JSON.parse(first!.body)).toEqual(request)
    expect(first!.headers['content-type']).toBe('application/json')
    expect(first!.headers['x-csrf']).toBe('t1')
    expect(second!.headers['x-csrf']).toBe('t2')
  })

  it('rejects with the handler\'s code, the status and the { error } text', async () => {
    const error = await createHttpProxyTransport({ url: `${base}/refused` })
      .request(request)
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.status, error.message]).toEqual([
      'tool_not_app_visible',
      403,
      'Tool "x" is not callable from apps',
    ])
  })

  it('reads a body without a known code by its status', async () => {
    const error = await createHttpProxyTransport({ url: `${base}/forbidden` })
      .request(request)
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.status, error.message]).toEqual([
      'forbidden',
      403,
      'Tool is not visible to apps',
    ])
  })

  it('does not surface a non-JSON error body', async () => {
    const error = await createHttpProxyTransport({ url: `${base}/html` })
      .request(request)
      .catch((e: unknown) => e)
    expect((error as Error).message).toBe('MCP proxy answered 502')
  })

  it('rejects on invalid JSON and on an unreachable server', async () => {
    const bad = await createHttpProxyTransport({ url: `${base}/badjson` })
      .request(request)
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(bad) && bad.code).toBe('transport')
    const down = await createHttpProxyTransport({ url: 'http://127.0.0.1:1/x' })
      .request(request)
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(down) && [down.code, down.message]).toEqual(['network', 'The MCP proxy could not be reached'])
  })

  it('passes the abort signal to fetch and reports an abort as an abort, not as unreachable', async () => {
    const transport = createHttpProxyTransport({
      url: 'https://proxy.example/mcp',
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    })
    const controller = new AbortController()
    const pending = transport.request({ serverHash: 'h', method: 'ping' }, { signal: controller.signal })
    controller.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.message]).toEqual(['aborted', 'The proxied MCP request was aborted'])
  })

  it('uses the injected fetch', async () => {
    const calls: string[] = []
    const transport = createHttpProxyTransport({
      url: 'https://proxy.example/mcp',
      fetch: async (input) => {
        calls.push(String(input))
        return new Response(JSON.stringify({}), { status: 200 })
      },
    })
    await expect(transport.request({ serverHash: 'h', method: 'ping' })).resolves.toEqual({})
    expect(calls).toEqual(['https://proxy.example/mcp'])
  })
})
