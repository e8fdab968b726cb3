/**
 * Flood, size and shape limits for messages an app posts to its host. The checks run before the
 * host does any real work, so a hostile app cannot freeze the page that embeds it.
 */
import { isPlainRecord } from '../guards'

/** Token bucket: `capacity` messages at once, refilled at `refillPerSecond`. */
export interface RateLimit {
  capacity: number
  refillPerSecond: number
}

/** Default: a burst of 500 messages, then 250 per second. */
export const DEFAULT_RATE_LIMIT: RateLimit = { capacity: 500, refillPerSecond: 250 }
/** Default largest accepted message: 1 MiB, as measured by {@link measureJsonMessage}. */
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

/** Outcome of {@link measureJsonMessage}: the size, or why the message is refused. */
export type JsonMessageMeasure = { ok: true; size: number } | { ok: false; reason: 'too_large' | 'not_json' }

const TOO_LARGE = { ok: false, reason: 'too_large' } as const
const NOT_JSON = { ok: false, reason: 'not_json' } as const

/**
 * Checks that a posted message is a plain JSON value and measures it, bounded in work. Structured
 * clone also carries Maps, Sets, Blobs, Dates, RegExps, Errors, ArrayBuffers and typed arrays,
 * whose contents a walk over own keys would not see (a 5 MB Map has no keys); only plain objects
 * (prototype `Object.prototype` or `null`), arrays, strings, finite numbers, booleans and `null`
 * pass (`undefined` members too, as JSON drops them). Strings count their length plus 2, keys their
 * length plus 4, array slots 1, other scalars 8; the walk stops as soon as the size passes
 * `limit`, so a huge, wide or cyclic message costs at most about `limit` steps to refuse.
 */
export function measureJsonMessage(value: unknown, limit: number): JsonMessageMeasure {
  let size = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    switch (typeof item) {
      case 'string':
        size += item.length + 2
        break
      case 'boolean':
      case 'undefined':
        size += 8
        break
      case 'number':
        if (!Number.isFinite(item)) return NOT_JSON
        size += 8
        break
      case 'object':
        size += 2
        if (item === null) break
        if (Array.isArray(item)) {
          if (Object.getPrototypeOf(item) !== Array.prototype) return NOT_JSON
          // The length is checked before the slots are read: a sparse array can claim any length.
          size += item.length
          if (size > limit) return TOO_LARGE
          for (let i = 0; i < item.length; i++) stack.push(item[i])
        } else if (isPlainRecord(item)) {
          // for...in, not Object.keys: stops at the limit without first building a huge key array.
          for (const key in item) {
            size += key.length + 4
            if (size > limit) return TOO_LARGE
            stack.push(item[key])
          }
        } else return NOT_JSON
        break
      default:
        return NOT_JSON
    }
    if (size > limit) return TOO_LARGE
  }
  return { ok: true, size }
}
