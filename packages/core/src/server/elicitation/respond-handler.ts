/**
 * The respond endpoint: `POST { id, action, content? }`, the AI SDK `mcp-elicitation` example's wire
 * format, as a Fetch-API handler (Next.js route handlers, Hono, Bun, Deno; node:http through a bridge).
 *
 * Statuses (codes of `HTTP_ERRORS`): 200 `{ success: true }`; 400 `bad_request` malformed JSON or
 * shape; 403 `forbidden` no session or not the owner; 404 `not_found` unknown id (`error` worded as
 * the example); 405 `method_not_allowed`; 408 `request_timeout` body slower than `bodyTimeoutMs`;
 * 409 `already_settled`; 410 `expired`; 413 `payload_too_large`; 415 `unsupported_media_type` not
 * UTF-8 JSON; 422 `invalid_content` (stays pending, with `fieldErrors`); 500 `internal`; 503
 * `unavailable` store down. Errors are `{ error, code }`. Content is never logged.
 *
 * A missing session is a 403, not a 401: the endpoint has no login of its own, the app's session is
 * the credential, and a caller without one is refused exactly like a caller from another session.
 *
 * @example Next.js route handler (`app/api/elicitation/respond/route.ts`)
 * ```ts
 * export const POST = createRespondHandler(broker, { getSessionId: sessionFromCookie('sid') })
 * ```
 */
import { isRecord } from '../../guards'
import { isElicitAction } from '../../elicitation/protocol'
import type { ElicitContent } from '../../elicitation/protocol'
import type { RespondRequestBody } from '../../elicitation/wire'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { jsonResponse } from '../http/json-response'
import { type JsonBodyOptions, readJsonBody, resolveBodyLimits } from '../http/read-json-body'
import { requireGetSessionId, resolveSession, type SessionHandlerOptions } from '../http/session-resolver'

/** Options of {@link createRespondHandler}. */
export interface RespondHandlerOptions extends SessionHandlerOptions, JsonBodyOptions {}

const MAX_ID_LENGTH = 256
const DEFAULT_MAX_BODY_BYTES = 64 * 1024

/** Checks the body's shape (not the content against the schema: that is the broker's 422). */
function parseBody(value: unknown): RespondRequestBody {
  const refuse = (message: string): never => {
    throw new HttpRefusal('bad_request', message)
  }
  if (!isRecord(value)) return refuse('The body must be a JSON object { id, action, content? }')
  const { id, action, content } = value
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return refuse('`id` must be a non-empty string')
  if (!isElicitAction(action)) return refuse('`action` must be "accept", "decline" or "cancel"')
  // Content sent with decline or cancel is dropped unread: only an accept carries an answer.
  if (action !== 'accept' || content === undefined || content === null) return { id, action }
  if (!isRecord(content)) return refuse('`content` must be an object')
  return { id, action, content: content as ElicitContent }
}

/** Creates the respond handler; `getSessionId` is required (see {@link SessionHandlerOptions}). */
export function createRespondHandler(broker: Pick<ElicitationBroker, 'respond'>, options: RespondHandlerOptions): (request: Request) => Promise<Response> {
  requireGetSessionId('createRespondHandler', options)
  const limits = resolveBodyLimits(options, DEFAULT_MAX_BODY_BYTES)
  return createHttpRoute({ methods: ['POST'], jsonBody: true, onError: options.onError }, async (request) => {
    const sessionId = await resolveSession(request, options)
    const body = parseBody(await readJsonBody(request, limits))
    let outcome: Awaited<ReturnType<typeof broker.respond>>
    try {
      outcome = await broker.respond(body, sessionId)
    } catch (cause) {
      options.onError?.(cause)
      throw new HttpRefusal('unavailable', 'The elicitation store is unavailable')
    }
    if (outcome.ok) return jsonResponse({ success: true })
    throw new HttpRefusal(outcome.code, outcome.message, outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {})
  })
}
