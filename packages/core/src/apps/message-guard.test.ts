import { describe, expect, it } from 'vitest'
import { createRateLimiter, estimateMessageSize } from './message-guard'

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

describe('estimateMessageSize', () => {
  it('is close to the JSON length for ordinary messages', () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 'two' } } }
    const json = JSON.stringify(message).length
    const estimate = estimateMessageSize(message, 1e6)
    expect(estimate).toBeGreaterThan(json * 0.5)
    expect(estimate).toBeLessThan(json * 2)
  })

  it('stops early past the limit, for huge strings, wide arrays, binary and cycles', () => {
    expect(estimateMessageSize('x'.repeat(10_000_000), 1000)).toBeGreaterThan(1000)
    expect(estimateMessageSize(new Array(1_000_000).fill(0), 1000)).toBeGreaterThan(1000)
    expect(estimateMessageSize({ data: new Uint8Array(5000) }, 1000)).toBeGreaterThan(1000)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(estimateMessageSize(cyclic, 1000)).toBeGreaterThan(1000)
  })
})
