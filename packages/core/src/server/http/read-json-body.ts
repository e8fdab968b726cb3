/**
 * The body half of the HTTP plumbing: a UTF-8 JSON body, bounded in bytes and in time, parsed.
 * Every refusal is an `HttpRefusal` with the code the kit's table gives it (400, 408, 413, 415).
 */
import { HttpRefusal } from './http-refusal'
import { readBodyWithLimit } from './read-body-with-limit'

/** Body bounds a handler takes as options. */
export interface JsonBodyOptions {
  /** Largest accepted body in bytes; a larger one gets 413 without being read to the end. */
  maxBodyBytes?: number | undefined
  /** How long the body may take to arrive, in ms; a slower one gets 408. Default 5,000. */
  bodyTimeoutMs?: number | undefined
}

/** Default of `bodyTimeoutMs`: generous for any real client, short for a slow-loris one. */
export const DEFAULT_BODY_TIMEOUT_MS = 5000

/**
 * Reads the body within its bounds and parses it; throws `HttpRefusal`. The media type is checked
 * before (by `createHttpRoute` with `jsonBody`), ahead of the session.
 */
export async function readJsonBody(request: Request, limits: { maxBodyBytes: number; bodyTimeoutMs: number }): Promise<unknown> {
  const read = await readBodyWithLimit(request, { maxBytes: limits.maxBodyBytes, timeoutMs: limits.bodyTimeoutMs })
  if (!read.ok) {
    switch (read.reason) {
      case 'too_large':
        throw new HttpRefusal('payload_too_large', `The body is larger than ${limits.maxBodyBytes} bytes`)
      case 'timeout':
        throw new HttpRefusal('request_timeout', `The body did not arrive within ${limits.bodyTimeoutMs} ms`)
      case 'not_utf8':
        throw new HttpRefusal('bad_request', 'The body is not valid UTF-8')
      default:
        throw new HttpRefusal('bad_request', 'The body could not be read')
    }
  }
  try {
    return JSON.parse(read.text)
  } catch {
    throw new HttpRefusal('bad_request', 'The body is not valid JSON')
  }
}

/** Resolves a handler's body options against its own default size. */
export function resolveBodyLimits(options: JsonBodyOptions, defaultMaxBytes: number): { maxBodyBytes: number; bodyTimeoutMs: number } {
  return {
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBytes,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
  }
}
