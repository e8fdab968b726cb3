/**
 * The kit's policy is in force before the app's first byte: every markup case of the Chromium
 * CSP-bypass suite, in both sandbox modes, each trying 13 request channels while parsing, at load and
 * later. The collector on another port must receive nothing, and every app's own script must run.
 * The cases of one mode run side by side (25 frames at a time) and each case is its own test.
 */
import { describe, expect } from 'vitest'
import { cspBypassCases } from '../../packages/react/test/apps/csp-bypass-cases'
import { collected, exfiltrationScript } from '../../packages/react/test/apps/fixtures'
import { pollWhileProgressing, type SuiteContext, settle, signals } from '../suite-context'

const CHUNK = 25

export function cspFirstSuite(ctx: SuiteContext) {
  describe("the kit's CSP is in force before the app's first byte", () => {
    const id = `${ctx.engine}-${Date.now().toString(36)}`
    const cases = cspBypassCases(ctx.collector)
    for (const { mode, proxyUrl } of ctx.modes) {
      const tagOf = (index: number) => `xb-csp-${id}-${mode}-${index}`
      let batch: Promise<Set<string>> | undefined
      // Every case of the mode at once; the first test to need the outcome starts it.
      const runAll = async (): Promise<Set<string>> => {
        const session = await ctx.page()
        const ran = new Set<string>()
        for (let start = 0; start < cases.length; start += CHUNK) {
          const chunk = cases.slice(start, start + CHUNK).map((testCase, offset) => ({ testCase, tag: tagOf(start + offset) }))
          const specs = chunk.map(({ testCase, tag }) => ({ html: testCase.html(exfiltrationScript(ctx.collector, tag)).replaceAll('BASE_TAG', tag), proxyUrl, eager: true }))
          const keys = await session.call<string[]>('mountFrames', specs)
          const wanted = chunk.map((c) => c.tag)
          // As long as frames keep loading and cases keep reporting: on a busy machine a batch of 25
          // frames (behind the proxy, 25 page loads first) takes longer than any fixed bound, yet a
          // case that stopped still fails.
          const { tags: seen } = await pollWhileProgressing(
            async () => ({
              tags: new Set((await signals(session, 'test/ran')).map((s) => String(s.params.case))),
              loads: await session.call<number>('iframeLoadCount'),
            }),
            ({ tags }) => wanted.every((tag) => tags.has(tag)),
            ({ tags, loads }) => loads + wanted.filter((tag) => tags.has(tag)).length,
            20_000,
          )
          for (const tag of wanted) if (seen.has(tag)) ran.add(tag)
          // Past the load and timer phases of each script.
          await settle(250)
          for (const key of keys) await session.call('unmountFrame', key)
        }
        return ran
      }
      const outcome = () => {
        batch ??= runAll()
        return batch
      }

      ctx.record.test('csp-first', mode, 'the collector is reachable: a request from the test page itself is counted', async () => {
        const session = await ctx.page()
        const tag = `xb-csp-${id}-control-${mode}`
        await session.call('pageFetch', `${ctx.collector}/x?case=${tag}`)
        expect(await collected(ctx.collector, tag)).toHaveLength(1)
      })
      cases.forEach((testCase, index) => {
        ctx.record.test('csp-first', mode, `${testCase.name}: nothing reaches the collector, and the app's script runs`, async () => {
          const ran = await outcome()
          expect(ran.has(tagOf(index)), 'the app script posted test/ran').toBe(true)
          expect(await collected(ctx.collector, tagOf(index))).toEqual([])
        }, 120_000)
      })
      ctx.record.test('csp-first', mode, 'nothing arrives late from any case (timers, load handlers)', async () => {
        await outcome()
        await settle(300)
        expect(await collected(ctx.collector, `xb-csp-${id}-${mode}-`)).toEqual([])
      }, 120_000)
    }
  })
}
