/**
 * The list endpoint: `GET` -> `200 { elicitations }`, the caller's pending elicitations, so a page
 * that reloads (or a second tab) shows them again and can still answer. 403 without a session.
 */
import type { ListElicitationsBody } from '../../elicitation/wire'
import type { ElicitationBroker } from './elicitation-broker-types'
import { jsonResponse } from '../http/json-response'
import { requireGetSessionId, type SessionHandlerOptions } from '../http/session-resolver'

/** Options of {@link createListHandler}. */
export type ListHandlerOptions = SessionHandlerOptions

/** Creates the list handler; `getSessionId` is required (see {@link SessionHandlerOptions}). */
export function createListHandler(
  broker: Pick<ElicitationBroker, 'listPending'>,
  options: ListHandlerOptions,
): (request: Request) => Promise<Response> {
  requireGetSessionId('createListHandler', options)
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return jsonResponse({ error: 'Use GET', code: 'method_not_allowed' }, 405, { allow: 'GET, HEAD' })
    }
    let sessionId: string | undefined | null
    try {
      sessionId = await options.getSessionId(request)
    } catch (cause) {
      options.onError?.(cause)
      return jsonResponse({ error: 'Could not resolve the session', code: 'internal' }, 500)
    }
    if (typeof sessionId !== 'string' || sessionId.length === 0) {
      return jsonResponse({ error: 'No session', code: 'forbidden' }, 403)
    }
    try {
      const body: ListElicitationsBody = { elicitations: await broker.listPending(sessionId) }
      return jsonResponse(body)
    } catch (cause) {
      options.onError?.(cause)
      return jsonResponse({ error: 'The elicitation store is unavailable', code: 'unavailable' }, 503)
    }
  }
}
