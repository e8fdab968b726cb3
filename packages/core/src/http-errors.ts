/**
 * The one table of refusals the kit's HTTP handlers answer (respond, list, MCP proxy, sandbox proxy
 * page). It drives each handler's status and `{ error, code }` body, the respond client's and the
 * HTTP proxy transport's reading of them, and the JSON-RPC error an MCP App receives when its
 * proxied request is refused.
 */
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND } from './apps/json-rpc'
import type { FieldError } from './elicitation/wire'

/** JSON-RPC code of a proxied request refused by the host (no session, `authorize` said no). */
export const HOST_REFUSED_RPC_CODE = -32010
/** JSON-RPC code of a proxied request refused by the per-session rate limit. */
export const RATE_LIMITED_RPC_CODE = -32011
/** JSON-RPC code of an MCP server answer larger than the proxy's `maxResponseBytes`. */
export const RESPONSE_TOO_LARGE_RPC_CODE = -32012
/** JSON-RPC code of an MCP request that timed out (the MCP SDK's `RequestTimeout`). */
export const REQUEST_TIMEOUT_RPC_CODE = -32001

/** One row of {@link HTTP_ERRORS}. */
export interface HttpErrorInfo {
  /** HTTP status of the response. */
  status: number
  /** JSON-RPC error code an MCP App receives when the MCP proxy answers with this refusal. */
  rpcCode: number
}

/**
 * Every refusal, by the `code` its body carries. Where several codes share a status, the first is
 * the one a bare status (no body, or a body without a known code) is read as.
 */
export const HTTP_ERRORS = {
  /** Malformed JSON or a body of the wrong shape. */
  bad_request: { status: 400, rpcCode: INVALID_PARAMS },
  /** No session, another session's elicitation, or the host's `authorize` refused. */
  forbidden: { status: 403, rpcCode: HOST_REFUSED_RPC_CODE },
  /** MCP proxy: a method outside those an app may have relayed (`PROXIED_MCP_METHODS`). */
  method_not_proxied: { status: 403, rpcCode: METHOD_NOT_FOUND },
  /** MCP proxy: a tool whose `_meta.ui.visibility` lacks `"app"`. */
  tool_not_app_visible: { status: 403, rpcCode: INVALID_PARAMS },
  /** Respond: no elicitation with this id (the AI SDK example's 404). */
  not_found: { status: 404, rpcCode: INTERNAL_ERROR },
  /** MCP proxy: no configured server with this `serverId` or `serverHash`. */
  unknown_server: { status: 404, rpcCode: INTERNAL_ERROR },
  /** MCP proxy: the server lists no tool of this name. */
  unknown_tool: { status: 404, rpcCode: INVALID_PARAMS },
  /** The handler does not answer this HTTP method (see the `Allow` header). */
  method_not_allowed: { status: 405, rpcCode: INTERNAL_ERROR },
  /** The body did not arrive within the handler's `bodyTimeoutMs`. */
  request_timeout: { status: 408, rpcCode: INVALID_REQUEST },
  /** Respond: the elicitation was answered already. */
  already_settled: { status: 409, rpcCode: INTERNAL_ERROR },
  /** Respond: the elicitation expired or its waiter is gone. */
  expired: { status: 410, rpcCode: INTERNAL_ERROR },
  /** Respond: the server stopped waiting for this answer (it cancelled its request); nothing was delivered. */
  withdrawn: { status: 410, rpcCode: INTERNAL_ERROR },
  /** The body (or the sandbox page's `csp` parameter) is over the handler's limit. */
  payload_too_large: { status: 413, rpcCode: INVALID_REQUEST },
  /** Not JSON, or JSON in a charset other than UTF-8. */
  unsupported_media_type: { status: 415, rpcCode: INVALID_REQUEST },
  /** Respond: content that fails the requested schema (it stays pending; see `fieldErrors`). */
  invalid_content: { status: 422, rpcCode: INVALID_PARAMS },
  /** MCP proxy: the session's rate limit is spent (see the `Retry-After` header). */
  rate_limited: { status: 429, rpcCode: RATE_LIMITED_RPC_CODE },
  /** Events: the session (or the process) has as many open event streams as allowed; retry after `Retry-After`. */
  too_many_streams: { status: 429, rpcCode: RATE_LIMITED_RPC_CODE },
  /** An unexpected failure on the server (e.g. a throwing `getSessionId`); details go to `onError`. */
  internal: { status: 500, rpcCode: INTERNAL_ERROR },
  /** MCP proxy: the MCP server failed or could not be reached; details go to `onError`. */
  upstream_failed: { status: 502, rpcCode: INTERNAL_ERROR },
  /** MCP proxy: the MCP server's answer is larger than `maxResponseBytes`. */
  upstream_too_large: { status: 502, rpcCode: RESPONSE_TOO_LARGE_RPC_CODE },
  /** The elicitation store is unavailable. */
  unavailable: { status: 503, rpcCode: INTERNAL_ERROR },
  /** MCP proxy: the MCP server did not connect or answer within `timeoutMs`. */
  upstream_timeout: { status: 504, rpcCode: REQUEST_TIMEOUT_RPC_CODE },
} as const satisfies Record<string, HttpErrorInfo>

/** The `code` of a handler's error body. */
export type HttpErrorCode = keyof typeof HTTP_ERRORS

/** Error body of every kit handler; `{ error }` alone is the AI SDK example's 404. */
export interface HttpErrorBody {
  error: string
  code: HttpErrorCode
  /** With 422: what to fix, field by field. */
  fieldErrors?: FieldError[]
}

/** True for a code of {@link HTTP_ERRORS}. */
export function isHttpErrorCode(value: unknown): value is HttpErrorCode {
  return typeof value === 'string' && Object.hasOwn(HTTP_ERRORS, value)
}

/**
 * Reads a refusal: the body's own `code` when the table knows it, else the first code of the
 * status (401 reads as `forbidden`), else undefined (a status no kit handler answers).
 */
export function readHttpErrorCode(status: number, bodyCode?: unknown): HttpErrorCode | undefined {
  if (isHttpErrorCode(bodyCode) && HTTP_ERRORS[bodyCode].status === status) return bodyCode
  if (status === 401) return 'forbidden'
  return (Object.keys(HTTP_ERRORS) as HttpErrorCode[]).find((code) => HTTP_ERRORS[code].status === status)
}
