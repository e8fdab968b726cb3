// @module-tag security
/**
 * End to end in real Chromium (playwright) with real origins: a host page on one port frames the
 * sandbox proxy served by `createSandboxProxyHandler` on another. Checks the handshake, that the
 * CSP header (not a meta the app could drop) binds the inner app, and that `frame-ancestors`
 * stops a page the proxy does not allow from framing it.
 */
import { type Browser, chromium } from 'playwright'
import { CHROMIUM, CHROMIUM_ARGS } from '../../../../scripts/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSandboxProxyUrl } from '../../src/apps/sandbox-proxy-protocol'
import { createSandboxProxyHandler } from '../../src/server/apps/sandbox-proxy-handler'
import { serveFetch, type TestHttpServer as ServedFetch } from '../../src/server/testing/node-http-bridge'


let browser: Browser
let host: ServedFetch
let intruder: ServedFetch
let proxy: ServedFetch
const proxyUrl = () => `${proxy.url}/sandbox`

// The app never declared `undeclared`; it does not inject any CSP meta itself.
const probe = (declared: string, undeclared: string) => `<!doctype html><html><head></head><body><script>
  (async () => {
    const results = {};
    for (const url of [${JSON.stringify(declared)}, ${JSON.stringify(undeclared)}]) {
      try { await fetch(url, { mode: 'no-cors', cache: 'no-store' }); results[url] = 'ok'; } catch (e) { results[url] = 'blocked'; }
    }
    parent.postMessage({ jsonrpc: '2.0', method: 'probe/done', params: { results, origin: origin } }, '*');
  })();
</script></body></html>`

// The host page: frames the proxy, answers its handshake with the app, records what comes back.
const hostPage = (src: string, app: string) => `<!doctype html><html><body><script>
  window.__log = [];
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  iframe.src = ${JSON.stringify(src)};
  window.addEventListener('message', (e) => {
    if (e.source !== iframe.contentWindow) return;
    window.__log.push({ origin: e.origin, data: e.data });
    if (e.data && e.data.method === 'ui/notifications/sandbox-proxy-ready') {
      iframe.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: ${JSON.stringify(app).replace(/</g, '\\u003c')}, sandbox: 'allow-scripts' } }, ${JSON.stringify(new URL(src).origin)});
    }
  });
  document.body.appendChild(iframe);
</script></body></html>`

beforeAll(async () => {
  let hostHtml = ''
  host = await serveFetch(async () => new Response(hostHtml, { headers: { 'content-type': 'text/html' } }))
  intruder = await serveFetch(async () => new Response(hostHtml, { headers: { 'content-type': 'text/html' } }))
  const handler = createSandboxProxyHandler({
    allowedHostOrigins: [host.url],
    hostPolicy: { allowLocalhost: true },
  })
  proxy = await serveFetch(async (request) =>
    new URL(request.url).pathname === '/sandbox' ? handler(request) : new Response('ok', { status: 200 }),
  )
  const declared = `${host.url}/declared`
  const src = buildSandboxProxyUrl(proxyUrl(), { connectDomains: [host.url] })
  hostHtml = hostPage(src, probe(declared, `${intruder.url}/undeclared`))
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await Promise.all([host?.close(), intruder?.close(), proxy?.close()])
})

type Entry = { origin: string; data: { method?: string; params?: Record<string, unknown> } }

describe('sandbox proxy on its own origin (Chromium)', () => {
  it('completes the handshake and the header CSP binds the inner app', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${host.url}/`)
      await page.waitForFunction(() =>
        (window as unknown as { __log: Entry[] }).__log.some((e) => e.data?.method === 'probe/done'),
      )
      const log = await page.evaluate(() => (window as unknown as { __log: Entry[] }).__log)
      expect(log[0]).toEqual({
        origin: proxy.url,
        data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} },
      })
      const done = log.find((e) => e.data.method === 'probe/done')
      // Relayed by the proxy, so the host sees the proxy's origin; the app itself is opaque.
      expect(done?.origin).toBe(proxy.url)
      expect(done?.data.params).toEqual({
        origin: 'null',
        results: { [`${host.url}/declared`]: 'ok', [`${intruder.url}/undeclared`]: 'blocked' },
      })
    } finally {
      await page.close()
    }
  })

  it('refuses to be framed by an origin outside allowedHostOrigins (frame-ancestors)', async () => {
    const page = await browser.newPage()
    const blocked = new Promise<boolean>((resolve) => {
      page.on('console', (message) => {
        if (/frame-ancestors/.test(message.text())) resolve(true)
      })
    })
    try {
      await page.goto(`${intruder.url}/`)
      expect(await blocked).toBe(true)
      const log = await page.evaluate(() => (window as unknown as { __log: Entry[] }).__log)
      expect(log).toEqual([])
    } finally {
      await page.close()
    }
  })
})
