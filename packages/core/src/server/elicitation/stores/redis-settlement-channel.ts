/**
 * Wakes the local waiters of the Redis store when any replica settles an elicitation.
 *
 * Why one pub/sub channel per prefix (and not keyspace notifications or streams):
 * - Keyspace notifications need `notify-keyspace-events` set on the server (often not allowed on
 *   managed Redis), carry only the key name (so each wake-up costs a GET), and are fire-and-forget too.
 * - Streams give replay, but each replica would need its own consumer position and trimming policy,
 *   and a reader connection blocked in XREAD: more moving parts for a message that matters for seconds.
 * - A channel per id would cost a SUBSCRIBE round trip before each elicitation can be shown.
 * One channel per prefix is subscribed once at start-up on a dedicated connection, so `subscribe(id)`
 * is a local map insert and is live the moment it returns. Every replica sees every settlement, which
 * is cheap: settlements happen at human pace. Pub/sub loses what is published while a subscriber is
 * disconnected, so when the connection comes back (node-redis re-subscribes before it reports
 * `ready`), the channel re-checks every id it waits on: the settle script also keeps the settlement
 * under a short-lived key for exactly this. If the connection stays down past the reconnect window,
 * every waiter gets a `cancelled` settlement with a reason, so nothing hangs on a dead Redis. A
 * frozen Redis counts as down once a PING or command on the subscriber passes its deadline.
 *
 * The channel also holds the leases of the ids it waits on (see redis-scripts.ts): it renews them
 * every third of `leaseMs` in batches, releases an id at once when its waiter leaves without a
 * settlement (retrying while Redis is unreachable), and cancels a waiter whose lease lapsed while
 * this replica could not renew it, since an answer may have been refused meanwhile.
 */
import { McpHitlError } from '../../../errors'
import type { ElicitationSettlement } from './elicitation-store'
import type { RedisScriptRunner } from './redis-client'
import { RedisConnection, type RedisConnectionOptions } from './redis-connection'
import { LEASE_SCRIPT, RECOVER_SCRIPT } from './redis-scripts'

type Listener = (settlement: ElicitationSettlement) => void

/** Options of {@link RedisSettlementChannel}. */
export interface RedisSettlementChannelOptions {
  /** How the subscriber connection is made and watched (`prepare` and `onState` are the channel's). */
  connection: Omit<RedisConnectionOptions, 'prepare' | 'onState'>
  runner: RedisScriptRunner
  channel: string
  /** Key prefixes of the delivery copies and of the records, for the re-check after a blip. */
  resultPrefix: string
  recordPrefix: string
  reconnectWindowMs: number
  leaseMs: number
}

const BATCH = 500
// Releases still owed while Redis is unreachable; past this, the oldest simply lapse on their own.
const MAX_RELEASES = 10_000

/** Local waiters plus the subscriber connection's health; see the file comment for the design. */
export class RedisSettlementChannel {
  readonly #options: RedisSettlementChannelOptions
  readonly #subscriber: RedisConnection
  readonly #waiters = new Map<string, Set<Listener>>()
  #downTimer: ReturnType<typeof setTimeout> | undefined
  /** The connection stayed down past the window; new waiters are refused until it is back. */
  #lapsed = false
  #closed = false
  #recovering: Promise<void> | undefined
  /** Ids whose waiter left without a settlement -> when (monotonic ms), until Redis heard so. */
  readonly #releases = new Map<string, number>()
  #releasing: Promise<void> | undefined
  #renewing = false
  readonly #renewTimer: ReturnType<typeof setInterval>

  constructor(options: RedisSettlementChannelOptions) {
    this.#options = options
    this.#renewTimer = setInterval(() => void this.#renew(), Math.max(1, Math.floor(options.leaseMs / 3)))
    // Renewing leases must not keep a process alive.
    ;(this.#renewTimer as { unref?: () => void }).unref?.()
    this.#subscriber = new RedisConnection({
      ...options.connection,
      // Every new subscriber client subscribes before it counts as ready.
      prepare: (client) => client.subscribe(options.channel, (message) => this.#onMessage(message)),
      onState: (ready) => (ready ? this.#onReady() : this.#onDown()),
    })
  }

  /** Connects the subscriber and subscribes to the channel; the caller bounds it in time. */
  async start(): Promise<void> {
    await this.#subscriber.start()
  }

  /** Registers a waiter; returns its removal. Refuses when Redis has been gone past the window. */
  add(id: string, listener: Listener): () => void {
    if (this.#closed) throw new McpHitlError('The Redis elicitation store is closed.', { code: 'misuse' })
    if (this.#lapsed) {
      throw new McpHitlError('Redis is unreachable; cannot wait for an elicitation answer.', {
        code: 'store_unavailable',
      })
    }
    let set = this.#waiters.get(id)
    if (!set) {
      set = new Set()
      this.#waiters.set(id, set)
    }
    set.add(listener)
    // A waiter added during an outage is covered by the running window timer and the re-check.
    this.#onDown()
    return () => {
      const current = this.#waiters.get(id)
      if (!current?.delete(listener) || current.size > 0) return
      // The last waiter left before any settlement reached it: nobody here will hear an answer.
      this.#waiters.delete(id)
      this.#release(id)
    }
  }

  /**
   * Calls and removes the id's waiters (each settlement reaches a waiter at most once). A settlement
   * from Redis that found its waiter here has no more use for its delivery copy, which holds the
   * answer's content: it is deleted at once instead of living out its retention.
   */
  deliver(settlement: ElicitationSettlement): void {
    const set = this.#waiters.get(settlement.id)
    if (!set) return
    this.#waiters.delete(settlement.id)
    this.#options.runner.command(['DEL', this.#options.resultPrefix + settlement.id]).catch(() => {
      // It expires on its own.
    })
    this.#notify(set, settlement)
  }

  /** Ends the id's waiters with a settlement Redis never saw, and gives up its lease if asked. */
  #finishHere(id: string, reason: string, release: boolean): void {
    const set = this.#waiters.get(id)
    if (!set) return
    this.#waiters.delete(id)
    if (release) this.#release(id)
    this.#notify(set, cancelled(id, reason))
  }

  #notify(set: Set<Listener>, settlement: ElicitationSettlement): void {
    for (const listener of set) {
      try {
        listener(settlement)
      } catch {
        // One failing listener must not keep the settlement from the others.
      }
    }
  }

  /**
   * Stops timers, cancels the waiters left (nobody may wait on a store that is gone), tells Redis
   * they are no longer waited on, and disconnects.
   */
  async close(): Promise<void> {
    if (this.#closed) return
    clearTimeout(this.#downTimer)
    clearInterval(this.#renewTimer)
    this.#cancelAll('The elicitation store was closed')
    this.#closed = true
    await this.#releasing
    await this.#flushReleases()
    await this.#subscriber.close()
  }

  #onMessage(message: string): void {
    let settlement: ElicitationSettlement
    try {
      settlement = JSON.parse(message) as ElicitationSettlement
    } catch {
      return
    }
    if (typeof settlement?.id === 'string') this.deliver(settlement)
  }

  #onDown(): void {
    if (this.#closed || this.#subscriber.isReady || this.#downTimer || this.#lapsed) return
    this.#downTimer = setTimeout(() => this.#giveUp(), this.#options.reconnectWindowMs)
  }

  #onReady(): void {
    if (this.#closed) return
    clearTimeout(this.#downTimer)
    this.#downTimer = undefined
    this.#lapsed = false
    if (this.#releases.size > 0) this.#releasing ??= this.#flushReleases().finally(() => (this.#releasing = undefined))
    this.#recovering ??= this.#recover().finally(() => {
      this.#recovering = undefined
    })
  }

  #giveUp(): void {
    this.#downTimer = undefined
    if (this.#closed || this.#subscriber.isReady) return
    this.#lapsed = true
    const seconds = this.#options.reconnectWindowMs / 1000
    this.#cancelAll(`Redis connection lost for more than ${seconds} s; the elicitation was cancelled.`)
  }

  #cancelAll(reason: string, ids: Iterable<string> = [...this.#waiters.keys()]): void {
    for (const id of ids) this.#finishHere(id, reason, true)
  }

  #release(id: string): void {
    this.#releases.delete(id)
    this.#releases.set(id, performance.now())
    for (const oldest of this.#releases.keys()) {
      if (this.#releases.size <= MAX_RELEASES) break
      this.#releases.delete(oldest)
    }
    if (!this.#closed) this.#releasing ??= this.#flushReleases().finally(() => (this.#releasing = undefined))
  }

  /** Sends the releases owed; what fails stays owed until the next renewal, or until it lapsed anyway. */
  async #flushReleases(): Promise<void> {
    const { runner, leaseMs, recordPrefix } = this.#options
    const stale = performance.now() - leaseMs
    for (const [id, at] of this.#releases) if (at < stale) this.#releases.delete(id)
    const ids = [...this.#releases.keys()]
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH)
      try {
        await runner.run(LEASE_SCRIPT, [], ['release', leaseMs, recordPrefix, ...batch])
      } catch {
        return
      }
      for (const id of batch) this.#releases.delete(id)
    }
  }

  /**
   * Renews the leases of every id waited on here; cancels the waiters whose lease had lapsed, and
   * re-checks those whose record is no longer pending. That is how data lost while every connection
   * stayed up (FLUSHALL, an eviction, a failover to an empty replica) is noticed: no reconnect says
   * so, and without this their waiters would wait out their whole time to answer.
   */
  async #renew(): Promise<void> {
    if (this.#closed || this.#renewing) return
    this.#renewing = true
    const { runner, leaseMs, recordPrefix, resultPrefix } = this.#options
    try {
      if (this.#releases.size > 0) await this.#flushReleases()
      const ids = [...this.#waiters.keys()]
      for (let i = 0; i < ids.length; i += BATCH) {
        const [lapsed, absent] = (await runner.run(LEASE_SCRIPT, [], ['renew', leaseMs, recordPrefix, ...ids.slice(i, i + BATCH)])) as [
          string[],
          string[],
        ]
        if (absent.length > 0) {
          // Settled (its settlement may still be on its way, or lost) or gone: Redis says which.
          const states = (await runner.run(RECOVER_SCRIPT, [], [resultPrefix, recordPrefix, ...absent])) as string[]
          for (const [index, id] of absent.entries()) this.#applyRecovered(id, states[index])
        }
        for (const id of lapsed) {
          this.#finishHere(
            id,
            `This replica could not renew its lease on the elicitation for more than ${leaseMs / 1000} s, so the lease lapsed and answers were refused meanwhile; it was cancelled.`,
            false,
          )
        }
      }
    } catch {
      // Unreachable: the connection's deadline and the reconnect window deal with it.
    } finally {
      this.#renewing = false
    }
  }

  /**
   * Re-checks every waited id after a reconnect, retrying while the command connection catches up
   * (bounded by the reconnect window), so a settlement published during the blip is not lost.
   */
  async #recover(): Promise<void> {
    const { runner, resultPrefix, recordPrefix, reconnectWindowMs } = this.#options
    const deadline = Date.now() + reconnectWindowMs
    for (;;) {
      const ids = [...this.#waiters.keys()]
      if (ids.length === 0 || this.#closed) return
      try {
        for (let i = 0; i < ids.length; i += 500) {
          const batch = ids.slice(i, i + 500)
          const states = (await runner.run(RECOVER_SCRIPT, [], [resultPrefix, recordPrefix, ...batch])) as string[]
          for (const [index, id] of batch.entries()) this.#applyRecovered(id, states[index])
        }
        return
      } catch {
        if (Date.now() >= deadline) {
          this.#cancelAll('Redis came back but the elicitation could not be re-checked; it was cancelled.', ids)
          return
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  }

  #applyRecovered(id: string, state: string | undefined): void {
    if (state === undefined || state === '@pending') return
    if (state === '@gone') {
      this.#finishHere(id, 'The elicitation is no longer in Redis (its data was lost: a restart, a flush, an eviction or a failover); it was cancelled.', false)
    } else if (state === '@settled') {
      this.#finishHere(id, 'The elicitation was settled while Redis was unreachable; its answer was lost.', false)
    } else {
      this.#onMessage(state)
    }
  }
}

function cancelled(id: string, reason: string): ElicitationSettlement {
  return { id, status: 'cancelled', result: { action: 'cancel' }, reason }
}
