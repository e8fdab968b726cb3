/**
 * The JSON-RPC error an MCP App receives when the host could not relay its request: a refusal of
 * the MCP proxy keeps its meaning (a tool the app may not call is invalid params, a method outside
 * the allowlist is method-not-found, a timeout is the MCP request timeout), through the one error
 * table; anything else is an internal error.
 */
import { McpHitlError } from '../../errors'
import { HTTP_ERRORS, isHttpErrorCode } from '../../http-errors'
import { INTERNAL_ERROR, type JsonRpcErrorObject } from '../json-rpc'

/** Maps a transport's rejection to the JSON-RPC error sent to the app. */
export function relayErrorToJsonRpc(error: unknown): JsonRpcErrorObject {
  if (McpHitlError.isInstance(error)) {
    return { code: isHttpErrorCode(error.code) ? HTTP_ERRORS[error.code].rpcCode : INTERNAL_ERROR, message: error.message }
  }
  return { code: INTERNAL_ERROR, message: error instanceof Error ? error.message : 'Request failed' }
}
