/**
 * The broker's respond/list handler suite, run unchanged with the Redis store in place of the memory
 * store: same statuses (404/403/409/410/422), same session ownership, same wake-ups.
 */
import { vi } from 'vitest'
import { createLazyRedisStore } from './lazy-redis-store'
import { runOnRedis } from './on-redis'
import { redisUrl } from './redis-url'

vi.mock('../../src/server/elicitation/stores/memory-store', () => ({
  createMemoryElicitationStore: (options: { now?: () => number } = {}) => createLazyRedisStore(redisUrl(), options),
}))

runOnRedis()

await import('../../src/server/elicitation/respond-handler.test')
