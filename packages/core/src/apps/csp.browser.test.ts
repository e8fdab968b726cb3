// @module-tag security
/**
 * Real Chromium: an app in a `sandbox="allow-scripts"` srcdoc iframe with the injected CSP meta
 * cannot reach what it did not declare, and can use what it did. Also the double-iframe sandbox
 * proxy page: handshake, relay both ways, CSP inherited by the inner app.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { resolveAppCsp } from './csp'
import type { McpUiResourceCsp } from './protocol'
import { buildAppDocument } from './app-document'
import { buildSandboxAttribute } from './sandbox'
import { buildSandboxProxyPage } from './sandbox-proxy-page'
import { SANDBOX_PROXY_READY_METHOD, SANDBOX_RESOURCE_READY_METHOD } from './sandbox-proxy-protocol'

const HOST = window.location.origin
// Same server under another name: a distinct origin the app never declared.
const OTHER = HOST.includes('localhost') ? HOST.replace('localhost', '127.0.0.1') : HOST.replace('127.0.0.1', 'localhost')
const frames: HTMLIFrameElement[] = []

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove()
})

type Report = { type: string; [key: string]: unknown }

/** Mounts a sandboxed srcdoc iframe and collects what its window posts to us. */
function mount(html: string, sandbox = buildSandboxAttribute()) {
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', sandbox)
  const reports: Report[] = []
  const waiters: { type: string; resolve: (r: Report) => void }[] = []
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return
    const report = event.data as Report
    reports.push(report)
    for (const w of waiters.splice(0)) {
      if (w.type === report.type || w.type === (report as { method?: string }).method) w.resolve(report)
      else waiters.push(w)
    }
  }
  window.addEventListener('message', onMessage)
  iframe.srcdoc = html
  document.body.appendChild(iframe)
  frames.push(iframe)
  const next = (type: string) =>
    new Promise<Report>((resolve, reject) => {
      const found = reports.find((r) => r.type === type || (r as { method?: string }).method === type)
      if (found) return resolve(found)
      waiters.push({ type, resolve })
      setTimeout(() => reject(new Error(`no "${type}" message`)), 10_000)
    })
  return { iframe, reports, next }
}

// The app: tries each URL with fetch (no-cors, so only CSP or the network can stop it), tries eval,
// and reports CSP violations it observes.
const probe = (urls: string[]) => `<!doctype html><html><head><title>probe</title></head><body><script>
  const violations = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push({ blocked: e.blockedURI, directive: e.effectiveDirective }));
  (async () => {
    const results = {};
    for (const url of ${JSON.stringify(urls)}) {
      try { await fetch(url, { mode: 'no-cors', cache: 'no-store' }); results[url] = 'ok'; } catch (e) { results[url] = 'blocked'; }
    }
    let evalResult = 'ok';
    try { eval('1 + 1'); } catch (e) { evalResult = 'blocked'; }
    await new Promise((r) => setTimeout(r, 50));
    parent.postMessage({ type: 'done', results, evalResult, violations }, '*');
  })();
</script></body></html>`

function app(csp: McpUiResourceCsp | undefined, urls: string[]) {
  return buildAppDocument(probe(urls), { csp: resolveAppCsp(csp, { allowLocalhost: true }).policy, parentOrigin: HOST })
}

describe('CSP meta in a sandboxed srcdoc iframe (Chromium)', () => {
  it('blocks fetch to an undeclared origin and reports the violation; allows the declared one', async () => {
    const declared = `${HOST}/favicon.ico?declared`
    const undeclared = `${OTHER}/favicon.ico?undeclared`
    const { next } = mount(app({ connectDomains: [HOST] }, [declared, undeclared]))
    const done = (await next('done')) as unknown as {
      results: Record<string, string>
      violations: { blocked: string; directive: string }[]
    }
    expect(done.results[declared]).toBe('ok')
    expect(done.results[undeclared]).toBe('blocked')
    expect(done.violations).toContainEqual({ blocked: undeclared, directive: 'connect-src' })
    expect(done.violations.some((v) => v.blocked.startsWith(HOST))).toBe(false)
  })

  it('without metadata, blocks every fetch, even to the host origin, and eval', async () => {
    const url = `${HOST}/favicon.ico?default`
    const { next } = mount(app(undefined, [url]))
    const done = (await next('done')) as unknown as { results: Record<string, string>; evalResult: string }
    expect(done.results[url]).toBe('blocked')
    expect(done.evalResult).toBe('blocked')
  })

  it('a domain smuggling CSP syntax is dropped, so the policy stays closed', async () => {
    const url = `${OTHER}/favicon.ico?smuggled`
    const { next } = mount(app({ connectDomains: [`${HOST}; connect-src *`, '*'] }, [url]))
    const done = (await next('done')) as unknown as { results: Record<string, string> }
    expect(done.results[url]).toBe('blocked')
  })

  it('runs the app without the host origin: no access to the parent DOM or storage', async () => {
    const html = buildAppDocument(
      `<script>
        const out = {};
        try { out.dom = parent.document.title; } catch (e) { out.dom = 'blocked'; }
        try { out.storage = localStorage.length; } catch (e) { out.storage = 'blocked'; }
        try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked'; }
        parent.postMessage({ type: 'done', out, origin: origin }, '*');
      </script>`,
      { csp: resolveAppCsp(undefined).policy, parentOrigin: HOST },
    )
    const { next } = mount(html)
    const done = (await next('done')) as unknown as { out: Record<string, unknown>; origin: string }
    expect(done.out).toEqual({ dom: 'blocked', storage: 'blocked', cookie: 'blocked' })
    expect(done.origin).toBe('null')
  })
})

describe('sandbox proxy page (double iframe) in Chromium', () => {
  // The proxy is served from its own origin in production; an opaque-origin srcdoc stands in for it
  // here, with the app CSP as a <meta> where the handler would send the header.
  function mountProxy(csp: McpUiResourceCsp | undefined, allowed = [HOST]) {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${resolveAppCsp(csp, { allowLocalhost: true }).policy.replace(/'/g, '&#39;')}">`
    const page = buildSandboxProxyPage({ allowedHostOrigins: allowed }).replace('<head>', `<head>${meta}`)
    return mount(page, 'allow-scripts')
  }

  it('announces sandbox-proxy-ready, loads the app, and relays messages both ways', async () => {
    const proxy = mountProxy(undefined)
    expect(await proxy.next(SANDBOX_PROXY_READY_METHOD)).toEqual({
      jsonrpc: '2.0',
      method: SANDBOX_PROXY_READY_METHOD,
      params: {},
    })
    const html = `<script>
      window.addEventListener('message', (e) => {
        if (e.source !== parent) return;
        parent.postMessage({ jsonrpc: '2.0', id: e.data.id, result: { echo: e.data.params } }, '*');
      });
      parent.postMessage({ jsonrpc: '2.0', method: '${SANDBOX_PROXY_READY_METHOD}', params: { forged: true } }, '*');
      parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: { inner: origin } }, '*');
    </script>`
    proxy.iframe.contentWindow?.postMessage(
      { jsonrpc: '2.0', method: SANDBOX_RESOURCE_READY_METHOD, params: { html, sandbox: 'allow-scripts allow-same-origin' } },
      '*',
    )
    const initialized = await proxy.next('ui/notifications/initialized')
    expect(initialized.params).toEqual({ inner: 'null' })
    proxy.iframe.contentWindow?.postMessage({ jsonrpc: '2.0', id: 7, method: 'ui/notifications/tool-input', params: { a: 1 } }, '*')
    await expect.poll(() => proxy.reports.find((r) => r.id === 7)).toEqual({ jsonrpc: '2.0', id: 7, result: { echo: { a: 1 } } })
    // The app's forged proxy handshake never reached the host.
    expect(proxy.reports.filter((r) => r.method === SANDBOX_PROXY_READY_METHOD)).toHaveLength(1)
  })

  it('the inner app inherits the proxy policy: undeclared origins stay blocked', async () => {
    const proxy = mountProxy({ connectDomains: [HOST] })
    await proxy.next(SANDBOX_PROXY_READY_METHOD)
    const declared = `${HOST}/favicon.ico?proxy-declared`
    const undeclared = `${OTHER}/favicon.ico?proxy-undeclared`
    proxy.iframe.contentWindow?.postMessage(
      { jsonrpc: '2.0', method: SANDBOX_RESOURCE_READY_METHOD, params: { html: probe([declared, undeclared]) } },
      '*',
    )
    const done = (await proxy.next('done')) as unknown as { results: Record<string, string> }
    expect(done.results).toEqual({ [declared]: 'ok', [undeclared]: 'blocked' })
  })

  it('stays silent when embedded by an origin it does not allow', async () => {
    const proxy = mountProxy(undefined, ['https://chat.example.com'])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(proxy.reports).toEqual([])
  })
})
