/** The few JSON-RPC 2.0 shapes the MCP Apps host bridge reads and writes over `postMessage`. */
import { isRecord } from '../guards'

/** JSON-RPC request id. */
export type JsonRpcId = string | number

/** JSON-RPC "Invalid Request" (also used for oversized messages). */
export const INVALID_REQUEST = -32600
/** JSON-RPC "Method not found". */
export const METHOD_NOT_FOUND = -32601
/** JSON-RPC "Invalid params". */
export const INVALID_PARAMS = -32602
/** JSON-RPC "Internal error". */
export const INTERNAL_ERROR = -32603

/** A JSON-RPC error object, as it travels on the wire. */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** Thrown by a request handler to answer with this JSON-RPC error (kept apart from HTTP statuses). */
export class JsonRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'JsonRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** The wire form: `{ code, message, data? }`. */
  toJSON(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

/** A message received from the app, classified. */
export type IncomingJsonRpc =
  | { kind: 'request'; id: JsonRpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'response'; id: JsonRpcId; result?: unknown; error?: JsonRpcErrorObject }

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || typeof value === 'number'
}

/** Classifies a JSON-RPC 2.0 message, or returns undefined for anything else (ignored silently). */
export function parseJsonRpc(data: unknown): IncomingJsonRpc | undefined {
  if (!isRecord(data) || data.jsonrpc !== '2.0') return undefined
  const params = isRecord(data.params) ? data.params : {}
  if (typeof data.method === 'string') {
    if (data.id === undefined) return { kind: 'notification', method: data.method, params }
    return isId(data.id) ? { kind: 'request', id: data.id, method: data.method, params } : undefined
  }
  // Responses settle the host's own requests (teardown, the app's tools): result or error, never both.
  if (!isId(data.id)) return undefined
  if ('error' in data) {
    const error = data.error
    const code = isRecord(error) && Number.isInteger(error.code) ? (error.code as number) : INTERNAL_ERROR
    const message = isRecord(error) && typeof error.message === 'string' ? error.message : 'Request failed'
    return { kind: 'response', id: data.id, error: { code, message } }
  }
  return 'result' in data ? { kind: 'response', id: data.id, result: data.result } : undefined
}
