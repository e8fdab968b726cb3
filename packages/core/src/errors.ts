/** Every way a kit call can fail, as one string union so callers can switch on it. */
export type McpHitlErrorCode =
  | 'invalid_schema'
  | 'invalid_request'
  | 'invalid_content'
  | 'forbidden'
  | 'not_found'
  | 'already_settled'
  | 'expired'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'over_capacity'
  | 'network'
  | 'transport'
  | 'protocol'
  | 'store_unavailable'
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
