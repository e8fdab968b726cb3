import { describe, expect, it, vi } from 'vitest'
import { createLiveFramePool } from './live-frame-pool'

describe('createLiveFramePool', () => {
  it('keeps the most recently shown frames live and evicts the least recent', () => {
    const pool = createLiveFramePool(2)
    const evicted = { a: vi.fn(), b: vi.fn(), c: vi.fn() }
    pool.acquire('a', evicted.a)
    pool.acquire('b', evicted.b)
    pool.acquire('a', evicted.a) // shown again: most recent
    pool.acquire('c', evicted.c)
    expect(evicted.b).toHaveBeenCalledOnce()
    expect(evicted.a).not.toHaveBeenCalled()
    expect(pool.live()).toEqual(['a', 'c'])
    pool.release('a')
    pool.acquire('b', evicted.b)
    expect(pool.live()).toEqual(['c', 'b'])
  })
})
