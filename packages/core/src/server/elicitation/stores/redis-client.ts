/**
 * The slice of a node-redis (`redis` 5+/6) client the Redis store uses, typed structurally so the
 * kit never imports `redis` at run time (core has no runtime dependencies) and a real client from
 * `createClient()` fits as is.
 *
 * Why node-redis and not ioredis: Redis recommends node-redis for new projects (ioredis is kept
 * maintained, and session stores such as connect-redis 9 have dropped it). For this store the
 * deciding detail is reconnects: node-redis re-subscribes pub/sub channels *before* it emits
 * `ready` again, so `ready` on the subscriber means "the channel is live", exactly the moment to
 * re-check missed settlements. It also exposes `isReady` (fail fast instead of queueing while
 * down). Its per-command `timeout` only covers the wait before a command is written, so the store
 * puts its own deadline on every command (redis-connection.ts). ioredis offers nothing this store
 * needs that node-redis lacks.
 */
import { createHash } from 'node:crypto'
import { McpHitlError } from '../../../errors'
import type { RedisConnection } from './redis-connection'

/** A node-redis client as the store needs it; `createClient({ url })` from `redis` satisfies it. */
export interface RedisStoreClient {
  /** True while the connection is up and handshaken (and, for a subscriber, re-subscribed). */
  readonly isReady: boolean
  connect(): Promise<unknown>
  sendCommand(args: ReadonlyArray<string>, options?: { timeout?: number }): Promise<unknown>
  subscribe(channel: string, listener: (message: string, channel: string) => unknown): Promise<unknown>
  /** Leaves a channel (the live channel's last listener of a session left). */
  unsubscribe(channel: string): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  /** Graceful close (waits for replies in flight). */
  close(): Promise<unknown>
  /** Drops the connection at once, rejecting queued commands. */
  destroy(): unknown
}

/** Runs Lua scripts by SHA, loading them again after a Redis restart emptied the script cache. */
export class RedisScriptRunner {
  readonly #connection: RedisConnection
  readonly #shas = new Map<string, string>()

  constructor(connection: RedisConnection) {
    this.#connection = connection
  }

  /** Evaluates `script`; errors become `store_unavailable` so callers can answer 503. */
  async run(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    let sha = this.#shas.get(script)
    if (sha === undefined) {
      sha = createHash('sha1').update(script).digest('hex')
      this.#shas.set(script, sha)
    }
    const tail = [String(keys.length), ...keys, ...args.map(String)]
    try {
      return await this.command(['EVALSHA', sha, ...tail])
    } catch (error) {
      if (!(McpHitlError.isInstance(error) && /NOSCRIPT/.test(String((error.cause as Error | undefined)?.message))))
        throw error
      return await this.command(['EVAL', script, ...tail])
    }
  }

  /**
   * Sends one command under the store's deadline. Fails fast while the connection is down: node-redis
   * would otherwise queue the command until it reconnects, and a respond POST must not hang on a
   * dead Redis.
   */
  command(args: readonly string[]): Promise<unknown> {
    return this.#connection.send(args)
  }
}
