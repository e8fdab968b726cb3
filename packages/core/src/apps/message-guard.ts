/**
 * Flood and size limits for messages an app posts to its host. The checks run before the host
 * does any real work, so a hostile app cannot freeze the page that embeds it.
 */

/** Token bucket: `capacity` messages at once, refilled at `refillPerSecond`. */
export interface RateLimit {
  capacity: number
  refillPerSecond: number
}

/** Default: a burst of 500 messages, then 250 per second. */
export const DEFAULT_RATE_LIMIT: RateLimit = { capacity: 500, refillPerSecond: 250 }
/** Default largest accepted message: 1 MiB, by {@link estimateMessageSize}. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1_048_576

/** A token bucket; `take()` is O(1) and never allocates. */
export function createRateLimiter(limit: RateLimit, now: () => number = () => performance.now()) {
  let tokens = limit.capacity
  let last = now()
  return {
    /** Spends one token; false when the bucket is empty. */
    take(): boolean {
      const t = now()
      tokens = Math.min(limit.capacity, tokens + ((t - last) / 1000) * limit.refillPerSecond)
      last = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}

/**
 * A bounded estimate of a message's JSON size: walks at most about `limit / 8` nodes and stops as
 * soon as the estimate passes `limit`, so a huge or cyclic message costs little to refuse.
 * Strings count their length, numbers and other scalars 8, keys their length plus 4.
 */
export function estimateMessageSize(value: unknown, limit: number): number {
  let size = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') size += item.length + 2
    else if (typeof item === 'object' && item !== null) {
      size += 2
      if (Array.isArray(item)) {
        size += item.length
        if (size > limit) return size
        for (let i = 0; i < item.length; i++) stack.push(item[i])
      } else {
        // ArrayBuffers and views are structured-cloneable and count by their byte length.
        if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) size += item.byteLength
        else
          for (const key of Object.keys(item)) {
            size += key.length + 4
            if (size > limit) return size
            stack.push((item as Record<string, unknown>)[key])
          }
      }
    } else size += 8
    if (size > limit) return size
  }
  return size
}
