/**
 * Two app frames on one page, in either mode: the hostile one forges a tool result (and a proxy
 * takeover) to every window it can name; the victim's App sees only its host's result, even its
 * careless listener sees no forgery, and no proxy loads anyone else's HTML.
 */
import { describe, expect } from 'vitest'
import { HOSTILE_SIBLING, VICTIM_SIBLING, type VictimReport } from '../../packages/react/test/apps/sibling-apps'
import { mountFrame, type SuiteContext, signals, waitForReport } from '../suite-context'

export function siblingsSuite(ctx: SuiteContext) {
  describe('sibling app frames', () => {
    for (const { mode, proxyUrl } of ctx.modes) {
      ctx.record.test('siblings', mode, "a sibling's forged messages never reach the other app, and no proxy obeys it", async () => {
        const session = await ctx.page()
        const victim = await mountFrame(session, { proxyUrl, html: VICTIM_SIBLING })
        const hostile = await mountFrame(session, { proxyUrl, html: HOSTILE_SIBLING })
        const sent = (await waitForReport(session, hostile, 'sent', 1, 20_000)).reports.find((r) => r.kind === 'sent')!.data as { targets: number; sent: number }
        expect(sent.sent).toBeGreaterThan(0)
        const report = (await waitForReport(session, victim, 'victim', 1, 20_000)).reports.find((r) => r.kind === 'victim')!.data as VictimReport
        expect(report.results).toEqual(['sunny'])
        const fromHost = report.seen.filter((m) => m.fromParent)
        expect(fromHost.map((m) => m.text)).toEqual(['sunny'])
        expect(fromHost.every((m) => m.origin !== 'null')).toBe(true)
        expect(report.seen.filter((m) => !m.fromParent)).toEqual([])
        expect(await signals(session, 'test/taken-over')).toEqual([])
      }, 60_000)
    }
  })
}
