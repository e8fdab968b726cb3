// @module-tag security
/**
 * An app that navigates its own frame (location, <meta http-equiv="refresh">, a link click, reload)
 * must not take the host's messages with it: whatever document replaces the app gets nothing from
 * the host, even when it asks for the handshake again, and the frame is torn down and shows an
 * error. Also: the app's policy grants neither the chat's origin nor the proxy's ('self').
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder, signals } from './fixtures'
import { SELF_NAVIGATIONS } from './self-navigations'

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')
const proxyOrigin = new URL(proxyUrl).origin

afterEach(() => cleanup())

const MODES = [
  { mode: 'srcdoc', sandbox: {} },
  { mode: 'proxy', sandbox: { proxyUrl } },
]

describe('an app frame that navigates itself (Chromium)', () => {
  for (const { mode, sandbox } of MODES) {
    for (const optIn of [false, true]) {
      for (const navigation of SELF_NAVIGATIONS) {
        const label = `${mode} mode, ${navigation.name}${optIn ? ', to a page that accepts the frame policy' : ''}`
        it(`${label}: the new document receives nothing from the host`, async () => {
          const tag = `nav-${mode}-${optIn}-${Math.random().toString(36).slice(2)}`
          const target = `${collector}/navigated?case=${tag}${optIn ? '&opt-in=1' : ''}`
          const seen = signals()
          const rec = recorder()
          try {
            const server = memoryServer({
              html: appHtml(`const app = new App({ name: 'Navigator', version: '1' }, {});
app.ontoolinput = () => { ${navigation.go(target)} };
app.connect();`),
            })
            const content = activity()
            const screen = await render(<McpAppFrame content={content} transport={server.transport} sandbox={sandbox} theme="light" handlers={{ onMessage: rec.onMessage }} />)
            // The host keeps talking while the frame changes documents: results, context changes.
            for (let i = 0; i < 30; i++) {
              await screen.rerender(<McpAppFrame content={content} transport={server.transport} sandbox={sandbox} theme={i % 2 ? 'dark' : 'light'} handlers={{ onMessage: rec.onMessage }} />)
              await new Promise((resolve) => setTimeout(resolve, 30))
            }
            const root = screen.container.querySelector('[data-mcp-hitl-app-frame]')!
            if (mode === 'srcdoc') {
              // The navigation really went out (whether the page got to run before the teardown or not).
              const hits = await (await fetch(`${collector}/__hits?tag=${tag}`)).json()
              expect(hits.length).toBeGreaterThan(0)
              // The frame left its document: torn down, and the user is told.
              await expect.poll(() => root.getAttribute('data-status'), { timeout: 10_000 }).toBe('error')
              expect(root.querySelector('iframe')).toBeNull()
              expect(root.querySelector('[data-part="error-message"]')?.textContent).toMatch(/left its page/)
            }
            if (mode === 'proxy') {
              // The proxy page's frame-src stops the navigation before any request goes out.
              const hits = await (await fetch(`${collector}/__hits?tag=${tag}`)).json()
              expect(hits).toEqual([])
              expect(seen.of('test/navigated', { what: 'arrived' })).toEqual([])
            }
            expect(seen.of('test/navigated', { what: 'received' })).toEqual([])
            // Whatever arrived never spoke to the user through the bridge either.
            expect(rec.other).toEqual([])
          } finally {
            seen.stop()
          }
        })
      }
    }

    it(`${mode} mode, the app reloads itself: torn down, nothing replayed`, async () => {
      const rec = recorder()
      const server = memoryServer({
        html: appHtml(`const app = new App({ name: 'Reloader', version: '1' }, {});
app.ontoolinput = async (input) => { await report('input', input); location.reload(); };
app.connect();`),
      })
      const screen = await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} handlers={{ onMessage: rec.onMessage }} />)
      // The frame's root appears once the (lazy) frame goes live.
      await expect.poll(() => screen.container.querySelector('[data-mcp-hitl-app-frame]')).toBeTruthy()
      const root = screen.container.querySelector('[data-mcp-hitl-app-frame]')!
      await expect.poll(() => root.getAttribute('data-status'), { timeout: 10_000 }).toBe('error')
      await new Promise((resolve) => setTimeout(resolve, 300))
      // The first document got its input once; the reloaded one never got a second handshake.
      expect(rec.find('input')).toHaveLength(1)
      expect(root.querySelector('iframe')).toBeNull()
    })
  }
})

describe('after a navigation, Retry (Chromium)', () => {
  it('loads the app again in a fresh frame that works', async () => {
    const rec = recorder()
    const navigating = memoryServer({
      html: appHtml(`const app = new App({ name: 'Once', version: '1' }, {});
app.ontoolinput = () => { location.href = ${JSON.stringify(`${collector}/navigated?case=retry`)}; };
app.connect();`),
    })
    const working = memoryServer({ html: appHtml(`const app = new App({ name: 'Fine', version: '1' }, {});
app.ontoolinput = (input) => report('input', input);
app.connect();`) })
    // The first read serves the app that navigates away, every later read the one that works.
    let reads = 0
    const transport = {
      request: (request: Parameters<typeof working.transport.request>[0], init?: Parameters<typeof working.transport.request>[1]) =>
        request.method === 'resources/read' && reads++ === 0 ? navigating.transport.request(request, init) : working.transport.request(request, init),
    }
    const screen = await render(<McpAppFrame content={activity()} transport={transport} handlers={{ onMessage: rec.onMessage }} />)
    await expect.poll(() => screen.container.querySelector('[data-mcp-hitl-app-frame]')).toBeTruthy()
    const root = screen.container.querySelector('[data-mcp-hitl-app-frame]')!
    await expect.poll(() => root.getAttribute('data-status'), { timeout: 10_000 }).toBe('error')
    await screen.getByRole('button', { name: 'Retry' }).click()
    await rec.waitFor('input')
    expect(root.getAttribute('data-status')).toBe('ready')
    expect(root.querySelectorAll('iframe')).toHaveLength(1)
  })
})

describe("the app's policy grants no origin it did not declare, 'self' included (Chromium)", () => {
  for (const { mode, sandbox } of MODES) {
    it(`${mode} mode: images, styles, scripts and fetches from the chat's origin and the proxy's are blocked`, async () => {
      const rec = recorder()
      const origins = [location.origin, proxyOrigin]
      const server = memoryServer({
        html: appHtml(`const app = new App({ name: 'Self', version: '1' }, {});
app.ontoolresult = async () => {
  const violations = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  const results = {};
  for (const origin of ${JSON.stringify(origins)}) {
    const img = new Image(); img.src = origin + '/favicon.ico?self-img'; document.body.appendChild(img);
    const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = origin + '/self.css'; document.head.appendChild(link);
    const script = document.createElement('script'); script.src = origin + '/self.js'; document.head.appendChild(script);
    try { await fetch(origin + '/?self-fetch', { mode: 'no-cors' }); results[origin] = 'fetched'; } catch (e) { results[origin] = 'blocked'; }
  }
  await new Promise((r) => setTimeout(r, 300));
  report('self', { results, violations });
};
app.connect();`),
      })
      await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} handlers={{ onMessage: rec.onMessage }} />)
      await rec.waitFor('self')
      const { results, violations } = rec.find('self')[0]!.data as { results: Record<string, string>; violations: { directive: string; blocked: string }[] }
      for (const origin of origins) {
        expect(results[origin], origin).toBe('blocked')
        const blocked = violations.filter((v) => v.blocked.startsWith(origin)).map((v) => v.directive)
        expect(blocked, origin).toEqual(expect.arrayContaining(['img-src', 'style-src-elem', 'script-src-elem', 'connect-src']))
      }
    })
  }
})
