/**
 * Bounds how many app frames stay live in a long chat, keeping what the person looks at: a frame on
 * screen is never evicted, and when the pool is over its limit the frame farthest from view goes
 * first (the least recently shown among equals). An evicted frame is told to go back to its
 * placeholder (its app gets `ui/resource-teardown` on the way).
 */


/** A set of live frames, bounded by how far each one is from view. */
export interface LiveFramePool {
  /**
   * Asks for `id` to go live and makes it the most recent. When the pool is then over its limit, the
   * live frame farthest from view (never one on screen) is evicted by calling its `evict`. Returns
   * false when `id` itself would be that frame (off screen and farthest, not requested): it stays out.
   */
  acquire(
    id: string,
    evict: () => void,
    options?: {
      /**
       * Where the frame is, asked when the pool must choose whom to evict: 0 while it is on screen,
       * otherwise how far from the viewport it is, in CSS pixels. Without it a frame counts as off
       * screen at no known distance, so only recency decides.
       */
      distance?: () => number
      /** The person asked for this frame: it goes live even when every other live frame is on screen. */
      requested?: boolean
    },
  ): boolean
  /** Forgets `id` (unmounted or gone back to its placeholder). */
  release(id: string): void
  /** Ids currently live, least recent first. */
  live(): string[]
}

interface Member {
  evict: () => void
  distance: (() => number) | undefined
}

// Off screen at an unknown distance: nearer than anything measured, so a measured far frame goes first.
const UNKNOWN_DISTANCE = 0.5

/**
 * Creates a pool that keeps at most `maxLive` frames live (default 3), plus any further frames that
 * are on screen at once (a screen holds only so many: the bound is the viewport, not the pool).
 */
export function createLiveFramePool(maxLive = 3): LiveFramePool {
  const members = new Map<string, Member>()
  const limit = Math.max(1, maxLive)
  // The member to evict: farthest from view, least recent first among equals; none while all are on screen.
  const farthest = (spare: string | undefined): string | undefined => {
    let chosen: string | undefined
    let chosenDistance = 0
    for (const [id, member] of members) {
      if (id === spare) continue
      const distance = member.distance ? member.distance() : UNKNOWN_DISTANCE
      if (distance > chosenDistance) {
        chosen = id
        chosenDistance = distance
      }
    }
    return chosen
  }
  return {
    acquire(id, evict, options = {}) {
      const wasLive = members.delete(id)
      members.set(id, { evict, distance: options.distance })
      while (members.size > limit) {
        const out = farthest(options.requested ? id : undefined)
        if (out === undefined) break
        const member = members.get(out)!
        members.delete(out)
        if (out === id) {
          if (wasLive) member.evict()
          return false
        }
        member.evict()
      }
      return true
    },
    release(id) {
      members.delete(id)
    },
    live: () => [...members.keys()],
  }
}

/** The pool shared by `McpAppFrame`s that are not given one. */
export const defaultLiveFramePool: LiveFramePool = createLiveFramePool(3)
