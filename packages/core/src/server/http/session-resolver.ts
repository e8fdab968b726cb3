/**
 * How the handlers learn who is calling. There is deliberately no default: a default that made every
 * caller the same session would let anyone answer anyone's elicitation, or call tools with the
 * backend's credentials.
 */

import { McpHitlError } from '../../errors'
import { HttpRefusal } from './http-refusal'

/**
 * Returns the caller's session (e.g. from a signed cookie or an auth header) or `undefined` when there
 * is none; the handlers answer 403 then. Bind it to the user's identity, not to a guessable value.
 */
export type GetSessionId = (request: Request) => string | undefined | null | Promise<string | undefined | null>

/** Options every session-bound handler takes. */
export interface SessionHandlerOptions {
  /** Required. Resolves the caller's session; see {@link GetSessionId}. */
  getSessionId: GetSessionId
  /** Called with unexpected failures (store down, a throwing `getSessionId`); never with content. */
  onError?: (error: unknown) => void
}

/** Refuses to build a handler without `getSessionId`: there is no safe default. */
export function requireGetSessionId(api: string, options: { getSessionId?: unknown } | undefined): void {
  if (typeof options?.getSessionId !== 'function') {
    throw new McpHitlError(
      `${api} needs a getSessionId(request) option: there is no safe default. Pass the app's own verified session, e.g. getSessionId: createSignedSessionCookie({ name: 'sid', secret }).getSessionId.`,
      { code: 'misuse' },
    )
  }
}

/**
 * The caller's session id; throws a 403 refusal without one, a 500 one when `getSessionId` throws
 * (reported to `onError`). No session is refused like a foreign one: these endpoints are never public.
 */
export async function resolveSession(request: Request, options: SessionHandlerOptions): Promise<string> {
  let sessionId: string | undefined | null
  try {
    sessionId = await options.getSessionId(request)
  } catch (cause) {
    options.onError?.(cause)
    throw new HttpRefusal('internal', 'Could not resolve the session')
  }
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw new HttpRefusal('forbidden', 'No session')
  return sessionId
}
