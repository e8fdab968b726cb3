/**
 * A middleware bound to one caller per request. The caller's session comes from the HTTP request
 * (the route's `getSessionId`), never from the run's `forwardedProps`; `forSession(sessionId)` is
 * the middleware for that caller, and the unbound one (for `agent.use(...)` without a request)
 * has no caller at all.
 */
import { McpHitlError } from '../../errors'
import type { AgUiMiddleware } from './ag-ui-types'

/** A middleware with its per-caller form and `close()`. */
export type SessionBoundMiddleware = AgUiMiddleware & {
  /** The middleware for one request's caller; `sessionId` comes from the request (`getSessionId`). */
  forSession(sessionId: string): AgUiMiddleware
  /** Closes the MCP sessions the middleware holds. */
  close(): Promise<void>
}

/** Builds it from `bind` (undefined: no caller); `api` names the factory in misuse errors. */
export function sessionBoundMiddleware(
  api: string,
  bind: (sessionId: string | undefined) => AgUiMiddleware,
  close: () => Promise<void>,
): SessionBoundMiddleware {
  return Object.assign(bind(undefined), {
    forSession(sessionId: string): AgUiMiddleware {
      if (typeof sessionId !== 'string' || sessionId.length === 0) {
        throw new McpHitlError(
          `${api}: forSession(sessionId) needs the caller’s session from getSessionId(request); refuse a request without one (403)`,
          { code: 'misuse' },
        )
      }
      return bind(sessionId)
    },
    close,
  })
}
