/** Reads a kit handler's refusal (`{ error, code }` from the one error table) into an `McpHitlError`. */
import { McpHitlError } from '../../errors'
import { readHttpErrorCode } from '../../http-errors'

/**
 * The handler's own code and text, with the HTTP status; a body that is not JSON yields
 * `<what> answered <status>`, so no upstream page ever reaches the user.
 */
export async function readErrorResponse(response: Response, what: string): Promise<McpHitlError> {
  let body: { error?: unknown; code?: unknown } | undefined
  try {
    body = (await response.json()) as typeof body
  } catch {
    // Not JSON: the status alone says what happened.
  }
  const message = typeof body?.error === 'string' ? body.error : `${what} answered ${response.status}`
  return new McpHitlError(message, { code: readHttpErrorCode(response.status, body?.code) ?? 'transport', status: response.status })
}
