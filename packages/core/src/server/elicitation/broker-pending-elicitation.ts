/**
 * One request waiting for its person, from the moment the store took it until it settles: it
 * listens to the store (an answer on any replica), to the request's signals (the host cancelled, the
 * server withdrew) and to its deadline, and settles exactly once. A class rather than a handful of
 * closures: at 10,000 pending the difference shows in the heap (see BENCHMARKS.md).
 */
import { McpHitlError } from '../../errors'
import type { ElicitResult } from '../../elicitation/protocol'
import type { SchemaIssue } from '../../elicitation/schema-issues'
import type { BrokerCore, Waiter } from './broker-core'
import { monotonicNow } from './broker-expiry'
import type { ElicitationRequestContext } from './elicitation-broker-types'
import { toElicitationRequestData } from './elicitation-data'
import type { ElicitationSettlement, StoredElicitation } from './stores/elicitation-store'
import { jsonByteLength } from './stores/json-byte-length'
import type { UrlWait } from './url-completions'

/** A settlement that cancels `id` for `reason`. */
export const cancelled = (id: string, reason: string): ElicitationSettlement => ({ id, status: 'cancelled', result: { action: 'cancel' }, reason })

/**
 * Why a request is `withdrawn`, from its `serverSignal`'s abort reason: the SDKs abort with the
 * server's own `reason` string when it cancels, and without one (or with a connection error) when
 * the connection ends. The server's text itself is not shown: it is not the host's to vouch for.
 */
export const withdrawnReason = (signal: AbortSignal): string =>
  // The kit's own words (an adapter that knows more, e.g. the tool call that asked was answered).
  McpHitlError.isInstance(signal.reason)
    ? signal.reason.message
    : typeof signal.reason === 'string'
      ? 'The server cancelled its request before it was answered (as a server does when its own time limit runs out)'
      : 'The server’s request ended before it was answered (the server cancelled it, or its connection closed)'

const withdrawn = (id: string, signal: AbortSignal): ElicitationSettlement => ({
  id,
  status: 'withdrawn',
  result: { action: 'cancel' },
  reason: withdrawnReason(signal),
})

/** "0.3 s", "2 s", "600 s": a TTL as the expiry reason states it. */
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`

/** One waiting request; see the module comment. */
export class PendingElicitation implements Waiter {
  readonly promise: Promise<ElicitResult>
  deadlineSlot = -1
  private resolve!: (result: ElicitResult) => void
  private done = false
  /** An abort is being settled: the second signal to fire changes nothing. */
  private aborted = false
  private unsubscribe: (() => void) | undefined
  private readonly urlWait: UrlWait | undefined

  constructor(
    private readonly core: BrokerCore,
    readonly record: StoredElicitation,
    private readonly ctx: ElicitationRequestContext,
    /** Monotonic (`performance.now()`) time at which it expires. */
    readonly deadline: number,
    /** The schema flaws worked around, reported with `requested`. */
    private readonly adjustments?: SchemaIssue[],
  ) {
    this.promise = new Promise((resolve) => {
      this.resolve = resolve
    })
    // Kept on this replica's clock, as every URL wait is compared with `now()` (the record's may be a store's).
    const until = core.now() + (record.expiresAt - record.createdAt)
    this.urlWait =
      record.mode === 'url' ? { record, emit: ctx.emit, accepted: false, completedEarly: false, until, bytes: jsonByteLength(record) } : undefined
  }

  async start(): Promise<void> {
    const { core, record, ctx } = this
    // Subscribe before the part is shown: no answer can arrive before anyone listens.
    try {
      this.unsubscribe = await core.store.subscribe(record.id, (settlement) => this.finish(settlement))
    } catch (error) {
      core.report({ type: 'store_error', id: record.id, operation: 'subscribe', error })
      const reason = 'The elicitation store is unavailable'
      await core.settle(this, { id: record.id, status: 'failed', result: { action: 'decline' }, reason }, 'subscribe')
      return
    }
    if (this.done) {
      this.unsubscribe()
      return
    }
    core.waiters.set(record.id, this)
    if (this.urlWait) core.urls.track(this.urlWait)
    core.expiry.add(this)
    // The waiter is its own abort listener (handleEvent): no extra closure per request.
    ctx.signal?.addEventListener('abort', this, { once: true })
    if (ctx.serverSignal !== ctx.signal) ctx.serverSignal?.addEventListener('abort', this, { once: true })
    const { adjustments } = this
    core.report({
      type: 'requested',
      id: record.id,
      sessionId: record.sessionId,
      serverName: record.serverName,
      mode: record.mode,
      expiresAt: record.expiresAt,
      ...(adjustments ? { adjustments } : {}),
    })
    core.live.show(ctx.emit, record.sessionId, toElicitationRequestData(record, 'pending'))
    if (ctx.signal?.aborted || ctx.serverSignal?.aborted) this.handleEvent()
    if (core.closed) void core.settle(this, cancelled(record.id, 'The elicitation broker was closed'), 'close')
  }

  wallNow(): number {
    return this.record.expiresAt - (this.deadline - monotonicNow())
  }

  /**
   * Abort listener of both signals. The server's decides when it has aborted, whichever fired:
   * an adapter may link it into `signal` too, and the person must hear that the server stopped
   * waiting, not that something cancelled.
   */
  handleEvent(): void {
    if (this.done || this.aborted) return
    this.aborted = true
    const server = this.ctx.serverSignal
    if (server?.aborted) void this.core.settle(this, withdrawn(this.record.id, server), 'withdraw')
    else void this.core.settle(this, cancelled(this.record.id, 'The MCP request was cancelled'), 'abort')
  }

  expire(): void {
    const reason = `No answer within ${seconds(this.record.expiresAt - this.record.createdAt)}`
    void this.core.settle(this, { id: this.record.id, status: 'expired', result: { action: 'cancel' }, reason }, 'expire')
  }

  finish(settlement: ElicitationSettlement): void {
    if (this.done) return
    this.done = true
    const { core, record, ctx, urlWait } = this
    ctx.signal?.removeEventListener('abort', this)
    ctx.serverSignal?.removeEventListener('abort', this)
    this.unsubscribe?.()
    core.waiters.delete(record.id)
    core.expiry.remove(this)
    const accepted = settlement.status === 'accepted'
    // URL mode never carries content; declines and cancels never do either.
    const result: ElicitResult =
      accepted && record.mode === 'form' && settlement.result.content
        ? { action: 'accept', content: settlement.result.content }
        : { action: settlement.result.action }
    core.report({ type: 'settled', id: record.id, sessionId: record.sessionId, status: settlement.status, action: result.action, reason: settlement.reason })
    core.live.show(ctx.emit, record.sessionId, toElicitationRequestData(record, settlement.status, result, settlement.reason))
    if (urlWait) core.urls.settled(urlWait, accepted, ctx.signal)
    this.resolve(result)
  }
}
