/**
 * The host side of the MCP Apps protocol against the real ext-apps App, in either mode: the
 * handshake comes first and the tool input and result follow once each, in order; the frame follows
 * the app's height without a loop; a theme change arrives once as host-context-changed; teardown
 * reaches the app before its frame goes.
 */
import { describe, expect } from 'vitest'
import { appHtml } from '../../packages/react/test/apps/fixtures'
import type { FrameLog } from '../page/frame-commands'
import { mountFrame, pollUntil, type SuiteContext, settle, waitForReport } from '../suite-context'

// A view that reports every host-to-view event it receives, in order, and whether the handshake
// had completed (the App knows the host context) when the tool input came.
const PROBE = `
const app = new App({ name: 'ProbeView', version: '1.0.0' }, {});
app.ontoolinput = (p) => report('tool-input', { p, handshakeDone: app.getHostContext() !== undefined });
app.ontoolresult = (p) => report('tool-result', p);
app.onhostcontextchanged = (p) => report('host-context-changed', p);
app.onteardown = async () => { await report('teardown', {}); return {}; };
app.connect().then(() => report('connected', app.getHostContext()));`

// Sizes settle within a few animation frames: the height once it has not changed for a while.
async function settledHeight(read: () => Promise<string | null>): Promise<string | null> {
  let last: string | null = null
  let same = 0
  const deadline = Date.now() + 15_000
  while (same < 5 && Date.now() < deadline) {
    const now = await read()
    same = now === last ? same + 1 : 0
    last = now
    await settle(100)
  }
  return last
}

export function hostBridgeSuite(ctx: SuiteContext) {
  describe('the host bridge with the real ext-apps App', () => {
    for (const { mode, proxyUrl } of ctx.modes) {
      ctx.record.test('bridge-handshake', mode, 'handshakes first, then sends tool-input and tool-result once each, in order', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, { proxyUrl, theme: 'light', html: appHtml(PROBE) })
        const log = await waitForReport(session, key, 'tool-result')
        await waitForReport(session, key, 'connected')
        const kinds = log.reports.map((r) => r.kind)
        expect(log.reports.filter((r) => r.kind === 'tool-input')).toEqual([{ kind: 'tool-input', data: { p: { arguments: { city: 'Paris' } }, handshakeDone: true } }])
        expect(log.reports.filter((r) => r.kind === 'tool-result')).toEqual([{ kind: 'tool-result', data: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { temp: 21 } } }])
        expect(kinds.indexOf('tool-input')).toBeLessThan(kinds.indexOf('tool-result'))
        const connected = (await session.call<FrameLog>('frameLog', key)).reports.find((r) => r.kind === 'connected')?.data
        expect(connected).toMatchObject({ theme: 'light', platform: 'web', displayMode: 'inline' })
        expect(log.requests[0]).toBe('resources/read')
      })

      ctx.record.test('bridge-theme', mode, 'a theme change reaches the app once, as host-context-changed with the changed key only', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, { proxyUrl, theme: 'light', html: appHtml(PROBE) })
        await waitForReport(session, key, 'tool-result')
        await session.call('updateFrame', key, { theme: 'dark' })
        const log = await waitForReport(session, key, 'host-context-changed')
        await settle(300)
        const after = await session.call<FrameLog>('frameLog', key)
        expect(after.reports.filter((r) => r.kind === 'host-context-changed')).toEqual([{ kind: 'host-context-changed', data: { theme: 'dark' } }])
        // Nothing was replayed with it.
        expect(after.reports.filter((r) => r.kind === 'tool-input')).toHaveLength(1)
        expect(log.reports.filter((r) => r.kind === 'tool-result')).toHaveLength(1)
      })

      ctx.record.test('bridge-resize', mode, 'follows the reported height, up to maxHeight', async () => {
        const session = await ctx.page()
        const view = (height: number) =>
          appHtml(`document.getElementById('root').style.height = '${height}px';
const app = new App({ name: 'Tall', version: '1' }, {}, { autoResize: true });
app.connect();`)
        const small = await mountFrame(session, { proxyUrl, html: view(240) })
        expect(await settledHeight(async () => (await session.call<{ height: string | null }>('frameState', small)).height)).toBe('240px')
        await session.call('unmountFrame', small)
        const tall = await mountFrame(session, { proxyUrl, html: view(5000), sizing: { maxHeight: 300 } })
        expect(await settledHeight(async () => (await session.call<{ height: string | null }>('frameState', tall)).height)).toBe('300px')
      }, 60_000)

      ctx.record.test('bridge-resize', mode, 'an app that grows with its frame (a header above 100vh) stops long before the cap: no resize loop', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, {
          proxyUrl,
          sizing: { maxHeight: 5000 },
          html: appHtml(`const style = document.createElement('style'); style.textContent = 'header{height:40px}#graph{height:100vh}'; document.head.appendChild(style);
document.getElementById('root').innerHTML = '<header>Wiki</header><div id="graph"></div>';
const app = new App({ name: 'Sized', version: '1' }, {}, { autoResize: true });
app.connect();`),
        })
        const height = Number.parseInt((await settledHeight(async () => (await session.call<{ height: string | null }>('frameState', key)).height)) ?? '0', 10)
        expect(height).toBeGreaterThanOrEqual(320)
        expect(height).toBeLessThanOrEqual(320 + 3 * 40)
      }, 60_000)

      ctx.record.test('bridge-teardown', mode, 'sends ui/resource-teardown before removing the iframe (where the engine can move an iframe without reloading it)', async () => {
        const session = await ctx.page()
        const key = await mountFrame(session, { proxyUrl, html: appHtml(PROBE) })
        await waitForReport(session, key, 'tool-result')
        expect((await session.call<FrameLog>('frameLog', key)).reports.filter((r) => r.kind === 'teardown')).toHaveLength(0)
        const canMove = await session.call<boolean>('canMoveIframes')
        await session.call('unmountFrame', key)
        if (canMove) await waitForReport(session, key, 'teardown')
        else {
          // The kit parks an unmounting frame with moveBefore while the app tears down; without it
          // React's removal of the frame's element takes the iframe with it, and nothing can reach it.
          await settle(800)
          expect((await session.call<FrameLog>('frameLog', key)).reports.filter((r) => r.kind === 'teardown')).toEqual([])
          ctx.record.gap('bridge-teardown', mode, 'no Element.moveBefore in this engine: when the frame unmounts, the iframe goes with its element at once and the app gets no ui/resource-teardown (the kit skips the wait)')
        }
        expect(await pollUntil(() => session.call<number>('iframeCount'), (n) => n === 0)).toBe(0)
      })
    }
  })
}
