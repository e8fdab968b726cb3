/**
 * The per-session live channel of the Redis store: one pub/sub channel per session
 * (`<prefix>session-events:<sessionId>`), so a part emitted on replica A reaches the pages that
 * stream from replica B.
 *
 * Why a channel per session here, when settlements share one channel per prefix
 * (redis-settlement-channel.ts): a settlement matters only to the one replica that waits on the id,
 * and it must be live before the part is shown, so a SUBSCRIBE round trip per elicitation would
 * cost latency on every request. Session parts matter to whichever replicas stream that session's
 * pages right now, typically one or two; with one channel per prefix every replica would receive
 * (and parse) every part of every session. So a replica subscribes to a session's channel when its
 * first listener there arrives and leaves it with the last one, on a connection of its own, opened
 * on first use: a store whose app never streams session events keeps its two connections.
 *
 * Parts are handed to this replica's own listeners at once and published with the replica's origin
 * id, so the copy Redis echoes back is dropped rather than delivered twice. Pub/sub loses what is
 * published while a subscriber is away; the listeners then hear `onGap` (once the connection is back,
 * or once it stayed away past the reconnect window) and re-read the pending list.
 */
import { randomUUID } from 'node:crypto'
import { McpHitlError } from '../../../errors'
import { isRecord } from '../../../guards'
import { withDeadline } from '../../mcp/with-deadline'
import type { ElicitationRequestData } from '../../../elicitation/wire'
import type { RedisScriptRunner } from './redis-client'
import { RedisConnection, type RedisConnectionOptions } from './redis-connection'
import { SessionHub, type SessionListener } from './session-hub'

/** Options of {@link RedisSessionChannel}. */
export interface RedisSessionChannelOptions {
  /** How the subscriber connection is made and watched (`prepare` and `onState` are the channel's). */
  connection: Omit<RedisConnectionOptions, 'prepare' | 'onState'>
  /** Commands connection: PUBLISH goes there. */
  runner: RedisScriptRunner
  /** Channel name of a session is this plus the session id. */
  channelPrefix: string
  reconnectWindowMs: number
}

interface Envelope {
  /** The publishing store instance, so its own echo is dropped. */
  from: string
  data: ElicitationRequestData
}

const unavailable = (message: string, cause?: unknown): McpHitlError =>
  new McpHitlError(message, { code: 'store_unavailable', ...(cause === undefined ? {} : { cause }) })

/** Session listeners of this replica plus the per-session subscriptions behind them. */
export class RedisSessionChannel {
  readonly #options: RedisSessionChannelOptions
  readonly #origin = randomUUID()
  readonly #hub: SessionHub
  /** Sessions whose SUBSCRIBE Redis confirmed on the current client. */
  readonly #live = new Set<string>()
  readonly #subscribing = new Map<string, Promise<void>>()
  #subscriber: RedisConnection | undefined
  #started: Promise<void> | undefined
  #down = false
  #gapTimer: ReturnType<typeof setTimeout> | undefined
  #closed = false
  readonly #onMessage = (message: string, channel: string): void => this.#receive(message, channel)

  constructor(options: RedisSessionChannelOptions) {
    this.#options = options
    this.#hub = new SessionHub({ onLast: (sessionId) => this.#leave(sessionId) })
  }

  /** Hands `data` to this replica's listeners now, and to the other replicas' through Redis. */
  async publish(sessionId: string, data: ElicitationRequestData): Promise<void> {
    this.#hub.publish(sessionId, data)
    const envelope: Envelope = { from: this.#origin, data }
    await this.#options.runner.command(['PUBLISH', this.#channel(sessionId), JSON.stringify(envelope)])
  }

  /** Adds a listener; resolves to its removal once the session's channel is live in Redis. */
  async subscribe(sessionId: string, listener: SessionListener, onGap?: () => void): Promise<() => void> {
    if (this.#closed) throw new McpHitlError('The Redis elicitation store is closed.', { code: 'misuse' })
    // Local first: a part this replica publishes meanwhile reaches the listener at once.
    const remove = this.#hub.add(sessionId, listener, onGap)
    try {
      await this.#join(sessionId)
    } catch (error) {
      remove()
      throw error
    }
    return remove
  }

  /** Drops the listeners and closes the subscriber connection. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    clearTimeout(this.#gapTimer)
    this.#hub.clear()
    this.#live.clear()
    await this.#subscriber?.close()
  }

  #channel(sessionId: string): string {
    return this.#options.channelPrefix + sessionId
  }

  /** Opens the subscriber connection on first use; later calls share the first attempt. */
  #start(): Promise<void> {
    if (!this.#started) {
      const subscriber = new RedisConnection({
        ...this.#options.connection,
        // A new client (after a replacement) subscribes every session listened to here before it counts as ready.
        prepare: async (client) => {
          this.#live.clear()
          const sessions = this.#hub.sessions()
          await Promise.all(sessions.map((sessionId) => client.subscribe(this.#channel(sessionId), this.#onMessage)))
          for (const sessionId of sessions) this.#live.add(sessionId)
        },
        onState: (ready) => this.#onState(ready),
      })
      this.#subscriber = subscriber
      const ms = this.#options.connection.connectTimeoutMs
      this.#started = withDeadline(subscriber.start(), ms, () => new Error(`no connection within ${ms} ms`)).catch((error: unknown) => {
        // A failed first connection is retried by the next subscriber, not remembered forever.
        this.#started = undefined
        this.#subscriber = undefined
        void subscriber.close()
        throw unavailable(`Redis is unreachable; the live channel cannot subscribe: ${(error as Error)?.message ?? String(error)}`, error)
      })
    }
    return this.#started
  }

  async #join(sessionId: string): Promise<void> {
    if (this.#live.has(sessionId)) return
    const running = this.#subscribing.get(sessionId)
    if (running) return running
    const joining = (async () => {
      await this.#start()
      if (this.#live.has(sessionId)) return
      const client = this.#subscriber?.readyClient
      if (!client) throw unavailable('Redis is not connected; the live channel cannot subscribe.')
      const ms = this.#options.connection.commandTimeoutMs
      await withDeadline(client.subscribe(this.#channel(sessionId), this.#onMessage), ms, () =>
        unavailable(`Redis did not confirm the live channel's SUBSCRIBE within ${ms} ms.`),
      )
      // The last listener may have left while Redis confirmed: leave again rather than hold the channel.
      if (this.#hub.has(sessionId)) this.#live.add(sessionId)
      else void client.unsubscribe(this.#channel(sessionId)).catch(() => {})
    })().finally(() => this.#subscribing.delete(sessionId))
    this.#subscribing.set(sessionId, joining)
    return joining
  }

  #leave(sessionId: string): void {
    if (!this.#live.delete(sessionId)) return
    // Unreachable Redis: the next client subscribes only the sessions still listened to.
    void this.#subscriber?.readyClient?.unsubscribe(this.#channel(sessionId)).catch(() => {})
  }

  #receive(message: string, channel: string): void {
    const sessionId = channel.slice(this.#options.channelPrefix.length)
    let envelope: unknown
    try {
      envelope = JSON.parse(message)
    } catch {
      return
    }
    if (!isRecord(envelope) || envelope.from === this.#origin || !isRecord(envelope.data)) return
    const data = envelope.data as unknown as ElicitationRequestData
    if (typeof data.elicitationId !== 'string') return
    this.#hub.publish(sessionId, data)
  }

  #onState(ready: boolean): void {
    if (this.#closed) return
    if (!ready) {
      if (this.#down) return
      this.#down = true
      // Away past the window: the listeners learn now that they may be missing parts.
      this.#gapTimer = setTimeout(() => this.#hub.gap(), this.#options.reconnectWindowMs)
      ;(this.#gapTimer as { unref?: () => void }).unref?.()
      return
    }
    clearTimeout(this.#gapTimer)
    if (!this.#down) return
    this.#down = false
    // Back (re-subscribed): whatever was published meanwhile is lost, so the listeners re-read.
    this.#hub.gap()
  }
}
