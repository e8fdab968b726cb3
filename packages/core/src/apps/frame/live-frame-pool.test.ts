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

describe('createLiveFramePool with distances from view', () => {
  const at = (distances: Record<string, number>, id: string) => () => distances[id]!

  it('evicts the frame farthest from view, not the least recently shown', () => {
    const pool = createLiveFramePool(2)
    const where: Record<string, number> = { a: 100, b: 900, c: 0 }
    const evicted = { a: vi.fn(), b: vi.fn(), c: vi.fn() }
    pool.acquire('a', evicted.a, { distance: at(where, 'a') })
    pool.acquire('b', evicted.b, { distance: at(where, 'b') })
    expect(pool.acquire('c', evicted.c, { distance: at(where, 'c') })).toBe(true)
    // a went live first, so plain recency would evict it: b goes, being farther from view.
    expect(evicted.b).toHaveBeenCalledOnce()
    expect(evicted.a).not.toHaveBeenCalled()
    expect(pool.live()).toEqual(['a', 'c'])
  })

  it('never evicts a frame on screen: more frames on screen than the limit all stay live', () => {
    const pool = createLiveFramePool(1)
    const evict = vi.fn()
    for (const id of ['a', 'b', 'c']) expect(pool.acquire(id, evict, { distance: () => 0 })).toBe(true)
    expect(evict).not.toHaveBeenCalled()
    expect(pool.live()).toEqual(['a', 'b', 'c'])
  })

  it('keeps out a frame that would be the farthest, unless the person asked for it', () => {
    const pool = createLiveFramePool(1)
    const evicted = { near: vi.fn(), far: vi.fn() }
    pool.acquire('near', evicted.near, { distance: () => 0 })
    expect(pool.acquire('far', evicted.far, { distance: () => 500 })).toBe(false)
    expect(pool.live()).toEqual(['near'])
    expect(evicted.far).not.toHaveBeenCalled()
    // Asked for by the person: it goes live; the frame on screen stays too (it is never evicted).
    expect(pool.acquire('far', evicted.far, { distance: () => 500, requested: true })).toBe(true)
    expect(pool.live()).toEqual(['near', 'far'])
  })

  it('brings an over-full pool back to its limit when a frame that left the screen asks again, evicting it', () => {
    const pool = createLiveFramePool(1)
    const where: Record<string, number> = { a: 0, b: 0 }
    const evicted = { a: vi.fn(), b: vi.fn() }
    pool.acquire('a', evicted.a, { distance: at(where, 'a') })
    pool.acquire('b', evicted.b, { distance: at(where, 'b') })
    where.a = 300
    expect(pool.acquire('a', evicted.a, { distance: at(where, 'a') })).toBe(false)
    expect(evicted.a).toHaveBeenCalledOnce()
    expect(pool.live()).toEqual(['b'])
  })
})
