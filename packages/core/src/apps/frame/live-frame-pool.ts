/**
 * Bounds how many app frames stay live in a long chat: least recently shown first out. An evicted
 * frame is told to go back to its placeholder (its app gets `ui/resource-teardown` on the way).
 */

/** A least-recently-used set of live frames. */
export interface LiveFramePool {
  /** Marks `id` live and most recent; evicts the least recent beyond the limit by calling its `evict`. */
  acquire(id: string, evict: () => void): void
  /** Forgets `id` (unmounted or gone back to its placeholder). */
  release(id: string): void
  /** Ids currently live, least recent first. */
  live(): string[]
}

/** Creates a pool that keeps at most `maxLive` frames live (default 3). */
export function createLiveFramePool(maxLive = 3): LiveFramePool {
  const entries = new Map<string, () => void>()
  return {
    acquire(id, evict) {
      entries.delete(id)
      entries.set(id, evict)
      while (entries.size > Math.max(1, maxLive)) {
        const [oldest, evictOldest] = entries.entries().next().value as [string, () => void]
        entries.delete(oldest)
        evictOldest()
      }
    },
    release(id) {
      entries.delete(id)
    },
    live: () => [...entries.keys()],
  }
}

/** The pool shared by `McpAppFrame`s that are not given one. */
export const defaultLiveFramePool: LiveFramePool = createLiveFramePool(3)
