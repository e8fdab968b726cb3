/**
 * One connection of the Redis store (the commands connection, or the pub/sub one) with the
 * deadlines node-redis does not give:
 *
 * - node-redis drops a command's `timeout` once the command is written, so a Redis that stops
 *   answering without closing the socket (SIGSTOP, a hung host, a stalled VM) would hold every
 *   command, and every respond POST behind it, for as long as it is gone. Here each command races
 *   its own deadline; when the deadline passes the client is destroyed (rejecting everything in
 *   flight) and a new one is opened from the application's factory, so commands fail fast instead
 *   of queueing behind a dead socket.
 * - node-redis learns of a dead peer only from a socket error, which a frozen peer never sends; an
 *   idle connection is therefore probed with PING every `pingIntervalMs`, under the same deadline.
 * - A new client that does not become ready within `connectTimeoutMs` (its handshake hangs) is
 *   replaced again.
 *
 * The owner hears `onState(false)` whenever the connection stops being usable and `onState(true)`
 * once it is ready again (for pub/sub: re-subscribed), which is when missed settlements are
 * re-checked.
 */
import { McpHitlError } from '../../../errors'
import type { RedisStoreClient } from './redis-client'

/** Options of {@link RedisConnection}. */
export interface RedisConnectionOptions {
  createClient: () => RedisStoreClient
  /** Deadline of every command, PING included. */
  commandTimeoutMs: number
  /** An idle connection is probed this often. */
  pingIntervalMs: number
  /** A new client must be ready within this, or it is replaced. */
  connectTimeoutMs: number
  /** Runs on each new client once connected, before it counts as ready (the subscriber subscribes here). */
  prepare?: (client: RedisStoreClient) => Promise<unknown>
  /** Connection errors, and the deadlines that passed; never elicitation content. */
  onError: (error: unknown) => void
  /** Called with false when the connection stops being usable, with true once it is ready again. */
  onState?: (ready: boolean) => void
}

const monotonicNow = (): number => performance.now()

const unavailable = (message: string, cause?: unknown): McpHitlError =>
  new McpHitlError(message, { code: 'store_unavailable', ...(cause === undefined ? {} : { cause }) })

/** A self-healing node-redis connection; see the file comment. */
export class RedisConnection {
  readonly #options: RedisConnectionOptions
  #client: RedisStoreClient
  /** `prepare` has run on the current client. */
  #prepared = false
  #closed = false
  #lastReply = monotonicNow()
  #notReadySince: number | undefined = monotonicNow()
  #probing = false
  readonly #probe: ReturnType<typeof setInterval>

  constructor(options: RedisConnectionOptions) {
    this.#options = options
    this.#client = this.#listen(options.createClient())
    this.#probe = setInterval(() => this.#tick(), options.pingIntervalMs)
    // Probing must not keep a process alive.
    ;(this.#probe as { unref?: () => void }).unref?.()
  }

  /** True while commands can be sent (and, with `prepare`, once it ran on this client). */
  get isReady(): boolean {
    return !this.#closed && this.#prepared && this.#client.isReady
  }

  /**
   * The current client while it is ready, for what `send` cannot carry: SUBSCRIBE and UNSUBSCRIBE
   * on a subscriber connection, which node-redis tracks itself (and re-sends after a reconnect).
   */
  get readyClient(): RedisStoreClient | undefined {
    return this.isReady ? this.#client : undefined
  }

  /** The first connection; the caller bounds it in time and closes the connection on failure. */
  async start(): Promise<void> {
    const client = this.#client
    await client.connect()
    await this.#options.prepare?.(client)
    if (client === this.#client) this.#becameReady()
  }

  /** Sends one command under the deadline; every failure is `store_unavailable` (the handlers' 503). */
  async send(args: readonly string[]): Promise<unknown> {
    if (!this.isReady) throw unavailable('Redis is not connected; the elicitation store is unavailable.')
    const client = this.#client
    const ms = this.#options.commandTimeoutMs
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = unavailable(`Redis did not answer ${args[0]} within ${ms} ms; the connection was dropped and is being reopened.`)
        if (client === this.#client) this.reset(error)
        reject(error)
      }, ms)
      ;(timer as { unref?: () => void }).unref?.()
    })
    try {
      const reply = await Promise.race([client.sendCommand(args), deadline])
      this.#lastReply = monotonicNow()
      return reply
    } catch (error) {
      if (McpHitlError.isInstance(error)) throw error
      throw unavailable(`Redis command ${args[0]} failed: ${(error as Error)?.message ?? String(error)}`, error)
    } finally {
      clearTimeout(timer)
    }
  }

  /** Drops the current client (rejecting what it has in flight) and opens a new one. */
  reset(reason: McpHitlError): void {
    if (this.#closed) return
    this.#options.onError(reason)
    const old = this.#client
    this.#open()
    destroyQuietly(old)
    this.#wentDown()
  }

  /** Closes gracefully (at most 1 s when the server does not answer), then for good. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    clearInterval(this.#probe)
    const client = this.#client
    if (!client.isReady) {
      destroyQuietly(client)
      return
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([client.close(), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))])
    } catch {
      // Already closed.
    } finally {
      clearTimeout(timer)
      destroyQuietly(client)
    }
  }

  #open(): void {
    const client = this.#listen(this.#options.createClient())
    this.#client = client
    this.#prepared = false
    this.#notReadySince = monotonicNow()
    client
      .connect()
      .then(() => this.#options.prepare?.(client))
      .then(() => {
        if (client === this.#client && !this.#closed) this.#becameReady()
      })
      .catch((error: unknown) => {
        // A replaced or closed client rejects its connect; only the current one's failure is news.
        if (client === this.#client && !this.#closed) this.#options.onError(error)
      })
  }

  #listen(client: RedisStoreClient): RedisStoreClient {
    // node-redis throws an unhandled 'error' event without a listener, also on a replaced client.
    client.on('error', (error) => {
      if (client !== this.#client || this.#closed) return
      this.#options.onError(error)
      this.#wentDown()
    })
    for (const event of ['reconnecting', 'end']) {
      client.on(event, () => {
        if (client === this.#client) this.#wentDown()
      })
    }
    // node-redis reconnects by itself after a socket error and re-subscribes before `ready`.
    client.on('ready', () => {
      if (client === this.#client && this.#prepared && !this.#closed) this.#becameReady()
    })
    return client
  }

  #becameReady(): void {
    this.#prepared = true
    this.#notReadySince = undefined
    this.#lastReply = monotonicNow()
    this.#options.onState?.(true)
  }

  #wentDown(): void {
    if (this.#closed || this.isReady) return
    this.#notReadySince ??= monotonicNow()
    this.#options.onState?.(false)
  }

  #tick(): void {
    if (this.#closed) return
    const now = monotonicNow()
    if (!this.isReady) {
      if (this.#notReadySince !== undefined && now - this.#notReadySince > this.#options.connectTimeoutMs) {
        this.reset(unavailable(`Redis did not become ready within ${this.#options.connectTimeoutMs} ms; opening a new connection.`))
      }
      return
    }
    if (this.#probing || now - this.#lastReply < this.#options.pingIntervalMs) return
    this.#probing = true
    this.send(['PING'])
      .catch(() => {
        // The deadline already reset the connection and reported why.
      })
      .finally(() => {
        this.#probing = false
      })
  }
}

function destroyQuietly(client: RedisStoreClient): void {
  try {
    client.destroy()
  } catch {
    // Already destroyed.
  }
}
