/**
 * The elicitation broker: parks each `elicitation/create` until its person answers through the
 * respond handler, validates the answer, and re-emits the chat part on every status change.
 *
 * One state machine per elicitation: `pending` -> `accepted | declined | cancelled | expired | failed`
 * (URL mode: `accepted` -> `completed` on the server's notification). The store decides every
 * transition atomically, so an elicitation settles exactly once even when answers race or land on
 * another replica; the waiting `request` learns of it through the store's subscription.
 *
 * Assembled from parts with one reason to change each: taking a request (`broker-request.ts`),
 * taking an answer (`broker-respond.ts`), expiry (`broker-expiry.ts`), URL completion
 * (`broker-url-completion.ts`), showing parts (`broker-live-channel.ts`), over the shared state of
 * `broker-core.ts`.
 */
import { createBrokerCore } from './broker-core'
import { cancelled } from './broker-pending-elicitation'
import { createBrokerRequest } from './broker-request'
import { createBrokerRespond } from './broker-respond'
import type { ElicitationBroker, ElicitationBrokerOptions } from './elicitation-broker-types'
import { toElicitationRequestData } from './elicitation-data'

export { NOT_FOUND_MESSAGE } from './broker-respond'

const CLOSED_REASON = 'The elicitation broker was closed'

/** Creates a broker; see {@link ElicitationBrokerOptions} for the defaults. */
export function createElicitationBroker(options: ElicitationBrokerOptions = {}): ElicitationBroker {
  const core = createBrokerCore(options)

  const close = async (): Promise<void> => {
    if (core.closed) return
    core.closed = true
    await Promise.all([...core.waiters.values()].map((waiter) => core.settle(waiter, cancelled(waiter.record.id, CLOSED_REASON), 'close')))
    // Anything the store did not confirm is finished here: close() leaves no waiter and no timer.
    for (const waiter of [...core.waiters.values()]) waiter.finish(cancelled(waiter.record.id, CLOSED_REASON))
    // Consented steps still waiting for completion: none can arrive any more, say so.
    core.urls.close()
    // After the waiters and the URL steps: the pages still hear how their requests ended.
    core.live.stopAll()
    core.expiry.close()
    if (core.ownsStore) await core.store.close()
  }

  return {
    request: createBrokerRequest(core),
    respond: createBrokerRespond(core),
    complete: async (urlElicitationId, scope = {}) => core.urls.complete(urlElicitationId, scope),
    listPending: async (sessionId) => {
      const records = await core.store.listPending(sessionId)
      const pending = records.map((record) => ({ at: record.createdAt, data: toElicitationRequestData(record, 'pending') }))
      const consented = core.urls
        .acceptedFor(sessionId)
        .map((wait) => ({ at: wait.record.createdAt, data: toElicitationRequestData(wait.record, 'accepted', { action: 'accept' }) }))
      if (consented.length === 0) return pending.map((entry) => entry.data)
      // Oldest first, as the store lists (a stable sort keeps the store's order among equal times).
      return [...pending, ...consented].sort((a, b) => a.at - b.at).map((entry) => entry.data)
    },
    subscribeSession: (sessionId, listener, subscribeOptions = {}) => core.live.subscribe(sessionId, listener, subscribeOptions, core.closed),
    close,
  }
}
