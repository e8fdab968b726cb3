// @module-tag security
// @vitest-environment node
/**
 * The double-iframe option end to end, in real Chromium with real origins: McpAppFrame on a host
 * page (one origin) frames the kit's sandbox proxy served by `createSandboxProxyHandler` (another
 * origin), which runs the real ext-apps `App` in its inner frame.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createSandboxProxyHandler } from '@mcp-hitl/core/server'
import { build } from 'esbuild'
import { type Browser, chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../../../../scripts/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

function listen(handle: (url: string) => Promise<{ status?: number; type: string; body: string; headers?: Record<string, string> }>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    handle(req.url ?? '/').then(
      (r) => {
        res.writeHead(r.status ?? 200, { 'content-type': r.type, ...r.headers })
        res.end(r.body)
      },
      () => {
        res.writeHead(500)
        res.end()
      },
    )
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })))
}

// The ext-apps view library as a classic script (see fixtures.ts for why).
function viewHtml(): string {
  const source = readFileSync(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8')
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(source)!
  const entries = match[1]!.split(',').map((part) => {
    const [local, exported] = part.trim().split(/\s+as\s+/)
    return `${JSON.stringify(exported ?? local)}:${local}`
  })
  const lib = `(function(){"use strict";${source.slice(0, match.index)};globalThis.ExtApps={${entries.join(',')}};})();`
  return `<!doctype html><html><body><script>${lib}</script><script>
const app = new ExtApps.App({ name: 'ProxiedView', version: '1' }, {});
const report = (kind, data) => app.sendMessage({ role: 'user', content: [{ type: 'text', text: JSON.stringify({ kind, data }) }] });
app.ontoolinput = (p) => report('tool-input', p);
app.ontoolresult = async (p) => {
  await report('tool-result', p);
  const called = await app.callServerTool({ name: 'echo', arguments: {} });
  let parentDom; try { parentDom = String(window.parent.document.title); } catch (e) { parentDom = e.name; }
  let fetched; try { await fetch('https://undeclared.example/x'); fetched = 'ok'; } catch (e) { fetched = e.name; }
  report('done', { called, origin: window.origin, parentDom, fetched });
};
app.connect();
</script></body></html>`
}

let browser: Browser
let host: { url: string; server: Server }
let proxy: { url: string; server: Server }

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.join(here, 'proxy/host-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    conditions: ['@mcp-hitl/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'silent',
  })
  const js = bundle.outputFiles[0]!.text
  let proxyOrigin = ''
  host = await listen(async (url) =>
    url.startsWith('/page.js')
      ? { type: 'text/javascript', body: js }
      : {
          type: 'text/html',
          body: `<!doctype html><html><head><title>host secret</title></head><body><div id="root"></div><script>window.PROXY_TEST=${JSON.stringify({ proxyUrl: `${proxyOrigin}/sandbox`, html: viewHtml() }).replace(/</g, '\\u003c')}</script><script src="/page.js"></script></body></html>`,
        },
  )
  const handler = createSandboxProxyHandler({ allowedHostOrigins: [host.url] })
  proxy = await listen(async (url) => {
    const response = await handler(new Request(`http://127.0.0.1${url}`))
    return { status: response.status, type: response.headers.get('content-type') ?? 'text/plain', headers: Object.fromEntries(response.headers), body: await response.text() }
  })
  proxyOrigin = proxy.url
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => host?.server.close(resolve))
  await new Promise((resolve) => proxy?.server.close(resolve))
})

describe('McpAppFrame behind the sandbox proxy (double iframe)', () => {
  it('handshakes through the proxy, relays tools/call, and the app stays isolated', { timeout: 45_000 }, async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${host.url}/`)
      await page.waitForFunction(() => (window as unknown as { __log: { kind: string }[] }).__log.some((e) => e.kind === 'done'), null, { timeout: 30_000 })
      const log = (await page.evaluate(() => (window as unknown as { __log: unknown[] }).__log)) as { kind: string; data: Record<string, unknown> }[]
      expect(log.map((e) => e.kind)).toEqual(['tool-input', 'tool-result', 'done'])
      expect(log[0]?.data).toEqual({ arguments: { city: 'Paris' } })
      const done = log[2]!.data
      expect(done.called).toEqual({ content: [{ type: 'text', text: 'called echo' }] })
      expect(done.origin).toBe('null')
      expect(done.parentDom).toBe('SecurityError')
      expect(done.fetched).toBe('TypeError')
      const frame = await page.$('[data-mcp-hitl-app-frame] iframe')
      expect(await frame?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin')
      expect(new URL((await frame?.getAttribute('src')) ?? '').origin).toBe(proxy.url)
    } finally {
      await page.close()
    }
  })
})
