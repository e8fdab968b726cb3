// @module-tag security
import { describe, expect, it } from 'vitest'
import { createRateLimiter, measureJsonMessage } from './message-guard'

describe('createRateLimiter', () => {
  it('allows a burst of capacity, then refills over time', () => {
    let now = 0
    const limiter = createRateLimiter({ capacity: 3, refillPerSecond: 2 }, () => now)
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, true, false])
    now = 500
    expect([limiter.take(), limiter.take()]).toEqual([true, false])
    now = 100_000
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, true, false])
  })
})

// What a message event carries: the structured clone of what the app posted.
const posted = (value: unknown) => structuredClone(value)

describe('measureJsonMessage', () => {
  it('measures ordinary messages close to their JSON length', () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 'two', c: [true, null] } } }
    const json = JSON.stringify(message).length
    const result = measureJsonMessage(posted(message), 1e6)
    expect(result.ok).toBe(true)
    const size = result.ok ? result.size : 0
    expect(size).toBeGreaterThan(json * 0.5)
    expect(size).toBeLessThan(json * 2)
  })

  it('accepts null-prototype objects and absent (undefined) members', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 })
    expect(measureJsonMessage(bare, 1000).ok).toBe(true)
    expect(measureJsonMessage(posted({ jsonrpc: '2.0', method: 'x', params: undefined }), 1000).ok).toBe(true)
  })

  it('refuses every structured-clone value that is not plain JSON, however small it claims to be', () => {
    const big = new Map(Array.from({ length: 50_000 }, (_, i) => [`key-${i}`, 'x'.repeat(100)]))
    const values: [string, unknown][] = [
      ['Map', big],
      ['Set', new Set(['x'.repeat(5_000_000)])],
      ['Blob', new Blob(['x'.repeat(5_000_000)])],
      ['Date', new Date()],
      ['RegExp', /x/],
      ['ArrayBuffer', new ArrayBuffer(8)],
      ['Uint8Array', new Uint8Array(8)],
      ['DataView', new DataView(new ArrayBuffer(8))],
      ['Error', new Error('boom')],
      ['Boolean object', new Boolean(true)],
      ['String object', new String('s')],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['bigint', 10n],
    ]
    for (const [name, value] of values) {
      expect(measureJsonMessage(posted({ jsonrpc: '2.0', method: 'notifications/message', params: { data: value } }), 1_048_576), name).toEqual({
        ok: false,
        reason: 'not_json',
      })
      expect(measureJsonMessage(posted([value]), 1_048_576), `${name} in an array`).toEqual({ ok: false, reason: 'not_json' })
    }
  })

  it('stops early past the limit, for huge strings, wide arrays, many keys and cycles', () => {
    const tooLarge = { ok: false, reason: 'too_large' }
    expect(measureJsonMessage('x'.repeat(10_000_000), 1000)).toEqual(tooLarge)
    expect(measureJsonMessage(new Array(1_000_000).fill(0), 1000)).toEqual(tooLarge)
    // A sparse array claims a length it never fills: refused on its length, not walked.
    expect(measureJsonMessage(posted(Object.assign([], { length: 100_000_000 })), 1000)).toEqual(tooLarge)
    expect(measureJsonMessage(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 0])), 1000)).toEqual(tooLarge)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(measureJsonMessage(posted(cyclic), 1000)).toEqual(tooLarge)
  })
})
