/**
 * An app that navigates its own frame (location, meta refresh, a link, `window.open(url, '_self')`,
 * reload), with the host talking all the while: whatever document replaces the app gets nothing from
 * the host, the frame is torn down and shows an error. In srcdoc mode the request itself leaves (no
 * engine can stop a frame from navigating itself; Chromium's `csp` attribute only stops the page from
 * loading); behind the proxy its `frame-src` refuses it before any request goes out.
 */
import { describe, expect } from 'vitest'
import { appHtml, collected } from '../../packages/react/test/apps/fixtures'
import { SELF_NAVIGATIONS } from '../../packages/react/test/apps/self-navigations'
import type { FrameLog } from '../page/frame-commands'
import { mountFrame, pollUntil, type SuiteContext, settle, signals, waitForReport } from '../suite-context'

type State = { status: string | null; iframes: number; error: string | null }

export function navigationSuite(ctx: SuiteContext) {
  describe('an app frame that navigates itself', () => {
    for (const { mode, proxyUrl } of ctx.modes) {
      for (const optIn of [false, true]) {
        for (const navigation of SELF_NAVIGATIONS) {
          const label = `${navigation.name}${optIn ? ', to a page that accepts the frame policy' : ''}: the new document receives nothing from the host`
          ctx.record.test('navigation', mode, label, async () => {
            const session = await ctx.page()
            const tag = `xb-nav-${ctx.engine}-${mode}-${optIn}-${Math.random().toString(36).slice(2)}`
            const target = `${ctx.collector}/navigated?case=${tag}${optIn ? '&opt-in=1' : ''}`
            const key = await mountFrame(session, {
              proxyUrl,
              theme: 'light',
              html: appHtml(`const app = new App({ name: 'Navigator', version: '1' }, {});
app.ontoolinput = () => { ${navigation.go(target)} };
app.connect();`),
            })
            // The host keeps talking while the frame changes documents: context changes.
            await pollUntil(() => session.call<FrameLog>('frameLog', key), (log) => log.requests.length > 0)
            await session.call('churnTheme', key, 12, 30)
            if (mode === 'srcdoc') {
              // The navigation really went out (whether the page got to run before the teardown or not).
              expect((await collected(ctx.collector, tag)).length).toBeGreaterThan(0)
              const state = await pollUntil(() => session.call<State>('frameState', key), (s) => s.status === 'error', 10_000)
              expect(state).toMatchObject({ status: 'error', iframes: 0 })
              expect(state.error).toMatch(/left its page/)
              const arrived = await signals(session, 'test/navigated', { what: 'arrived' })
              if (arrived.length) ctx.record.note('navigation', 'srcdoc', 'the page the app navigated to loads and runs before the teardown (only Chromium enforces the iframe `csp` attribute, which stops it from loading); it receives nothing from the host')
            } else {
              await settle(300)
              expect(await collected(ctx.collector, tag)).toEqual([])
              expect(await signals(session, 'test/navigated', { what: 'arrived' })).toEqual([])
            }
            expect(await signals(session, 'test/navigated', { what: 'received' })).toEqual([])
            expect((await session.call<FrameLog>('frameLog', key)).other).toEqual([])
          }, 60_000)
        }
      }

      ctx.record.test('navigation', mode, 'the app reloads itself: torn down, nothing replayed', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, {
          proxyUrl,
          html: appHtml(`const app = new App({ name: 'Reloader', version: '1' }, {});
app.ontoolinput = async (input) => { await report('input', input); location.reload(); };
app.connect();`),
        })
        await waitForReport(session, key, 'input')
        const state = await pollUntil(() => session.call<State>('frameState', key), (s) => s.status === 'error', 10_000)
        expect(state).toMatchObject({ status: 'error', iframes: 0 })
        await settle(300)
        expect((await session.call<FrameLog>('frameLog', key)).reports.filter((r) => r.kind === 'input')).toHaveLength(1)
      }, 60_000)
    }
  })
}
