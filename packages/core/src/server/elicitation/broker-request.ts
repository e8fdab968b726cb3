/**
 * The broker's part that takes a server's `elicitation/create`: it checks the request (its shape,
 * its size, the caller's session, the modes the client carries, the TTL, the signals), has the store
 * take it within the limits, and parks it until its person answers. A request it cannot take is
 * refused: answered at once (`decline`, or `cancel` when it was cancelled or withdrawn) and shown
 * to the page as failed with the reason, so the person never waits for a form that cannot come.
 */
import type { ElicitRequestParams, ElicitResult } from '../../elicitation/protocol'
import type { ElicitationStatus } from '../../elicitation/wire'
import { utf8ByteLength } from '../../utf8-byte-length'
import type { BrokerCore } from './broker-core'
import { monotonicNow } from './broker-expiry'
import { PendingElicitation, withdrawnReason } from './broker-pending-elicitation'
import { createElicitationId } from './create-elicitation-id'
import { describeElicitRequest, type ElicitRequestShown } from './describe-elicit-request'
import type { ElicitationRequestContext } from './elicitation-broker-types'
import { EMPTY_REQUESTED_SCHEMA, toElicitationRequestData } from './elicitation-data'
import { recordIdentity } from './record-identity'
import type { StoredElicitation } from './stores/elicitation-store'
import { jsonByteLength } from './stores/json-byte-length'

/** "65,536": byte counts as reasons and messages state them. */
export const count = (n: number): string => n.toLocaleString('en-US')

// A refused oversized elicitation is shown by the start of its message only: the point of the
// refusal is not to carry the bytes on.
const SHOWN_PREFIX = 200
const clip = (message: string): string => (message.length > SHOWN_PREFIX ? `${message.slice(0, SHOWN_PREFIX)}…` : message)

/** `broker.request` over `core`. */
export function createBrokerRequest(core: BrokerCore): (params: ElicitRequestParams, ctx: ElicitationRequestContext) => Promise<ElicitResult> {
  const refuse = (
    ctx: ElicitationRequestContext,
    shown: ElicitRequestShown,
    status: Exclude<ElicitationStatus, 'pending'>,
    result: ElicitResult,
    reason: string,
  ): ElicitResult => {
    const at = core.now()
    const record: StoredElicitation = {
      id: createElicitationId(),
      sessionId: ctx.sessionId,
      createdAt: at,
      expiresAt: at,
      status: 'pending',
      ...shown,
      ...recordIdentity(ctx),
    }
    core.report({ type: 'refused', id: record.id, sessionId: ctx.sessionId, serverName: record.serverName, reason })
    core.live.show(ctx.emit, ctx.sessionId, toElicitationRequestData(record, status, result, reason))
    return result
  }
  const decline = { action: 'decline' } as const

  /** The refusal's reason, or undefined when the request may be parked. */
  const check = (shown: ElicitRequestShown, ctx: ElicitationRequestContext, ttl: unknown): string | undefined => {
    if (core.closed) return 'The elicitation broker is closed'
    // Without an owner nobody could ever answer it (the handlers refuse empty sessions).
    if (typeof ctx.sessionId !== 'string' || ctx.sessionId.length === 0) return 'No sessionId in the request context'
    if (ctx.modes && !ctx.modes.includes(shown.mode)) return `This client does not support ${shown.mode}-mode elicitation`
    if (!(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0)) return 'ttlMs must be a positive, finite number of milliseconds'
    return undefined
  }

  return async (params, ctx) => {
    const described = describeElicitRequest(params)
    if (!described.ok) {
      const message = utf8ByteLength(described.message) > core.maxElicitationBytes ? clip(described.message) : described.message
      return refuse(ctx, { mode: 'form', message, requestedSchema: EMPTY_REQUESTED_SCHEMA }, 'failed', decline, described.reason)
    }
    const shown = described.shown
    const bytes = jsonByteLength(shown)
    if (bytes > core.maxElicitationBytes) {
      const reason = `The elicitation is ${count(bytes)} bytes (message, schema and URL), over the limit of ${count(core.maxElicitationBytes)} bytes (maxElicitationBytes)`
      return refuse(ctx, { mode: shown.mode, message: clip(shown.message), requestedSchema: EMPTY_REQUESTED_SCHEMA }, 'failed', decline, reason)
    }
    const ttl = ctx.ttlMs ?? core.ttlMs
    const refusal = check(shown, ctx, ttl)
    if (refusal !== undefined) return refuse(ctx, shown, 'failed', decline, refusal)
    if (ctx.serverSignal?.aborted) return refuse(ctx, shown, 'withdrawn', { action: 'cancel' }, withdrawnReason(ctx.serverSignal))
    if (ctx.signal?.aborted) return refuse(ctx, shown, 'cancelled', { action: 'cancel' }, 'The request was cancelled before it was shown')

    const createdAt = core.now()
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
    const { limits } = core
    try {
      const created = await core.store.create(record, limits)
      if (!created.ok) {
        const reasons = {
          session_limit: `Too many pending elicitations for this session (limit ${limits.maxPendingPerSession})`,
          total_limit: `Too many pending elicitations (limit ${limits.maxPendingTotal})`,
          bytes_limit: `Too many pending elicitation bytes (limit ${count(limits.maxPendingBytes)} bytes)`,
        }
        return refuse(ctx, shown, 'failed', decline, reasons[created.reason])
      }
      // A shared store's clock (Redis) sets the times every replica shows and decides by.
      if (created.createdAt !== undefined && created.expiresAt !== undefined) {
        record.createdAt = created.createdAt
        record.expiresAt = created.expiresAt
      }
    } catch (error) {
      core.report({ type: 'store_error', id: record.id, operation: 'create', error })
      return refuse(ctx, shown, 'failed', decline, 'The elicitation store is unavailable')
    }

    const waiter = new PendingElicitation(core, record, ctx, deadline, described.adjustments)
    void waiter.start()
    return waiter.promise
  }
}
