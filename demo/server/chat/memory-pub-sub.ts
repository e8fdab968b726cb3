/**
 * An in-process stand-in for Redis behind `resumable-stream`'s generic interface, so the demo resumes
 * chat streams offline with no Redis to install. It has the Redis semantics the package relies on:
 * messages delivered asynchronously and in order, `SET ... EX` that expires, `INCR` that fails on a
 * non-integer value. One process only: with several replicas set `REDIS_URL` instead.
 */
import type { Publisher, Subscriber } from 'resumable-stream/generic'

/** Options of {@link createMemoryPubSub}. */
export interface MemoryPubSubOptions {
  /** Keys kept at most (each stream holds one sentinel); the oldest go first. Default 10,000. */
  maxKeys?: number
  now?: () => number
}

/** A publisher and a subscriber sharing one in-process broker. */
export function createMemoryPubSub(options: MemoryPubSubOptions = {}): { publisher: Publisher; subscriber: Subscriber } {
  const maxKeys = options.maxKeys ?? 10_000
  const now = options.now ?? Date.now
  const channels = new Map<string, (message: string) => void>()
  // In insertion order, so the oldest key is the first one.
  const values = new Map<string, { value: string; until: number }>()

  const read = (key: string): string | null => {
    const entry = values.get(key)
    if (!entry) return null
    if (entry.until <= now()) {
      values.delete(key)
      return null
    }
    return entry.value
  }
  const write = (key: string, value: string, until: number): void => {
    values.delete(key)
    values.set(key, { value, until })
    for (const oldest of values.keys()) {
      if (values.size <= maxKeys) break
      values.delete(oldest)
    }
  }

  const publisher: Publisher = {
    connect: async () => undefined,
    async publish(channel, message) {
      const listener = channels.get(channel)
      if (!listener) return 0
      // Like Redis: the subscriber never runs inside the publish call; order is kept.
      queueMicrotask(() => channels.get(channel)?.(message))
      return 1
    },
    async set(key, value, setOptions) {
      write(key, value, setOptions?.EX === undefined ? Number.POSITIVE_INFINITY : now() + setOptions.EX * 1000)
      return 'OK'
    },
    get: async (key) => read(key),
    async incr(key) {
      const current = read(key)
      const number = current === null ? 0 : Number(current)
      if (!Number.isInteger(number)) throw new Error('ERR value is not an integer or out of range')
      const until = values.get(key)?.until ?? Number.POSITIVE_INFINITY
      write(key, String(number + 1), until)
      return number + 1
    },
  }
  const subscriber: Subscriber = {
    connect: async () => undefined,
    async subscribe(channel, callback) {
      channels.set(channel, callback)
    },
    async unsubscribe(channel) {
      channels.delete(channel)
    },
  }
  return { publisher, subscriber }
}
