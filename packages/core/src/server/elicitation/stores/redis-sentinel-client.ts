/**
 * Lets the Redis store run behind Redis Sentinel: node-redis's `createSentinel()` client follows
 * failovers to the new primary, but its `sendCommand` takes a read-only flag first, so it does not
 * fit {@link RedisStoreClient} as a plain client does. This wraps one such client; every command
 * goes to the primary (the store's scripts write).
 */
import type { RedisStoreClient } from './redis-client'

/** The slice of a node-redis `RedisSentinel` (`createSentinel()` from `redis` 5+/6) the wrapper uses. */
export interface RedisSentinelLike {
  readonly isReady: boolean
  connect(): Promise<unknown>
  sendCommand(isReadonly: boolean | undefined, args: string[]): Promise<unknown>
  subscribe(channel: string, listener: (message: string, channel: string) => unknown): Promise<unknown>
  unsubscribe(channel: string): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  close(): Promise<unknown>
  destroy(): Promise<unknown>
}

/**
 * Wraps a new, unconnected Sentinel client for `createRedisElicitationStore`, which calls its
 * `createClient` for each connection it needs, so return a new one each time.
 *
 * @example
 * import { createSentinel } from 'redis'
 * const store = await createRedisElicitationStore({
 *   createClient: () => sentinelStoreClient(createSentinel({ name: 'mymaster', sentinelRootNodes: [{ host: 'sentinel-1', port: 26379 }] })),
 * })
 */
export function sentinelStoreClient(sentinel: RedisSentinelLike): RedisStoreClient {
  return {
    get isReady() {
      return sentinel.isReady
    },
    connect: () => sentinel.connect(),
    sendCommand: (args) => sentinel.sendCommand(false, [...args]),
    subscribe: (channel, listener) => sentinel.subscribe(channel, listener),
    unsubscribe: (channel) => sentinel.unsubscribe(channel),
    on: (event, listener) => sentinel.on(event, listener),
    close: () => sentinel.close(),
    // The store destroys synchronously and moves on; a failed teardown has nothing left to report.
    destroy: () => {
      sentinel.destroy().catch(() => {})
    },
  }
}
