/**
 * How the handlers learn who is calling. There is deliberately no default: a default that made every
 * caller the same session would let anyone answer anyone's elicitation.
 */

import { McpHitlError } from '../../errors'

/**
 * Returns the caller's session (e.g. from a signed cookie or an auth header) or `undefined` when there
 * is none; the handlers answer 403 then. Bind it to the user's identity, not to a guessable value.
 */
export type GetSessionId = (request: Request) => string | undefined | null | Promise<string | undefined | null>

/** Options every elicitation handler takes. */
export interface SessionHandlerOptions {
  /** Required. Resolves the caller's session; see {@link GetSessionId}. */
  getSessionId: GetSessionId
  /** Called with unexpected failures (store down, a throwing `getSessionId`); never with content. */
  onError?: (error: unknown) => void
}

/** Refuses to build a handler without `getSessionId`: there is no safe default. */
export function requireGetSessionId(api: string, options: SessionHandlerOptions | undefined): void {
  if (typeof options?.getSessionId !== 'function') {
    throw new McpHitlError(`${api} needs a getSessionId(request) option: there is no safe default`, { code: 'misuse' })
  }
}
