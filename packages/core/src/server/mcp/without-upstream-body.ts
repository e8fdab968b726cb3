/**
 * A stand-in for an upstream failure that says what failed and never what the server wrote. The
 * MCP SDKs put the response body into their errors (`Error POSTing to endpoint: <html>…`), a
 * JSON-RPC error's message and data are the server's words, and a JSON parse error quotes the text
 * it choked on; an error page behind a proxy can hold stack traces, hosts and credentials. What is
 * kept: the HTTP status, the JSON-RPC code, a network error code (`ECONNREFUSED`), the error's
 * class name, and the kit's own messages (timeouts, size limits), never a `cause` or `data`.
 */
import { McpHitlError } from '../../errors'

/** An upstream failure without its body: the kit's `McpHitlError`, `code` `upstream_failed` unless the kit had named it. */
export type BodyFreeUpstreamError = McpHitlError

const NETWORK_CODE = /^E[A-Z0-9_]{2,40}$/
const CLASS_NAME = /^[A-Za-z][A-Za-z0-9]{0,40}$/

function networkCode(error: Error): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NETWORK_CODE.test(code)) return code
  }
  return undefined
}

function className(error: Error): string {
  const name = error.constructor?.name
  return typeof name === 'string' && CLASS_NAME.test(name) ? name : 'Error'
}

/** What may be said of `cause`: one sentence without anything the server sent. */
function describe(cause: Error): { message: string; status?: number } {
  const kind = className(cause)
  const code = (cause as { code?: unknown }).code
  const numeric = typeof code === 'number' && Number.isInteger(code) ? code : undefined
  // The SDKs' HTTP transport errors carry the status as `code` (v1 StreamableHTTPError / SseError, v2 SdkError data).
  const status = numeric !== undefined && numeric >= 100 && numeric <= 599 ? numeric : undefined
  if (status !== undefined) return { message: `The MCP server answered HTTP ${status} (${kind})`, status }
  const dataStatus = (cause as { data?: { status?: unknown } }).data?.status
  if (typeof dataStatus === 'number' && Number.isInteger(dataStatus) && dataStatus >= 100 && dataStatus <= 599) {
    return { message: `The MCP server answered HTTP ${dataStatus} (${kind})`, status: dataStatus }
  }
  if (numeric !== undefined) return { message: `The MCP server answered JSON-RPC error ${numeric} (${kind})` }
  const network = networkCode(cause)
  if (network) return { message: `The connection to the MCP server failed (${network})` }
  return { message: `The MCP server's answer could not be used (${kind})` }
}

/** `cause` reduced to what failed; the body, the server's messages and every nested cause are dropped. */
export function withoutUpstreamBody(cause: unknown): BodyFreeUpstreamError {
  if (McpHitlError.isInstance(cause)) {
    return new McpHitlError(cause.message, { code: cause.code, ...(cause.status !== undefined ? { status: cause.status } : {}) })
  }
  if (!(cause instanceof Error)) return new McpHitlError('The MCP server request failed', { code: 'upstream_failed' })
  const { message, status } = describe(cause)
  return new McpHitlError(message, { code: 'upstream_failed', ...(status !== undefined ? { status } : {}) })
}
