/**
 * The broker's integration suite (real MCP SDK server and clients), run unchanged with the Redis store in place of the memory
 * store: same states, statuses, expiry and close behaviour.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { closeLazyRedisStores, createLazyRedisStore, lazyRedisStoresCreated } from './lazy-redis-store'
import { type RedisServerHandle, startRedisServer } from './redis-server'
import { redisUrl, setRedisUrl } from './redis-url'

vi.mock('../../src/server/stores/memory-store', () => ({
  createMemoryElicitationStore: (options: { now?: () => number } = {}) => createLazyRedisStore(redisUrl(), options),
}))

let server: RedisServerHandle
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

await import('../../src/server/elicitation-broker.integration.test')
