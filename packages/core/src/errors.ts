import type { HttpErrorCode } from './http-errors'

/**
 * Every way a kit call can fail, as one string union so callers can switch on it: each refusal of
 * the kit's HTTP handlers under its own `code` (see `HTTP_ERRORS`), plus the failures that never
 * travel as a handler's answer.
 */
export type McpHitlErrorCode =
  | HttpErrorCode
  | 'invalid_schema'
  | 'over_capacity'
  /** The server could not be reached (or a proxy in front of it answered 502/503/504). */
  | 'network'
  /** A relay failed in a way no other code names (an unexpected status, a body that is not JSON). */
  | 'transport'
  /** The caller aborted the request. */
  | 'aborted'
  | 'protocol'
  | 'store_unavailable'
  /** The kit was called wrongly; the message names the API and the fix. */
  | 'misuse'

const MARKER = Symbol.for('@mcp-hitl/error')

/** Options of {@link McpHitlError}: the machine code, an HTTP status where one applies, the cause. */
export interface McpHitlErrorOptions {
  code: McpHitlErrorCode
  /** HTTP status of the response that carried the failure, kept apart from JSON-RPC codes. */
  status?: number
  cause?: unknown
  /** Structured detail, e.g. field errors for `invalid_content`. */
  details?: unknown
}

/** The one error class of the kit: a readable message plus a `code` to branch on. */
export class McpHitlError extends Error {
  readonly code: McpHitlErrorCode
  readonly status?: number
  readonly details?: unknown
  readonly [MARKER] = true

  constructor(message: string, options: McpHitlErrorOptions) {
    super(message, { cause: options.cause })
    this.name = 'McpHitlError'
    this.code = options.code
    if (options.status !== undefined) this.status = options.status
    if (options.details !== undefined) this.details = options.details
  }

  /** True for kit errors, also across bundle copies and realms where `instanceof` fails. */
  static isInstance(value: unknown): value is McpHitlError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true
  }
}
