// @module-tag security
/**
 * Each elicitation expires after its own TTL, measured on a monotonic clock: a step of the wall
 * clock (NTP, a VM resumed) or a longer-lived elicitation created earlier must not delay it.
 * `expiresAt` on the wire stays epoch ms.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ElicitResult } from '../../elicitation/protocol'
import { createPartRecorder } from '../testing/part-recorder'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'

const FORM = { message: 'Name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }

let broker: ElicitationBroker | undefined
afterEach(async () => {
  await broker?.close()
  broker = undefined
  vi.useRealTimers()
})

/** Tracks whether a request has resolved yet, and with what. */
function watch(promise: Promise<ElicitResult>): { result?: ElicitResult } {
  const state: { result?: ElicitResult } = {}
  void promise.then((result) => {
    state.result = result
  })
  return state
}

describe('elicitation expiry', () => {
  it('given the wall clock steps back 3 s, a 300 ms elicitation still expires after 300 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] })
    let offset = 0
    broker = createElicitationBroker({ ttlMs: 300, now: () => Date.now() + offset })
    const rec = createPartRecorder()
    const first = watch(broker.request(FORM, { sessionId: 's1', emit: rec.emit }))
    await vi.advanceTimersByTimeAsync(10)
    offset = -3000
    const second = watch(broker.request(FORM, { sessionId: 's1', emit: rec.emit }))
    await vi.advanceTimersByTimeAsync(10)
    const [firstPart, secondPart] = rec.parts
    // On the wire, expiresAt is epoch ms of the (stepped) wall clock.
    expect(secondPart?.data.expiresAt).toBeLessThan(firstPart?.data.expiresAt as number)

    await vi.advanceTimersByTimeAsync(300)
    expect(first.result).toEqual({ action: 'cancel' })
    expect(second.result).toEqual({ action: 'cancel' })
    expect(rec.parts.filter((p) => p.data.status === 'expired')).toHaveLength(2)
  })

  it('given a per-request TTL shorter than an earlier request’s, the later one expires first, each on its own deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] })
    broker = createElicitationBroker({ ttlMs: 10_000 })
    const rec = createPartRecorder()
    const long = watch(broker.request(FORM, { sessionId: 's1', emit: rec.emit }))
    const short = watch(broker.request(FORM, { sessionId: 's1', emit: rec.emit, ttlMs: 300 }))
    const middle = watch(broker.request(FORM, { sessionId: 's1', emit: rec.emit, ttlMs: 2000 }))
    await vi.advanceTimersByTimeAsync(10)
    const [longPart, shortPart] = rec.parts
    expect((longPart?.data.expiresAt as number) - (shortPart?.data.expiresAt as number)).toBe(9700)

    await vi.advanceTimersByTimeAsync(300)
    expect(short.result).toEqual({ action: 'cancel' })
    expect(middle.result).toBeUndefined()
    expect(long.result).toBeUndefined()
    expect(rec.parts.find((p) => p.data.status === 'expired')?.data.reason).toBe('No answer within 0.3 s')

    await vi.advanceTimersByTimeAsync(1700)
    expect(middle.result).toEqual({ action: 'cancel' })
    expect(long.result).toBeUndefined()
    await vi.advanceTimersByTimeAsync(8000)
    expect(long.result).toEqual({ action: 'cancel' })
  })

  it('given a clock step back, an answer after the monotonic deadline is refused as expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] })
    let offset = 0
    broker = createElicitationBroker({ ttlMs: 300, now: () => Date.now() + offset })
    const rec = createPartRecorder()
    const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    await vi.advanceTimersByTimeAsync(10)
    const id = rec.parts[0]?.id as string
    offset = -3000
    await vi.advanceTimersByTimeAsync(300)
    expect(await broker.respond({ id, action: 'accept', content: { name: 'late' } }, 's1')).toMatchObject({ ok: false, code: 'expired' })
    await expect(result).resolves.toEqual({ action: 'cancel' })
  })

  it('declines a request whose own ttlMs is not a positive, finite number, saying so', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    for (const ttlMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit, ttlMs })).resolves.toEqual({ action: 'decline' })
    }
    expect(rec.parts.map((p) => [p.data.status, p.data.reason])).toEqual(
      Array(4).fill(['failed', 'ttlMs must be a positive, finite number of milliseconds']),
    )
  })
})
