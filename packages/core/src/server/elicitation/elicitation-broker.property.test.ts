// @module-tag security
/**
 * Nothing is lost or answered twice: 1,000 seeded random respond calls (valid, duplicate, wrong
 * session, wrong id, invalid content), fired in concurrent bursts through the respond handler at 200
 * pending elicitations. Every elicitation settles exactly once, with the action of the one call
 * that got 200, and nothing rejects unhandled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ElicitContent, ElicitResult } from '../../elicitation/protocol'
import { createElicitationBroker } from './elicitation-broker'
import { createRespondHandler } from './respond-handler'
import { createPartRecorder } from '../testing/part-recorder'
import { seededRandom } from '../../../test/seeded-random'

const PENDING = 200
const CALLS = 1_000
const BURST = 25


const FORM = {
  message: 'Pick',
  requestedSchema: {
    type: 'object' as const,
    properties: { n: { type: 'integer' as const, minimum: 0, maximum: 9 }, c: { type: 'string' as const, enum: ['x', 'y'] } },
    required: ['n'],
  },
}

type Kind = 'accept' | 'decline' | 'cancel' | 'duplicate' | 'wrong_session' | 'wrong_id' | 'invalid'
const KINDS: Kind[] = ['accept', 'decline', 'cancel', 'duplicate', 'wrong_session', 'wrong_id', 'invalid']

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled)
})
afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
})

describe('respond under random load', () => {
  it.each([1, 42, 2026])('seed %i: every elicitation settles exactly once with the action of its one 200', async (seed) => {
    const rand = seededRandom(seed)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
    const broker = createElicitationBroker({ maxPendingPerSession: PENDING, maxPendingTotal: PENDING })
    const handler = createRespondHandler(broker, { getSessionId: (r) => r.headers.get('x-session-id') })
    const rec = createPartRecorder()
    const outcomes = new Map<string, ElicitResult>()
    const settledResults: Promise<unknown>[] = []
    for (let i = 0; i < PENDING; i++) {
      settledResults.push(
        broker.request({ ...FORM, message: `#${i}` }, { sessionId: `s${i % 7}`, emit: rec.emit }).then((result) => {
          const id = rec.parts.find((p) => p.data.message === `#${i}`)?.id as string
          expect(outcomes.has(id)).toBe(false)
          outcomes.set(id, result)
        }),
      )
    }
    await rec.next(() => rec.parts.filter((p) => p.data.status === 'pending').length === PENDING)
    const pending = rec.parts.map((p) => ({ id: p.id, session: `s${Number(p.data.message.slice(1)) % 7}` }))
    const answered: { id: string; session: string }[] = []
    const winners = new Map<string, { action: string; content?: ElicitContent }>()
    const statuses: Record<Kind, number[]> = { accept: [], decline: [], cancel: [], duplicate: [], wrong_session: [], wrong_id: [], invalid: [] }

    for (let done = 0; done < CALLS; done += BURST) {
      const burst = Array.from({ length: BURST }, async () => {
        const kind = pick(KINDS)
        const target = kind === 'duplicate' && answered.length > 0 ? pick(answered) : pick(pending)
        let body: Record<string, unknown>
        let session = target.session
        const content = { n: Math.floor(rand() * 10), c: pick(['x', 'y']) }
        if (kind === 'accept' || kind === 'duplicate') body = { id: target.id, action: 'accept', content }
        else if (kind === 'decline' || kind === 'cancel') body = { id: target.id, action: kind, content }
        else if (kind === 'invalid') body = { id: target.id, action: 'accept', content: { n: 'nine', c: 'z' } }
        else if (kind === 'wrong_session') {
          body = { id: target.id, action: 'accept', content }
          session = 'intruder'
        } else body = { id: `${target.id}-nope`, action: 'decline' }
        const response = await handler(
          new Request('http://local/respond', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-session-id': session },
            body: JSON.stringify(body),
          }),
        )
        statuses[kind].push(response.status)
        if (response.status === 200) {
          expect(winners.has(target.id)).toBe(false)
          winners.set(target.id, body.action === 'accept' ? { action: 'accept', content } : { action: body.action as string })
          answered.push(target)
        }
      })
      await Promise.all(burst)
    }

    // Refusals are the right ones; a valid answer gets 200 the first time and 409 after.
    expect(new Set(statuses.wrong_session)).toEqual(new Set([403]))
    expect(new Set(statuses.wrong_id)).toEqual(new Set([404]))
    expect([...new Set(statuses.invalid)].every((s) => s === 422 || s === 409)).toBe(true)
    for (const kind of ['accept', 'decline', 'cancel', 'duplicate'] as const) {
      expect([...new Set(statuses[kind])].every((s) => s === 200 || s === 409)).toBe(true)
    }
    expect(winners.size).toBeGreaterThan(PENDING / 2)

    // Whatever nobody answered is cancelled on close: still exactly one outcome each.
    await broker.close()
    await Promise.all(settledResults)
    expect(outcomes.size).toBe(PENDING)
    for (const { id } of pending) {
      const winner = winners.get(id)
      const outcome = outcomes.get(id)
      if (winner) expect(outcome).toEqual(winner)
      else expect(outcome).toEqual({ action: 'cancel' })
      const settledParts = rec.parts.filter((p) => p.id === id && p.data.status !== 'pending')
      expect(settledParts).toHaveLength(1)
    }
    expect(unhandled).toEqual([])
  })
})
