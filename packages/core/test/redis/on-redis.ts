/**
 * Runs a memory-store suite on Redis: each wrapper file mocks `createMemoryElicitationStore` (vi.mock
 * is hoisted per file, so that line stays in the wrapper) and calls this for the Redis server's
 * lifetime and the check that the swap really happened.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { closeLazyRedisStores, lazyRedisStoresCreated } from './lazy-redis-store'
import { type RedisServerHandle, startRedisServer } from './redis-server'
import { setRedisUrl } from './redis-url'

/** Starts redis-server before the suite and stops it after, checking the suite's brokers ran on Redis. */
export function runOnRedis(): void {
  let server: RedisServerHandle | undefined
  beforeAll(async () => {
    server = await startRedisServer()
    setRedisUrl(server.url)
  })
  afterAll(async () => {
    // The mock took effect: the suite's brokers ran on Redis stores.
    expect(lazyRedisStoresCreated()).toBeGreaterThan(0)
    await closeLazyRedisStores()
    await server?.stop()
  })
}
