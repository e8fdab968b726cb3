/**
 * The URL of the redis-server a wrapper suite started (module state, so a `vi.mock` factory can read
 * it lazily, after `beforeAll` set it).
 */
let current: string | undefined

/** Sets the URL once the server is up. */
export function setRedisUrl(url: string): void {
  current = url
}

/** The URL; throws when no server was started yet. */
export function redisUrl(): string {
  if (!current) throw new Error('redis-server not started: call setRedisUrl in beforeAll')
  return current
}
