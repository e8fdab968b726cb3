/**
 * The respond endpoint: `POST { id, action, content? }`, the AI SDK `mcp-elicitation` example's wire
 * format, as a Fetch-API handler (Next.js route handlers, Hono, Bun, Deno; node:http through a bridge).
 *
 * Statuses: 200 `{ success: true }`; 400 malformed JSON or shape; 403 no session or not the owner;
 * 404 unknown id (`{ error }`, as the example); 405 not POST; 409 already answered; 410 expired;
 * 413 body over the limit; 415 not JSON; 422 content that fails the schema (stays pending, with
 * `fieldErrors`); 500/503 unexpected failure. Errors are `{ error, code }`. Content is never logged.
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
import { RESPOND_ERROR_STATUS } from '../../elicitation/wire'
import type { RespondErrorBody, RespondErrorCode, RespondRequestBody } from '../../elicitation/wire'
import type { ElicitationBroker } from './elicitation-broker-types'
import { jsonResponse } from '../http/json-response'
import { readBodyWithLimit } from '../http/read-body-with-limit'
import { requireGetSessionId, type SessionHandlerOptions } from '../http/session-resolver'

/** Options of {@link createRespondHandler}. */
export interface RespondHandlerOptions extends SessionHandlerOptions {
  /** Largest accepted body in bytes; larger ones get 413 without being read to the end. Default 65,536. */
  maxBodyBytes?: number
}

const MAX_ID_LENGTH = 256

// Requiring a JSON media type is also the CSRF guard: a cross-site HTML form cannot send one, and a
// cross-site fetch that does needs a CORS preflight the app does not grant.
function isJsonContentType(value: string | null): boolean {
  if (!value) return false
  const type = value.split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

function error(code: RespondErrorCode, message: string, extra?: Partial<RespondErrorBody>): Response {
  const body: RespondErrorBody = { error: message, code, ...extra }
  return jsonResponse(body, RESPOND_ERROR_STATUS[code])
}

/** Checks the body's shape (not the content against the schema: that is the broker's 422). */
function parseBody(value: unknown): RespondRequestBody | string {
  if (!isRecord(value)) return 'The body must be a JSON object { id, action, content? }'
  const { id, action, content } = value
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return '`id` must be a non-empty string'
  if (!isElicitAction(action)) return '`action` must be "accept", "decline" or "cancel"'
  // Content sent with decline or cancel is dropped unread: only an accept carries an answer.
  if (action !== 'accept' || content === undefined || content === null) return { id, action }
  if (!isRecord(content)) return '`content` must be an object'
  return { id, action, content: content as ElicitContent }
}

/** Creates the respond handler; `getSessionId` is required (see {@link SessionHandlerOptions}). */
export function createRespondHandler(
  broker: Pick<ElicitationBroker, 'respond'>,
  options: RespondHandlerOptions,
): (request: Request) => Promise<Response> {
  requireGetSessionId('createRespondHandler', options)
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024

  return async (request) => {
    if (request.method !== 'POST') {
      return jsonResponse({ error: 'Use POST', code: 'method_not_allowed' }, 405, { allow: 'POST' })
    }
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return error('unsupported_media_type', 'The body must be application/json')
    }
    let sessionId: string | undefined | null
    try {
      sessionId = await options.getSessionId(request)
    } catch (cause) {
      options.onError?.(cause)
      return jsonResponse({ error: 'Could not resolve the session', code: 'internal' }, 500)
    }
    // No session is refused like a foreign one: the respond endpoint is never public.
    if (typeof sessionId !== 'string' || sessionId.length === 0) return error('forbidden', 'No session')

    const read = await readBodyWithLimit(request, maxBodyBytes).catch(() => undefined)
    if (!read) return error('bad_request', 'The body could not be read')
    if (!read.ok) return error('payload_too_large', `The body is larger than ${maxBodyBytes} bytes`)
    let json: unknown
    try {
      json = JSON.parse(read.text)
    } catch {
      return error('bad_request', 'The body is not valid JSON')
    }
    const body = parseBody(json)
    if (typeof body === 'string') return error('bad_request', body)

    try {
      const outcome = await broker.respond(body, sessionId)
      if (outcome.ok) return jsonResponse({ success: true })
      return error(outcome.code, outcome.message, outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : undefined)
    } catch (cause) {
      options.onError?.(cause)
      return jsonResponse({ error: 'The elicitation store is unavailable', code: 'unavailable' }, 503)
    }
  }
}
