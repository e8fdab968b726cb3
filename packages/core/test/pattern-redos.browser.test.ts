// @module-tag security
/**
 * The browser half of the ReDoS bound, in real Chromium: the form re-validates on every keystroke
 * with the same content validator as the server, so a hostile `pattern` must not freeze the page
 * either. Same hostile patterns and the same timer-lag probe as the Node test.
 */
import { describe, expect, it } from 'vitest'
import { ELICITATION_INPUT_LIMITS } from '../src/elicitation/input-limits'
import type { RequestedSchema } from '../src/elicitation/protocol'
import { validateElicitationContent } from '../src/elicitation/validate-content'
import { HOSTILE_PATTERNS } from './hostile-patterns'
import { steadyTimerLag } from './timer-lag'

const MAX_LAG_MS = 100

describe('hostile patterns in the browser', () => {
  it('each keystroke-sized validation gives its verdict without blocking the page', async () => {
    const lags: string[] = []
    let worst = 0
    for (const hostile of HOSTILE_PATTERNS) {
      const schema = { type: 'object', properties: { f: { type: 'string', pattern: hostile.pattern } } } as RequestedSchema
      for (const [input, matches] of [
        [hostile.input, hostile.matches],
        [hostile.longInput(ELICITATION_INPUT_LIMITS.defaultMaxPatternStringLength), hostile.longInputMatches],
      ] as const) {
        let verdict: boolean | undefined
        const lag = await steadyTimerLag(() => {
          verdict = validateElicitationContent(schema, { f: input }).ok
        })
        expect(verdict, `${hostile.name} x${input.length}`).toBe(matches)
        lags.push(`${hostile.name} x${input.length} ${lag.toFixed(1)} ms`)
        worst = Math.max(worst, lag)
      }
    }
    console.log(`[pattern-redos] Chromium: ${lags.join('; ')}`)
    expect(worst).toBeLessThan(MAX_LAG_MS)
  })
})
