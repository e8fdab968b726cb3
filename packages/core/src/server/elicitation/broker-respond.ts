/**
 * The broker's part that takes a person's answer (what the respond handler calls): ownership before
 * state, so another session learns nothing; the state as the store knows it (expired, withdrawn,
 * already answered); the content checked against the requested schema and its size; then one
 * atomic settlement in the store, which the waiting request hears on whatever replica it runs.
 */
import { decodeAnswerNames } from '../../elicitation/elicitation-name-stand-ins'
import type { ElicitResult } from '../../elicitation/protocol'
import type { RespondRequestBody } from '../../elicitation/wire'
import type { BrokerCore } from './broker-core'
import { count } from './broker-request'
import type { RespondOutcome } from './elicitation-broker-types'
import type { ElicitationSettlement } from './stores/elicitation-store'
import { jsonByteLength } from './stores/json-byte-length'

/** The 404 message of the AI SDK example, kept word for word for pages built on it. */
export const NOT_FOUND_MESSAGE = 'Elicitation request not found or already resolved'

const NOT_WAITING_MESSAGE = 'Nobody is waiting for this answer any more (the process that asked has stopped); it was not delivered'
const WITHDRAWN_MESSAGE = 'The server stopped waiting for this answer (it cancelled its request); it was not delivered'
const EXPIRED_MESSAGE = 'This elicitation has expired'
const SETTLED_MESSAGE = 'This elicitation was already answered'

const STATUS_BY_ACTION = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const

type Rejection = Exclude<RespondOutcome, { ok: true }>

/** `broker.respond` over `core`. */
export function createBrokerRespond(core: BrokerCore): (body: RespondRequestBody, sessionId: string) => Promise<RespondOutcome> {
  return async (body, sessionId) => {
    const reject = (code: Rejection['code'], message: string, extra?: Partial<Rejection>): RespondOutcome => {
      core.report({ type: 'respond_rejected', id: body.id, code })
      return { ok: false, code, message, ...extra } as RespondOutcome
    }
    const record = await core.store.get(body.id)
    if (!record) return reject('not_found', NOT_FOUND_MESSAGE)
    // Ownership before state: another session learns nothing about the elicitation's progress.
    if (record.sessionId !== sessionId) return reject('forbidden', 'This elicitation belongs to another session')
    if (record.status === 'expired') return reject('expired', EXPIRED_MESSAGE)
    if (record.status === 'withdrawn') return reject('withdrawn', WITHDRAWN_MESSAGE)
    if (record.status !== 'pending') return reject('already_settled', SETTLED_MESSAGE)
    // The waiter on this replica knows the monotonic deadline, so it decides here and the store is
    // given the wall time that deadline implies. Elsewhere the store decides on its own clock (this
    // replica's may be off: it must neither refuse a live answer nor take a late one).
    const waiter = core.waiters.get(record.id)
    const at = waiter ? waiter.wallNow() : core.now()
    if (waiter && at >= record.expiresAt) {
      const settlement: ElicitationSettlement = { id: record.id, status: 'expired', result: { action: 'cancel' }, reason: 'Answered after it expired' }
      void core.settle(waiter, settlement, 'expire')
      return reject('expired', EXPIRED_MESSAGE)
    }
    let result: ElicitResult = { action: body.action }
    if (body.action === 'accept' && record.mode === 'form') {
      // A page that did not decode the part answers a stand-in key: it means the field it stands for.
      const checked = core.validate(record.requestedSchema, decodeAnswerNames(record.requestedSchema.properties, body.content ?? {}))
      if (!checked.ok) return reject('invalid_content', 'The content does not match the requested schema', { fieldErrors: checked.errors })
      // Measured once validated: only the schema's fields are left, and it is what travels on.
      const bytes = jsonByteLength(checked.content)
      if (bytes > core.maxContentBytes) {
        return reject('payload_too_large', `The answer is ${count(bytes)} bytes, over the limit of ${count(core.maxContentBytes)} bytes`)
      }
      result = { action: 'accept', content: checked.content }
    }
    const settlement: ElicitationSettlement = { id: record.id, status: STATUS_BY_ACTION[body.action], result }
    const outcome = await core.store.settle(settlement, at)
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') return reject('not_found', NOT_FOUND_MESSAGE)
      if (outcome.reason === 'expired') return reject('expired', EXPIRED_MESSAGE)
      if (outcome.reason === 'withdrawn') return reject('withdrawn', WITHDRAWN_MESSAGE)
      // Gone for good, like an expired one (410): the person must not believe it was delivered.
      if (outcome.reason === 'not_waiting') return reject('expired', NOT_WAITING_MESSAGE)
      return reject('already_settled', SETTLED_MESSAGE)
    }
    // Same process: finish at once rather than wait for the store's publication.
    core.waiters.get(record.id)?.finish(settlement)
    return { ok: true }
  }
}
