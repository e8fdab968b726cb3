/**
 * What the broker's parts share: the resolved options, the store, the waiting requests of this
 * process, the live channel, the URL steps, the expiry timer, and the one way a settlement decided
 * here (expiry, abort, close) goes through the store without ever hanging on it.
 */
import type { RequestedSchema } from '../../elicitation/protocol'
import type { ValidateContentResult } from '../../elicitation/validate-content'
import { validateElicitationContent } from '../../elicitation/validate-content'
import { McpHitlError } from '../../errors'
import { BrokerExpiry, type Expiring } from './broker-expiry'
import { BrokerLiveChannel } from './broker-live-channel'
import { BrokerUrlCompletion } from './broker-url-completion'
import type { ElicitationBrokerEvent, ElicitationBrokerOptions } from './elicitation-broker-types'
import type { ElicitationLimits, ElicitationSettlement, ElicitationStore, StoredElicitation } from './stores/elicitation-store'
import { createMemoryElicitationStore } from './stores/memory-store'

const DEFAULT_TTL_MS = 10 * 60_000
/**
 * How long the broker waits for the store to confirm its own settlement (expiry, abort, close)
 * before it finishes the waiter anyway: an elicitation ends at most this long after its deadline
 * whatever the store does. A healthy store answers in milliseconds.
 */
const STORE_GRACE_MS = 1000
const KiB = 1024

/** A request waiting in this process for its answer. */
export interface Waiter extends Expiring {
  record: StoredElicitation
  /** The wall-clock time its monotonic deadline implies now, for the store's expiry checks. */
  wallNow(): number
  finish(settlement: ElicitationSettlement): void
}

/** The broker's shared state; see the module comment. */
export interface BrokerCore {
  readonly store: ElicitationStore
  /** The store was created by the broker, which then closes it. */
  readonly ownsStore: boolean
  readonly ttlMs: number
  readonly limits: ElicitationLimits
  readonly maxElicitationBytes: number
  readonly maxContentBytes: number
  readonly now: () => number
  readonly validate: (schema: RequestedSchema, content: unknown) => ValidateContentResult
  /** The requests waiting in this process, by elicitation id. */
  readonly waiters: Map<string, Waiter>
  readonly live: BrokerLiveChannel
  readonly urls: BrokerUrlCompletion
  readonly expiry: BrokerExpiry<Waiter>
  /** Set by `close()`: new requests are refused, waiters that start are cancelled. */
  closed: boolean
  /** The logging hook, which never breaks an answer. */
  report(event: ElicitationBrokerEvent): void
  /**
   * Settles through the store (expiry, abort, close); if the store fails or has not answered within
   * a second, finishes locally, so no waiter hangs on a store that hangs.
   */
  settle(waiter: Waiter, settlement: ElicitationSettlement, operation: string): Promise<void>
}

/** Resolves `options` into the shared state (a fresh memory store when none is given). */
export function createBrokerCore(options: ElicitationBrokerOptions): BrokerCore {
  const store = options.store ?? createMemoryElicitationStore({ now: options.now })
  const now = options.now ?? Date.now
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS
  const limits: ElicitationLimits = {
    maxPendingPerSession: options.maxPendingPerSession ?? 20,
    maxPendingTotal: options.maxPendingTotal ?? 10_000,
    maxPendingBytes: options.maxPendingBytes ?? 64 * KiB * KiB,
  }
  const report = (event: ElicitationBrokerEvent): void => {
    try {
      options.onEvent?.(event)
    } catch {
      // A logging hook must never break an answer.
    }
  }
  const live = new BrokerLiveChannel(store, report)
  const show = live.show.bind(live)
  return {
    store,
    ownsStore: options.store === undefined,
    ttlMs,
    limits,
    maxElicitationBytes: options.maxElicitationBytes ?? 64 * KiB,
    maxContentBytes: options.maxContentBytes ?? 64 * KiB,
    now,
    validate: options.validate ?? validateElicitationContent,
    waiters: new Map(),
    live,
    urls: new BrokerUrlCompletion({ now, ttlMs, maxBytes: limits.maxPendingBytes, report, show }),
    expiry: new BrokerExpiry<Waiter>(),
    closed: false,
    report,
    settle: (waiter, settlement, operation) => settleFromHere(store, report, waiter, settlement, operation),
  }
}

async function settleFromHere(
  store: ElicitationStore,
  report: (event: ElicitationBrokerEvent) => void,
  waiter: Waiter,
  settlement: ElicitationSettlement,
  operation: string,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const grace = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STORE_GRACE_MS)
    ;(timer as { unref?: () => void }).unref?.()
  })
  try {
    const outcome = await Promise.race([store.settle(settlement, waiter.wallNow()), grace])
    if (outcome === 'late') {
      const error = new McpHitlError(`The store did not confirm the ${operation} within ${STORE_GRACE_MS} ms; it was finished here`, {
        code: 'store_unavailable',
      })
      report({ type: 'store_error', id: settlement.id, operation, error })
      waiter.finish(settlement)
    } else if (outcome.ok || outcome.reason === 'not_found' || outcome.reason === 'not_waiting') waiter.finish(settlement)
    // already_settled / expired: the winning settlement reaches the waiter through the subscription.
  } catch (error) {
    report({ type: 'store_error', id: settlement.id, operation, error })
    waiter.finish(settlement)
  } finally {
    clearTimeout(timer)
  }
}
