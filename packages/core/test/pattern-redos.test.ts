// @module-tag security
/**
 * A server's `pattern` must never freeze the backend. Classic ReDoS patterns, answered by a hostile
 * user through the real respond handler, while a 1 ms interval measures how late the event loop
 * lets it fire. With a backtracking engine the first of these blocked for seconds (3.6 s was
 * reported for `^(a+)+$` and 28 characters); here every answer gets its verdict with the loop free.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ELICITATION_INPUT_LIMITS } from '../src/elicitation/input-limits'
import { compileLinearPattern } from '../src/elicitation/linear-pattern'
import { parseRequestedSchema } from '../src/elicitation/parse-requested-schema'
import type { RequestedSchema } from '../src/elicitation/protocol'
import { validateElicitationContent } from '../src/elicitation/validate-content'
import { createElicitationBroker } from '../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../src/server/elicitation/respond-handler'
import { createPartRecorder } from '../src/server/testing/part-recorder'
import { HOSTILE_PATTERNS } from './hostile-patterns'
import { steadyTimerLag } from './timer-lag'

// Far below the seconds a backtracking engine takes, far above a noisy shared machine's jitter.
const MAX_LAG_MS = 100

let broker: ElicitationBroker | undefined
afterEach(async () => {
  await broker?.close()
  broker = undefined
})

describe('hostile patterns in requested schemas', () => {
  it('respond gives every hostile answer its verdict without blocking the event loop', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId: () => 's1' })
    const answer = async (pattern: string, input: string): Promise<{ status: number; id: string; settled?: Promise<unknown> }> => {
      const requestedSchema = { type: 'object', properties: { f: { type: 'string', pattern } } } as RequestedSchema
      const recorder = createPartRecorder()
      const settled = broker?.request({ message: pattern, requestedSchema }, { sessionId: 's1', emit: recorder.emit })
      const part = await recorder.next((p) => p.data.status === 'pending' || p.data.status === 'failed')
      expect(part.data.status, `${pattern} was not shown`).toBe('pending')
      const response = await handler(
        new Request('http://local/respond', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: part.id, action: 'accept', content: { f: input } }),
        }),
      )
      return { status: response.status, id: part.id, settled }
    }
    // One ordinary answer first: the first request through the handler also compiles its code.
    const warmUp = await answer('^[a-z]+$', 'ada')
    expect(warmUp.status).toBe(200)
    await warmUp.settled
    const statuses: number[] = []
    const lags: string[] = []
    let worst = 0
    for (const hostile of HOSTILE_PATTERNS) {
      const lag = await steadyTimerLag(async () => {
        const { status, id, settled } = await answer(hostile.pattern, hostile.input)
        statuses.push(status)
        // A refused answer keeps the elicitation pending: cancel it so the session stays under its cap.
        if (status === 200) await settled
        else await broker?.respond({ id, action: 'cancel' }, 's1')
      })
      lags.push(`${hostile.name} ${lag.toFixed(1)} ms`)
      worst = Math.max(worst, lag)
    }
    console.log(`[pattern-redos] respond, event-loop lag: ${lags.join('; ')}`)
    // A verdict each time: 422 for an answer that does not match, 200 for one that does.
    expect(statuses).toEqual(HOSTILE_PATTERNS.flatMap((hostile) => Array(3).fill(hostile.matches ? 200 : 422)))
    expect(worst).toBeLessThan(MAX_LAG_MS)
  })

  it('validates the longest answers the bounds allow without blocking the event loop', async () => {
    const verdicts: boolean[] = []
    const lags: string[] = []
    let worst = 0
    for (const hostile of HOSTILE_PATTERNS) {
      const compiled = compileLinearPattern(hostile.pattern)
      if (!compiled.ok) throw new Error(`${hostile.name}: ${compiled.message}`)
      // The worst a user can send: as long as a field without maxLength may be, and as long as the
      // largest maxLength the pattern budget lets a schema give (within a respond body's 64 KB).
      const longest = Math.min(60_000, Math.floor(ELICITATION_INPUT_LIMITS.maxPatternWork / compiled.pattern.size))
      const fields = {
        bare: { type: 'string', pattern: hostile.pattern },
        bounded: { type: 'string', pattern: hostile.pattern, maxLength: longest },
      }
      for (const [name, field] of Object.entries(fields)) {
        const schema = { type: 'object', properties: { f: field } } as RequestedSchema
        expect(parseRequestedSchema(schema).ok, `${hostile.name} (${name}) is refused`).toBe(true)
        const input = hostile.longInput(name === 'bare' ? ELICITATION_INPUT_LIMITS.defaultMaxPatternStringLength : longest)
        let verdict: boolean | undefined
        const lag = await steadyTimerLag(() => {
          verdict = validateElicitationContent(schema, { f: input }).ok
        })
        verdicts.push(verdict as boolean)
        lags.push(`${hostile.name} x${[...input].length} ${lag.toFixed(1)} ms`)
        worst = Math.max(worst, lag)
      }
    }
    console.log(`[pattern-redos] longest answers: ${lags.join('; ')}`)
    expect(verdicts).toEqual(HOSTILE_PATTERNS.flatMap((hostile) => [hostile.longInputMatches, hostile.longInputMatches]))
    expect(worst).toBeLessThan(MAX_LAG_MS)
  })
})
