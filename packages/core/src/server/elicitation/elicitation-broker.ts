/**
 * The elicitation broker: parks each `elicitation/create` until its person answers through the
 * respond handler, validates the answer, and re-emits the chat part on every status change.
 *
 * One state machine per elicitation: `pending` -> `accepted | declined | cancelled | expired | failed`
 * (URL mode: `accepted` -> `completed` on the server's notification). The store decides every
 * transition atomically, so an elicitation settles exactly once even when answers race or land on
 * another replica; the waiting `request` learns of it through the store's subscription.
 */
import { McpHitlError } from '../../errors'
import { decodeAnswerNames } from '../../elicitation/elicitation-name-stand-ins'
import type { ElicitRequestParams, ElicitResult } from '../../elicitation/protocol'
import type { SchemaIssue } from '../../elicitation/schema-issues'
import { validateElicitationContent } from '../../elicitation/validate-content'
import type { ElicitationRequestData, ElicitationStatus, RespondRequestBody } from '../../elicitation/wire'
import { createElicitationId } from './create-elicitation-id'
import { describeElicitRequest } from './describe-elicit-request'
import type { ElicitRequestShown } from './describe-elicit-request'
import type {
  CompleteScope,
  ElicitationBroker,
  ElicitationBrokerEvent,
  ElicitationBrokerOptions,
  ElicitationRequestContext,
  RespondOutcome,
  SessionSubscription,
} from './elicitation-broker-types'
import { DeadlineQueue } from './deadline-queue'
import { recordIdentity } from './record-identity'
import { EMPTY_REQUESTED_SCHEMA, toElicitationDataPart, toElicitationRequestData } from './elicitation-data'
import { UrlCompletions } from './url-completions'
import type { UrlWait } from './url-completions'
import type { ElicitationLimits, ElicitationSettlement, SessionSubscribeOptions, StoredElicitation } from './stores/elicitation-store'
import { utf8ByteLength } from '../../utf8-byte-length'
import { jsonByteLength } from './stores/json-byte-length'
import { createMemoryElicitationStore } from './stores/memory-store'
import { SessionHub, type SessionListener } from './stores/session-hub'

const DEFAULT_TTL_MS = 10 * 60_000
/**
 * How long the broker waits for the store to confirm its own settlement (expiry, abort, close)
 * before it finishes the waiter anyway: an elicitation ends at most this long after its deadline
 * whatever the store does. A healthy store answers in milliseconds.
 */
const STORE_GRACE_MS = 1000
const KiB = 1024
// setTimeout fires at once beyond 2^31-1 ms; longer TTLs are re-armed in steps.
const MAX_TIMER_MS = 2_147_483_647

/** The 404 message of the AI SDK example, kept word for word for pages built on it. */
export const NOT_FOUND_MESSAGE = 'Elicitation request not found or already resolved'

const REQUEST_ENDED_REASON = 'The request that asked for this step ended before the server confirmed it was completed'
const CLOSED_BEFORE_COMPLETION_REASON = 'The elicitation broker was closed before the server confirmed the step was completed'

const NOT_WAITING_MESSAGE = 'Nobody is waiting for this answer any more (the process that asked has stopped); it was not delivered'
const WITHDRAWN_MESSAGE = 'The server stopped waiting for this answer (it cancelled its request); it was not delivered'

interface Waiter {
  record: StoredElicitation
  /** The wall-clock time its monotonic deadline implies now, for the store's expiry checks. */
  wallNow(): number
  finish(settlement: ElicitationSettlement): void
}

const cancelled = (id: string, reason: string): ElicitationSettlement => ({ id, status: 'cancelled', result: { action: 'cancel' }, reason })

/**
 * Why a request is `withdrawn`, from its `serverSignal`'s abort reason: the SDKs abort with the
 * server's own `reason` string when it cancels, and without one (or with a connection error) when
 * the connection ends. The server's text itself is not shown: it is not the host's to vouch for.
 */
const withdrawnReason = (signal: AbortSignal): string =>
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

const STATUS_BY_ACTION = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const

/** "65,536": byte counts as reasons and messages state them. */
const count = (n: number): string => n.toLocaleString('en-US')

// A refused oversized elicitation is shown by the start of its message only: the point of the
// refusal is not to carry the bytes on.
const SHOWN_PREFIX = 200
const clip = (message: string): string => (message.length > SHOWN_PREFIX ? `${message.slice(0, SHOWN_PREFIX)}…` : message)

/** "0.3 s", "2 s", "600 s": a TTL as the expiry reason states it. */
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`

// Expiry is timed on the monotonic clock: the wall clock (`now`) may step while a person reads.
const monotonicNow = (): number => performance.now()

/** Creates a broker; see {@link ElicitationBrokerOptions} for the defaults. */
export function createElicitationBroker(options: ElicitationBrokerOptions = {}): ElicitationBroker {
  const ownsStore = options.store === undefined
  const store = options.store ?? createMemoryElicitationStore({ now: options.now })
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS
  const limits: ElicitationLimits = {
    maxPendingPerSession: options.maxPendingPerSession ?? 20,
    maxPendingTotal: options.maxPendingTotal ?? 10_000,
    maxPendingBytes: options.maxPendingBytes ?? 64 * KiB * KiB,
  }
  const maxElicitationBytes = options.maxElicitationBytes ?? 64 * KiB
  const maxContentBytes = options.maxContentBytes ?? 64 * KiB
  const now = options.now ?? Date.now
  const validate = options.validate ?? validateElicitationContent
  const waiters = new Map<string, Waiter>()
  const urlWaits = new UrlCompletions(limits.maxPendingBytes)
  // The live channel: the store's when it has one (Redis: across replicas), else this process only.
  const sharedSessions = store.publishSession && store.subscribeSession ? store : undefined
  const localSessions = sharedSessions ? undefined : new SessionHub()
  const sessionSubscriptions = new Set<() => void>()
  let closed = false

  const report = (event: ElicitationBrokerEvent): void => {
    try {
      options.onEvent?.(event)
    } catch {
      // A logging hook must never break an answer.
    }
  }

  const publishSession = (sessionId: string, data: ElicitationRequestData): void => {
    if (typeof sessionId !== 'string' || sessionId.length === 0) return
    if (localSessions) localSessions.publish(sessionId, data)
    else sharedSessions?.publishSession?.(sessionId, data).catch((error: unknown) => {
      // The chat stream still carries the part; pages on other replicas see it on their next list.
      report({ type: 'store_error', id: data.elicitationId, operation: 'publishSession', error })
    })
  }

  /** Shows `data` in the chat stream that asked (if any) and to every live page of the session. */
  const emitData = (emit: ElicitationRequestContext['emit'], sessionId: string, data: ElicitationRequestData): void => {
    publishSession(sessionId, data)
    if (!emit) return
    try {
      emit(toElicitationDataPart(data))
    } catch (error) {
      // The chat stream may have ended; the list handler still shows pending elicitations.
      report({ type: 'emit_failed', id: data.elicitationId, error })
    }
  }

  const refuse = (
    ctx: ElicitationRequestContext,
    shown: ElicitRequestShown,
    status: Exclude<ElicitationStatus, 'pending'>,
    result: ElicitResult,
    reason: string,
  ): ElicitResult => {
    const at = now()
    const record: StoredElicitation = {
      id: createElicitationId(),
      sessionId: ctx.sessionId,
      createdAt: at,
      expiresAt: at,
      status: 'pending',
      ...shown,
      ...recordIdentity(ctx),
    }
    report({ type: 'refused', id: record.id, sessionId: ctx.sessionId, serverName: record.serverName, reason })
    emitData(ctx.emit, ctx.sessionId, toElicitationRequestData(record, status, result, reason))
    return result
  }

  const emitCompleted = (wait: UrlWait): void => {
    urlWaits.drop(wait)
    report({ type: 'completed', id: wait.record.id, urlElicitationId: wait.record.urlElicitationId ?? '' })
    emitData(wait.emit, wait.record.sessionId, toElicitationRequestData(wait.record, 'completed', { action: 'accept' }))
  }

  /**
   * A consented URL step that nobody will complete any more (the request that raised it ended, or
   * the broker closed): the page is told, so it stops waiting instead of counting down to its TTL.
   * `failed` with the consent kept in `response`: the user did consent, the step was not confirmed.
   */
  const emitNotCompleted = (wait: UrlWait, reason: string): void => {
    urlWaits.drop(wait)
    report({ type: 'not_completed', id: wait.record.id, urlElicitationId: wait.record.urlElicitationId ?? '', reason })
    emitData(wait.emit, wait.record.sessionId, toElicitationRequestData(wait.record, 'failed', { action: 'accept' }, reason))
  }

  /** After consent, the end of the raising request (its signal) ends the wait for completion. */
  const endWithSignal = (wait: UrlWait, signal: AbortSignal | undefined): void => {
    if (!signal) return
    const onAbort = (): void => {
      if (urlWaits.has(wait, now())) emitNotCompleted(wait, REQUEST_ENDED_REASON)
    }
    if (signal.aborted) {
      onAbort()
      return
    }
    signal.addEventListener('abort', onAbort, { once: true })
    wait.stopListening = () => signal.removeEventListener('abort', onAbort)
  }

  /**
   * Settles through the store (expiry, abort, close); if the store fails or has not answered within
   * {@link STORE_GRACE_MS}, finishes locally, so no waiter hangs on a store that hangs.
   */
  const settleFromHere = async (waiter: Waiter, settlement: ElicitationSettlement, operation: string): Promise<void> => {
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

  /**
   * One waiting request. A class rather than a handful of closures, and one shared expiry timer over
   * a deadline heap rather than a timer per request: at 10,000 pending both show in the heap (see
   * BENCHMARKS.md).
   */
  class PendingElicitation implements Waiter {
    readonly promise: Promise<ElicitResult>
    deadlineSlot = -1
    private resolve!: (result: ElicitResult) => void
    private done = false
    /** An abort is being settled: the second signal to fire changes nothing. */
    private aborted = false
    private unsubscribe: (() => void) | undefined
    private readonly urlWait: UrlWait | undefined

    constructor(
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
      const until = now() + (record.expiresAt - record.createdAt)
      this.urlWait =
        record.mode === 'url' ? { record, emit: ctx.emit, accepted: false, completedEarly: false, until, bytes: jsonByteLength(record) } : undefined
    }

    async start(): Promise<void> {
      const { record, ctx } = this
      // Subscribe before the part is shown: no answer can arrive before anyone listens.
      try {
        this.unsubscribe = await store.subscribe(record.id, (settlement) => this.finish(settlement))
      } catch (error) {
        report({ type: 'store_error', id: record.id, operation: 'subscribe', error })
        const reason = 'The elicitation store is unavailable'
        await settleFromHere(this, { id: record.id, status: 'failed', result: { action: 'decline' }, reason }, 'subscribe')
        return
      }
      if (this.done) {
        this.unsubscribe()
        return
      }
      waiters.set(record.id, this)
      if (this.urlWait) urlWaits.add(this.urlWait, now())
      deadlines.push(this)
      armExpiry()
      // The waiter is its own abort listener (handleEvent): no extra closure per request.
      ctx.signal?.addEventListener('abort', this, { once: true })
      if (ctx.serverSignal !== ctx.signal) ctx.serverSignal?.addEventListener('abort', this, { once: true })
      const { adjustments } = this
      report({ type: 'requested', id: record.id, sessionId: record.sessionId, serverName: record.serverName, mode: record.mode, expiresAt: record.expiresAt, ...(adjustments ? { adjustments } : {}) })
      emitData(ctx.emit, record.sessionId, toElicitationRequestData(record, 'pending'))
      if (ctx.signal?.aborted || ctx.serverSignal?.aborted) this.handleEvent()
      if (closed) void settleFromHere(this, cancelled(record.id, 'The elicitation broker was closed'), 'close')
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
      if (server?.aborted) void settleFromHere(this, withdrawn(this.record.id, server), 'withdraw')
      else void settleFromHere(this, cancelled(this.record.id, 'The MCP request was cancelled'), 'abort')
    }

    expire(): void {
      const reason = `No answer within ${seconds(this.record.expiresAt - this.record.createdAt)}`
      void settleFromHere(this, { id: this.record.id, status: 'expired', result: { action: 'cancel' }, reason }, 'expire')
    }

    finish(settlement: ElicitationSettlement): void {
      if (this.done) return
      this.done = true
      const { record, ctx, urlWait } = this
      ctx.signal?.removeEventListener('abort', this)
      ctx.serverSignal?.removeEventListener('abort', this)
      this.unsubscribe?.()
      waiters.delete(record.id)
      deadlines.remove(this)
      const accepted = settlement.status === 'accepted'
      // URL mode never carries content; declines and cancels never do either.
      const result: ElicitResult =
        accepted && record.mode === 'form' && settlement.result.content
          ? { action: 'accept', content: settlement.result.content }
          : { action: settlement.result.action }
      report({ type: 'settled', id: record.id, sessionId: record.sessionId, status: settlement.status, action: result.action, reason: settlement.reason })
      emitData(ctx.emit, record.sessionId, toElicitationRequestData(record, settlement.status, result, settlement.reason))
      if (urlWait) {
        if (accepted) {
          urlWait.accepted = true
          urlWait.until = now() + ttlMs
          if (urlWait.completedEarly) emitCompleted(urlWait)
          else endWithSignal(urlWait, ctx.signal)
        } else urlWaits.drop(urlWait)
      }
      this.resolve(result)
    }
  }

  // One timer for all waiters, armed for the earliest deadline in the heap and re-armed after each
  // sweep; each waiter keeps its own deadline, so TTLs may differ per request.
  const deadlines = new DeadlineQueue<PendingElicitation>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerDue = Number.POSITIVE_INFINITY

  const armExpiry = (): void => {
    const due = deadlines.peek()?.deadline
    if (closed || due === undefined || (timer !== undefined && timerDue <= due)) return
    if (timer !== undefined) clearTimeout(timer)
    timerDue = due
    timer = setTimeout(sweep, Math.min(Math.max(Math.ceil(due - monotonicNow()), 0), MAX_TIMER_MS))
    // Do not hold a process open only to expire an elicitation.
    ;(timer as { unref?: () => void }).unref?.()
  }

  const sweep = (): void => {
    timer = undefined
    timerDue = Number.POSITIVE_INFINITY
    for (const waiter of deadlines.takeDue(monotonicNow())) waiter.expire()
    armExpiry()
  }

  const request = async (params: ElicitRequestParams, ctx: ElicitationRequestContext): Promise<ElicitResult> => {
    const described = describeElicitRequest(params)
    if (!described.ok) {
      const message = utf8ByteLength(described.message) > maxElicitationBytes ? clip(described.message) : described.message
      const shown = { mode: 'form' as const, message, requestedSchema: EMPTY_REQUESTED_SCHEMA }
      return refuse(ctx, shown, 'failed', { action: 'decline' }, described.reason)
    }
    const shown = described.shown
    const bytes = jsonByteLength(shown)
    if (bytes > maxElicitationBytes) {
      const reason = `The elicitation is ${count(bytes)} bytes (message, schema and URL), over the limit of ${count(maxElicitationBytes)} bytes (maxElicitationBytes)`
      return refuse(ctx, { mode: shown.mode, message: clip(shown.message), requestedSchema: EMPTY_REQUESTED_SCHEMA }, 'failed', { action: 'decline' }, reason)
    }
    if (closed) return refuse(ctx, shown, 'failed', { action: 'decline' }, 'The elicitation broker is closed')
    // Without an owner nobody could ever answer it (the handlers refuse empty sessions).
    if (typeof ctx.sessionId !== 'string' || ctx.sessionId.length === 0) {
      return refuse(ctx, shown, 'failed', { action: 'decline' }, 'No sessionId in the request context')
    }
    if (ctx.modes && !ctx.modes.includes(shown.mode)) {
      return refuse(ctx, shown, 'failed', { action: 'decline' }, `This client does not support ${shown.mode}-mode elicitation`)
    }
    const ttl = ctx.ttlMs ?? ttlMs
    if (!(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0)) {
      return refuse(ctx, shown, 'failed', { action: 'decline' }, 'ttlMs must be a positive, finite number of milliseconds')
    }
    if (ctx.serverSignal?.aborted) return refuse(ctx, shown, 'withdrawn', { action: 'cancel' }, withdrawnReason(ctx.serverSignal))
    if (ctx.signal?.aborted) return refuse(ctx, shown, 'cancelled', { action: 'cancel' }, 'The request was cancelled before it was shown')

    const createdAt = now()
    const deadline = monotonicNow() + ttl
    const record: StoredElicitation = {
      id: createElicitationId(),
      sessionId: ctx.sessionId,
      createdAt,
      expiresAt: createdAt + ttl,
      status: 'pending',
      ...shown,
      ...recordIdentity(ctx),
    }
    try {
      const created = await store.create(record, limits)
      if (!created.ok) {
        const reasons = {
          session_limit: `Too many pending elicitations for this session (limit ${limits.maxPendingPerSession})`,
          total_limit: `Too many pending elicitations (limit ${limits.maxPendingTotal})`,
          bytes_limit: `Too many pending elicitation bytes (limit ${count(limits.maxPendingBytes)} bytes)`,
        }
        return refuse(ctx, shown, 'failed', { action: 'decline' }, reasons[created.reason])
      }
      // A shared store's clock (Redis) sets the times every replica shows and decides by.
      if (created.createdAt !== undefined && created.expiresAt !== undefined) {
        record.createdAt = created.createdAt
        record.expiresAt = created.expiresAt
      }
    } catch (error) {
      report({ type: 'store_error', id: record.id, operation: 'create', error })
      return refuse(ctx, shown, 'failed', { action: 'decline' }, 'The elicitation store is unavailable')
    }

    const waiter = new PendingElicitation(record, ctx, deadline, described.adjustments)
    void waiter.start()
    return waiter.promise
  }

  const respond = async (body: RespondRequestBody, sessionId: string): Promise<RespondOutcome> => {
    const refuse = (code: Exclude<RespondOutcome, { ok: true }>['code'], message: string, extra?: Partial<RespondOutcome>): RespondOutcome => {
      report({ type: 'respond_rejected', id: body.id, code })
      return { ok: false, code, message, ...extra } as RespondOutcome
    }
    const record = await store.get(body.id)
    if (!record) return refuse('not_found', NOT_FOUND_MESSAGE)
    // Ownership before state: another session learns nothing about the elicitation's progress.
    if (record.sessionId !== sessionId) return refuse('forbidden', 'This elicitation belongs to another session')
    if (record.status === 'expired') return refuse('expired', 'This elicitation has expired')
    if (record.status === 'withdrawn') return refuse('withdrawn', WITHDRAWN_MESSAGE)
    if (record.status !== 'pending') return refuse('already_settled', 'This elicitation was already answered')
    // The waiter on this replica knows the monotonic deadline, so it decides here and the store is
    // given the wall time that deadline implies. Elsewhere the store decides on its own clock (this
    // replica's may be off: it must neither refuse a live answer nor take a late one).
    const waiter = waiters.get(record.id)
    const at = waiter ? waiter.wallNow() : now()
    if (waiter && at >= record.expiresAt) {
      const settlement: ElicitationSettlement = { id: record.id, status: 'expired', result: { action: 'cancel' }, reason: 'Answered after it expired' }
      void settleFromHere(waiter, settlement, 'expire')
      return refuse('expired', 'This elicitation has expired')
    }
    let result: ElicitResult = { action: body.action }
    if (body.action === 'accept' && record.mode === 'form') {
      // A page that did not decode the part answers a stand-in key: it means the field it stands for.
      const checked = validate(record.requestedSchema, decodeAnswerNames(record.requestedSchema.properties, body.content ?? {}))
      if (!checked.ok) return refuse('invalid_content', 'The content does not match the requested schema', { fieldErrors: checked.errors })
      // Measured once validated: only the schema's fields are left, and it is what travels on.
      const bytes = jsonByteLength(checked.content)
      if (bytes > maxContentBytes) {
        return refuse('payload_too_large', `The answer is ${count(bytes)} bytes, over the limit of ${count(maxContentBytes)} bytes`)
      }
      result = { action: 'accept', content: checked.content }
    }
    const settlement: ElicitationSettlement = { id: record.id, status: STATUS_BY_ACTION[body.action], result }
    const outcome = await store.settle(settlement, at)
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') return refuse('not_found', NOT_FOUND_MESSAGE)
      if (outcome.reason === 'expired') return refuse('expired', 'This elicitation has expired')
      if (outcome.reason === 'withdrawn') return refuse('withdrawn', WITHDRAWN_MESSAGE)
      // Gone for good, like an expired one (410): the person must not believe it was delivered.
      if (outcome.reason === 'not_waiting') return refuse('expired', NOT_WAITING_MESSAGE)
      return refuse('already_settled', 'This elicitation was already answered')
    }
    // Same process: finish at once rather than wait for the store's publication.
    waiters.get(record.id)?.finish(settlement)
    return { ok: true }
  }

  const complete = async (urlElicitationId: string, scope: CompleteScope = {}): Promise<boolean> => {
    const wait = urlWaits.find(urlElicitationId, now(), scope)
    if (!wait) return false
    // Completed before the user consented (e.g. an earlier attempt): shown as completed once accepted.
    if (!wait.accepted) wait.completedEarly = true
    else emitCompleted(wait)
    return true
  }

  const listPending = async (sessionId: string): Promise<ElicitationRequestData[]> => {
    const records = await store.listPending(sessionId)
    const pending = records.map((record) => ({ at: record.createdAt, data: toElicitationRequestData(record, 'pending') }))
    // Consented URL steps still waiting for their server: a page that reloads shows each as a pending
    // row (Reopen, Copy link) until the server's `completed` or `failed` part. This replica's only:
    // the wait lives where the request is, and so does the notification that ends it.
    const consented = urlWaits
      .acceptedFor(sessionId, now())
      .map((wait) => ({ at: wait.record.createdAt, data: toElicitationRequestData(wait.record, 'accepted', { action: 'accept' }) }))
    if (consented.length === 0) return pending.map((entry) => entry.data)
    // Oldest first, as the store lists (a stable sort keeps the store's order among equal times).
    return [...pending, ...consented].sort((a, b) => a.at - b.at).map((entry) => entry.data)
  }

  const subscribeSession = (sessionId: string, listener: SessionListener, options: SessionSubscribeOptions = {}): SessionSubscription => {
    if (typeof sessionId !== 'string' || sessionId.length === 0) {
      throw new McpHitlError('broker.subscribeSession needs the session id, a non-empty string (the one getSessionId returns).', { code: 'misuse' })
    }
    if (typeof listener !== 'function') {
      throw new McpHitlError('broker.subscribeSession needs a listener function, called with each ElicitationRequestData.', { code: 'misuse' })
    }
    let unsubscribe: (() => void) | undefined
    let stopped = false
    const stop = (): void => {
      stopped = true
      sessionSubscriptions.delete(stop)
      unsubscribe?.()
      unsubscribe = undefined
    }
    let ready: Promise<void>
    if (closed) {
      stopped = true
      ready = Promise.reject(new McpHitlError('broker.subscribeSession was called on a closed broker.', { code: 'misuse' }))
    } else if (localSessions) {
      unsubscribe = localSessions.add(sessionId, listener, options.onGap)
      ready = Promise.resolve()
    } else {
      ready = (sharedSessions?.subscribeSession?.(sessionId, listener, options) ?? Promise.resolve(() => {})).then(
        (off) => {
          if (stopped) off()
          else unsubscribe = off
        },
        (error: unknown) => {
          stop()
          throw error
        },
      )
    }
    if (!stopped) sessionSubscriptions.add(stop)
    // Marked handled here: a caller that never awaits `ready` must not get an unhandled rejection.
    ready.catch(() => {})
    return Object.assign(stop, { ready })
  }

  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    const reason = 'The elicitation broker was closed'
    await Promise.all(
      [...waiters.values()].map((waiter) =>
        settleFromHere(waiter, { id: waiter.record.id, status: 'cancelled', result: { action: 'cancel' }, reason }, 'close'),
      ),
    )
    // Anything the store did not confirm is finished here: close() leaves no waiter and no timer.
    for (const waiter of [...waiters.values()]) {
      waiter.finish({ id: waiter.record.id, status: 'cancelled', result: { action: 'cancel' }, reason })
    }
    // Consented steps still waiting for completion: none can arrive any more, say so.
    for (const wait of urlWaits.all()) if (wait.accepted) emitNotCompleted(wait, CLOSED_BEFORE_COMPLETION_REASON)
    // After the waiters and the URL steps: the pages still hear how their requests ended.
    for (const stop of [...sessionSubscriptions]) stop()
    urlWaits.clear()
    deadlines.clear()
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (ownsStore) await store.close()
  }

  return { request, respond, complete, listPending, subscribeSession, close }
}
