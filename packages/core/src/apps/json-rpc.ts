/** The few JSON-RPC 2.0 shapes the MCP Apps host bridge reads and writes over `postMessage`. */

/** JSON-RPC request id. */
export type JsonRpcId = string | number

/** Standard and kit-specific JSON-RPC error codes used by the host bridge. */
export const JSON_RPC_ERROR = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Server-defined range: the app sent too many messages, too fast. */
  rateLimited: -32000,
} as const

/** A JSON-RPC error object. */
export interface JsonRpcError {
  code: number
  message: string
  data?: unknown
}

/** A message received from the app, classified. */
export type IncomingJsonRpc =
  | { kind: 'request'; id: JsonRpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'response'; id: JsonRpcId; result?: unknown; error?: JsonRpcError }

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** Classifies a JSON-RPC 2.0 message, or returns undefined for anything else (ignored silently). */
export function parseJsonRpc(data: unknown): IncomingJsonRpc | undefined {
  if (!isRecord(data) || data.jsonrpc !== '2.0') return undefined
  const params = isRecord(data.params) ? data.params : {}
  if (typeof data.method === 'string') {
    if (data.id === undefined) return { kind: 'notification', method: data.method, params }
    return isId(data.id) ? { kind: 'request', id: data.id, method: data.method, params } : undefined
  }
  if (!isId(data.id)) return undefined
  if (isRecord(data.error)) {
    const { code, message } = data.error
    return {
      kind: 'response',
      id: data.id,
      error: { code: typeof code === 'number' ? code : JSON_RPC_ERROR.internalError, message: String(message) },
    }
  }
  return 'result' in data ? { kind: 'response', id: data.id, result: data.result } : undefined
}
