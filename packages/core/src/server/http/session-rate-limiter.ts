/**
 * An optional per-session budget for a handler: one token bucket per session, the same bucket the
 * host bridge applies to an app's messages. The buckets are bounded in number (the least recently
 * seen session is forgotten first), so a flood of sessions cannot grow memory.
 */
import { createRateLimiter, type RateLimit } from '../../apps/message-guard'
import { HttpRefusal } from './http-refusal'

/** Default number of sessions whose buckets are kept. */
export const DEFAULT_RATE_LIMITED_SESSIONS = 10_000

/** Spends one token of `sessionId`'s bucket; throws a 429 refusal with `Retry-After` when it is empty. */
export type SessionRateLimiter = (sessionId: string) => void

/** Creates the limiter; `maxSessions` bounds how many buckets are kept. */
export function createSessionRateLimiter(
  limit: RateLimit,
  options: { maxSessions?: number; now?: () => number } = {},
): SessionRateLimiter {
  const maxSessions = options.maxSessions ?? DEFAULT_RATE_LIMITED_SESSIONS
  const buckets = new Map<string, ReturnType<typeof createRateLimiter>>()
  // An empty bucket holds one token again after this long at most.
  const retryAfter = String(Math.max(1, Math.ceil(1 / limit.refillPerSecond)))
  return (sessionId) => {
    let bucket = buckets.get(sessionId)
    if (bucket) buckets.delete(sessionId)
    else bucket = createRateLimiter(limit, options.now)
    // Re-inserted last: the Map's order is the order sessions were last seen.
    buckets.set(sessionId, bucket)
    if (buckets.size > maxSessions) buckets.delete(buckets.keys().next().value as string)
    if (!bucket.take()) {
      throw new HttpRefusal('rate_limited', 'Too many requests for this session; retry later', { headers: { 'retry-after': retryAfter } })
    }
  }
}
