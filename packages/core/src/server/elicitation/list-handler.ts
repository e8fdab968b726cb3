/**
 * The list endpoint: `GET` -> `200 { elicitations }`, the caller's pending elicitations, so a page
 * that reloads (or a second tab) shows them again and can still answer, and its consented URL steps
 * still waiting for their server (`status: 'accepted'`), so it can still reopen them. Each item carries `id`, the
 * field the respond body takes, next to the part data's `elicitationId`.
 *
 * Statuses (codes of `HTTP_ERRORS`): 200; 403 `forbidden` without a session; 405
 * `method_not_allowed`; 500 `internal`; 503 `unavailable` store down. Errors are `{ error, code }`.
 */
import type { ListElicitationsBody } from '../../elicitation/wire'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { jsonResponse } from '../http/json-response'
import { requireGetSessionId, resolveSession, type SessionHandlerOptions } from '../http/session-resolver'

/** Options of {@link createListHandler}. */
export type ListHandlerOptions = SessionHandlerOptions

/** Creates the list handler; `getSessionId` is required (see {@link SessionHandlerOptions}). */
export function createListHandler(broker: Pick<ElicitationBroker, 'listPending'>, options: ListHandlerOptions): (request: Request) => Promise<Response> {
  requireGetSessionId('createListHandler', options)
  return createHttpRoute({ methods: ['GET', 'HEAD'], onError: options.onError }, async (request) => {
    const sessionId = await resolveSession(request, options)
    let pending: Awaited<ReturnType<typeof broker.listPending>>
    try {
      pending = await broker.listPending(sessionId)
    } catch (cause) {
      options.onError?.(cause)
      throw new HttpRefusal('unavailable', 'The elicitation store is unavailable')
    }
    const body: ListElicitationsBody = { elicitations: pending.map((data) => ({ ...data, id: data.elicitationId })) }
    return jsonResponse(body)
  })
}
