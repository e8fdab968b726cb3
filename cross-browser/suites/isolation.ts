/**
 * A hostile app in either sandbox mode, after a complete handshake: what it can read (no host
 * origin: parent DOM, cookies, storage), where it can go (no top navigation, no popups, no undeclared
 * origin, not even the chat's or the proxy's own), who it can fool (messages from other windows are
 * ignored, methods outside the allowlist get -32601), and, behind the proxy, that the proxy obeys only
 * its host. The same attacks as the Chromium suites (attacks, navigation), through the real App.
 */
import { describe, expect } from 'vitest'
import { appHtml, collected } from '../../packages/react/test/apps/fixtures'
import { mountFrame, pollUntil, type SuiteContext, settle, signals, waitForReport } from '../suite-context'

// Each attack runs once the app has its result, i.e. after a complete, legitimate handshake.
function hostile(body: string): string {
  return appHtml(`const app = new App({ name: 'Hostile', version: '1' }, {});
app.ontoolresult = async () => { ${body} };
app.connect();`)
}

type Probe = { ok: boolean; value?: string; error?: string }

export function isolationSuite(ctx: SuiteContext) {
  describe('a hostile app in its frame', () => {
    for (const { mode, proxyUrl } of ctx.modes) {
      ctx.record.test('opaque-origin', mode, 'cannot read the parent DOM, cookies or storage: its origin is opaque', async () => {
        const session = await ctx.page()
        await session.call('plantSecrets')
        const key = await mountFrame(session, {
          proxyUrl,
          html: hostile(`
const attempt = (fn) => { try { return { ok: true, value: String(fn()) }; } catch (e) { return { ok: false, error: e.name }; } };
report('probe', {
  parentDom: attempt(() => window.parent.document.body.innerHTML),
  topDom: attempt(() => window.top.document.body.innerHTML),
  topCookie: attempt(() => window.top.document.cookie),
  parentStorage: attempt(() => window.parent.localStorage.getItem('secret')),
  topStorage: attempt(() => window.top.localStorage.getItem('secret')),
  cookie: attempt(() => document.cookie),
  localStorage: attempt(() => localStorage.getItem('secret')),
  sessionStorage: attempt(() => sessionStorage.length),
  indexedDB: attempt(() => indexedDB.open('x') && 'opened'),
  origin: window.origin,
});`),
        })
        const log = await waitForReport(session, key, 'probe')
        const probe = log.reports.find((r) => r.kind === 'probe')!.data as Record<string, Probe | string>
        expect(probe.origin).toBe('null')
        // Reaching across origins always throws; the app's own storage and cookie either throw or
        // are empty: what each engine does is noted in the matrix.
        for (const key of ['parentDom', 'topDom', 'topCookie', 'parentStorage', 'topStorage']) expect(probe[key], key).toMatchObject({ ok: false, error: 'SecurityError' })
        for (const key of ['cookie', 'localStorage', 'sessionStorage', 'indexedDB']) {
          const result = probe[key] as Probe
          if (result.ok) {
            expect(['', 'null', '0'], `${key} read ${result.value}`).toContain(result.value)
            ctx.record.note('opaque-origin', mode, `${key} does not throw in the app's opaque origin; it reads ${JSON.stringify(result.value)} (the host's value stays out of reach)`)
          } else expect(result.error, key).toBe('SecurityError')
        }
        expect(JSON.stringify(log)).not.toContain('s3cret')
      })

      ctx.record.test('no-top-navigation', mode, 'cannot navigate the top window or open popups', async () => {
        const session = await ctx.page()
        const before = await session.call<string>('pageLocation')
        const key = await mountFrame(session, {
          proxyUrl,
          html: hostile(`
let navigation;
try { window.top.location.href = 'https://evil.example/phish'; navigation = 'no exception'; } catch (e) { navigation = e.name; }
let assign;
try { window.parent.location.assign('https://evil.example/phish'); assign = 'no exception'; } catch (e) { assign = e.name; }
let popup;
try { popup = window.open('https://evil.example/popup') === null ? 'blocked' : 'opened'; } catch (e) { popup = 'blocked (' + e.name + ')'; }
await new Promise((r) => setTimeout(r, 100));
report('navigation', { navigation, assign, popup });`),
        })
        const log = await waitForReport(session, key, 'navigation')
        const outcome = log.reports.find((r) => r.kind === 'navigation')?.data as { popup: string }
        expect(outcome.popup).toMatch(/^blocked/)
        if (outcome.popup !== 'blocked') ctx.record.note('no-top-navigation', mode, `window.open throws (${outcome.popup.slice(9, -1)}) instead of returning null`)
        await settle(300)
        expect(await session.call<string>('pageLocation')).toBe(before)
        expect(await session.call('ready')).toBe(true)
      })

      ctx.record.test('undeclared', mode, 'cannot fetch, load or open a socket to an undeclared origin', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, {
          proxyUrl,
          meta: { csp: { connectDomains: ['https://api.allowed.example'] } },
          html: hostile(`const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
let fetched;
try { await fetch(${JSON.stringify(`${ctx.collector}/x?case=xb-undeclared-${ctx.engine}-${mode}`)}); fetched = 'fetched'; } catch (e) { fetched = e.name; }
const img = new Image(); img.src = ${JSON.stringify(`${ctx.collector}/x?case=xb-undeclared-${ctx.engine}-${mode}&via=img`)}; document.body.appendChild(img);
let socket;
try { new WebSocket(${JSON.stringify(`${ctx.collector.replace('http', 'ws')}/x?case=xb-undeclared-${ctx.engine}-${mode}&via=ws`)}); socket = 'created'; } catch (e) { socket = e.name; }
await new Promise((r) => setTimeout(r, 300));
report('csp', { fetched, socket, violations });`),
        })
        const log = await waitForReport(session, key, 'csp')
        const result = log.reports.find((r) => r.kind === 'csp')?.data as { fetched: string; violations: { directive: string; blocked: string }[] }
        expect(result.fetched).toBe('TypeError')
        const directives = result.violations.filter((v) => v.blocked.includes(new URL(ctx.collector).host)).map((v) => v.directive)
        expect(directives).toEqual(expect.arrayContaining(['connect-src', 'img-src']))
        expect(await collected(ctx.collector, `xb-undeclared-${ctx.engine}-${mode}`)).toEqual([])
      })

      ctx.record.test('undeclared', mode, "images, styles, scripts and fetches from the chat's origin and the proxy's are blocked (no 'self')", async () => {
        const session = await ctx.page()
        const origins = [new URL(ctx.pageUrl).origin, new URL(ctx.proxyUrl).origin]
        const key = await mountFrame(session, {
          proxyUrl,
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
        const log = await waitForReport(session, key, 'self')
        const { results, violations } = log.reports.find((r) => r.kind === 'self')!.data as { results: Record<string, string>; violations: { directive: string; blocked: string }[] }
        for (const origin of origins) {
          expect(results[origin], origin).toBe('blocked')
          const blocked = violations.filter((v) => v.blocked.startsWith(origin)).map((v) => v.directive)
          // Engines name the element directives differently (style-src-elem or style-src); each kind of load must be refused.
          for (const kind of ['img-src', 'style-src', 'script-src', 'connect-src']) {
            expect(blocked.some((d) => d.startsWith(kind)), `${origin}: ${kind} in ${JSON.stringify(blocked)}`).toBe(true)
          }
        }
      })

      ctx.record.test('foreign-messages', mode, 'ignores JSON-RPC messages posted from another window', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, { proxyUrl, html: hostile(`report('ready', {});`) })
        const before = await waitForReport(session, key, 'ready')
        await session.call('forgeFromOtherWindows')
        await settle(100)
        const after = await session.call<typeof before>('frameLog', key)
        expect(after.other).toEqual([])
        expect(after.requests).toEqual(before.requests)
        expect(after.links).toEqual([])
      })

      ctx.record.test('foreign-messages', mode, 'gets method-not-found for every method outside the allowlist', async () => {
        const session = await ctx.page()
        const methods = ['tools/list', 'resources/subscribe', 'sampling/createMessage', 'elicitation/create', 'ui/download-file', 'completion/complete', '__proto__', 'constructor']
        const key = await mountFrame(session, {
          proxyUrl,
          downloads: false,
          html: hostile(`const answers = [];
for (const method of ${JSON.stringify(methods)}) answers.push([method, await rawRequest(method, {})]);
report('answers', answers);`),
        })
        const log = await waitForReport(session, key, 'answers')
        const answers = log.reports.find((r) => r.kind === 'answers')?.data as [string, { error?: { code: number } }][]
        expect(answers.map(([method, answer]) => [method, answer.error?.code])).toEqual(methods.map((method) => [method, -32601]))
        expect(log.requests).toEqual(['resources/read'])
      })
    }

    ctx.record.test('proxy-obeys-host', 'proxy', 'the app cannot make its sandbox proxy load other HTML', async () => {
      const session = await ctx.page()
      const takeover = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<script>parent.postMessage({ jsonrpc: "2.0", method: "test/taken-over", params: {} }, "*")<\\/script>' } }
      const key = await mountFrame(session, {
        proxyUrl: ctx.proxyUrl,
        html: hostile(`const takeover = ${JSON.stringify(takeover)};
for (const w of [parent, parent.parent, top]) { try { w.postMessage(takeover, '*'); } catch (e) {} }
await new Promise((r) => setTimeout(r, 300));
report('still-here', { ok: true });`),
      })
      await waitForReport(session, key, 'still-here')
      await settle(200)
      expect(await signals(session, 'test/taken-over')).toEqual([])
      const state = await pollUntil(() => session.call<{ status: string; iframes: number }>('frameState', key), (s) => s.status === 'ready')
      expect(state).toMatchObject({ status: 'ready', iframes: 1 })
    })
  })
}
