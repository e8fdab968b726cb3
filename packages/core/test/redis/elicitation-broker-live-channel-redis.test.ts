/**
 * The broker's live-channel suite, run unchanged with the Redis store in place of the memory store:
 * every part reaches the session's subscribers through the store's per-session channel.
 */
import { vi } from 'vitest'
import { createLazyRedisStore } from './lazy-redis-store'
import { runOnRedis } from './on-redis'
import { redisUrl } from './redis-url'

vi.mock('../../src/server/elicitation/stores/memory-store', () => ({
  createMemoryElicitationStore: (options: { now?: () => number } = {}) => createLazyRedisStore(redisUrl(), options),
}))

runOnRedis()

await import('../../src/server/elicitation/elicitation-broker.live-channel.test')
