/**
 * A refusal a handler answers with one of the kit's error codes. Thrown by the HTTP plumbing (method,
 * content type, body, session) and by the handlers themselves; `createHttpRoute` turns it into the
 * `{ error, code }` response whose status the code's row of `HTTP_ERRORS` gives.
 */
import type { FieldError } from '../../elicitation/wire'
import { HTTP_ERRORS, type HttpErrorBody, type HttpErrorCode } from '../../http-errors'
import { jsonResponse } from './json-response'

/** Extra parts of a refusal: field errors for a 422, headers such as `Allow` or `Retry-After`. */
export interface HttpRefusalExtra {
  fieldErrors?: FieldError[]
  headers?: Record<string, string>
}

/** A refusal on its way to becoming a response; `message` is sent to the caller, so keep it safe. */
export class HttpRefusal extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly extra: HttpRefusalExtra = {},
  ) {
    super(message)
    this.name = 'HttpRefusal'
  }
}

/** The `{ error, code }` response of a refusal, with the status from `HTTP_ERRORS`. */
export function errorResponse(code: HttpErrorCode, message: string, extra: HttpRefusalExtra = {}): Response {
  const body: HttpErrorBody = { error: message, code }
  if (extra.fieldErrors) body.fieldErrors = extra.fieldErrors
  return jsonResponse(body, HTTP_ERRORS[code].status, extra.headers)
}
