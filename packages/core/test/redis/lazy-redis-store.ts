/**
 * Test helper: a Redis store that can be made synchronously, standing in for
 * `createMemoryElicitationStore` so the broker's own suites run unchanged against Redis.
 */
import { createClient } from 'redis'
import type { ElicitationStore } from '../../src/server/elicitation/stores/elicitation-store'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'

let nextPrefix = 0
let created = 0
const opened = new Set<Promise<ElicitationStore>>()

/** A store over `url` with its own key prefix; every method waits for the connection first. */
export function createLazyRedisStore(url: string, options: { now?: () => number } = {}): ElicitationStore {
  const ready = createRedisElicitationStore({
    createClient: () => createClient({ url }),
    keyPrefix: `suite-${process.pid}-${++nextPrefix}:`,
    ...(options.now ? { now: options.now } : {}),
  })
  opened.add(ready)
  created += 1
  return {
    create: async (record, limits) => (await ready).create(record, limits),
    get: async (id) => (await ready).get(id),
    listPending: async (sessionId) => (await ready).listPending(sessionId),
    settle: async (settlement, now) => (await ready).settle(settlement, now),
    subscribe: async (id, listener) => (await ready).subscribe(id, listener),
    publishSession: async (sessionId, data) => (await ready).publishSession?.(sessionId, data),
    subscribeSession: async (sessionId, listener, options) => {
      const store = await ready
      if (!store.subscribeSession) throw new Error('the Redis store has no subscribeSession')
      return store.subscribeSession(sessionId, listener, options)
    },
    close: async () => {
      opened.delete(ready)
      await (await ready).close()
    },
  }
}

/** Closes the stores a suite left open (a test that never closed its broker). */
export async function closeLazyRedisStores(): Promise<void> {
  const stores = [...opened]
  opened.clear()
  await Promise.all(stores.map(async (ready) => (await ready).close()))
}

/** How many stores were made, so a wrapper suite can prove it really ran on Redis. */
export function lazyRedisStoresCreated(): number {
  return created
}
