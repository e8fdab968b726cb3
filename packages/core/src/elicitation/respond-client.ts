/**
 * The browser side of the respond route: posts `{ id, action, content }` exactly as the AI SDK
 * `mcp-elicitation` example's route takes it, and turns every refusal into an `McpHitlError` whose
 * `code` says what happened. Only failures that cannot have reached the handler (network errors,
 * 502/503/504 from a proxy) are retried; a 4xx is an answer and is never retried.
 */
import { McpHitlError, type McpHitlErrorCode } from '../errors'
import { readHttpErrorCode } from '../http-errors'
import { plural } from './schema-helpers'
import type { FieldError, ListedElicitation, RespondRequestBody } from './wire'

/** Where and how to reach the kit's respond and list handlers. */
export interface RespondClientOptions {
  url: string
  /** Defaults to the global `fetch`, looked up on each call. */
  fetch?: typeof fetch
  /** Extra headers (e.g. a CSRF token); a function is called for every request. */
  headers?: HeadersInit | (() => HeadersInit)
  /** Retries after a network error or a 502/503/504. Default 2. */
  retries?: number
  /** First retry delay; doubles each time. Default 300 ms. */
  retryDelayMs?: number
}

/** Sends the user's answer to one elicitation. */
export interface RespondClient {
  /** Resolves once the server took the answer; throws `McpHitlError` otherwise. */
  respond(body: RespondRequestBody, init?: { signal?: AbortSignal }): Promise<void>
}

const RETRYABLE_STATUS = [502, 503, 504]

// Read through the handlers' own table, so client and server cannot drift apart: the body's code
// when it is one of the kit's. Without one, a 502/503/504 came from something in front of the
// handler (it could not be reached), another 4xx is read by its status, anything else is unexpected.
function codeOf(status: number, bodyCode: unknown): McpHitlErrorCode {
  const known = readHttpErrorCode(status, bodyCode)
  if (known && known === bodyCode) return known
  if (RETRYABLE_STATUS.includes(status)) return 'network'
  if (status >= 400 && status < 500) return known ?? 'bad_request'
  return 'transport'
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

async function errorFromResponse(response: Response, what: string): Promise<McpHitlError> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown; code?: unknown; fieldErrors?: unknown } | undefined
  const status = response.status
  const code = codeOf(status, body?.code)
  const reason = typeof body?.error === 'string' ? body.error : response.statusText || 'no reason given'
  // 422 carries the field errors to show; `details` stays absent otherwise.
  const details = code === 'invalid_content' && Array.isArray(body?.fieldErrors) ? { details: body.fieldErrors as FieldError[] } : {}
  return new McpHitlError(`${what} failed with HTTP ${status}: ${reason}`, {
    code,
    status,
    ...details,
  })
}

/** One request with bounded retries; returns the successful response. */
async function send(options: RespondClientOptions, init: RequestInit, what: string): Promise<Response> {
  const retries = Math.max(0, options.retries ?? 2)
  const delay = Math.max(0, options.retryDelayMs ?? 300)
  const signal = init.signal ?? undefined
  for (let attempt = 0; ; attempt++) {
    const extra = typeof options.headers === 'function' ? options.headers() : options.headers
    const headers = new Headers(extra)
    headers.set('accept', 'application/json')
    if (init.body !== undefined) headers.set('content-type', 'application/json')
    let response: Response | undefined
    let failure: unknown
    try {
      response = await (options.fetch ?? globalThis.fetch)(options.url, { ...init, headers })
    } catch (error) {
      // An abort is the caller's decision, not a network failure: pass it on untouched.
      if (signal?.aborted) throw signal.reason
      failure = error
    }
    if (response?.ok) return response
    const retryable = response === undefined || RETRYABLE_STATUS.includes(response.status)
    if (!retryable || attempt >= retries) {
      if (response) throw await errorFromResponse(response, what)
      throw new McpHitlError(`${what} failed: the server could not be reached (${plural(attempt + 1, 'attempt')}).`, {
        code: 'network',
        cause: failure,
      })
    }
    await response?.body?.cancel().catch(() => undefined)
    await sleep(delay * 2 ** attempt, signal)
  }
}

/** Creates the client that posts answers to the respond handler. */
export function createRespondClient(options: RespondClientOptions): RespondClient {
  return {
    async respond(body, init = {}) {
      // `content` travels only with accept: a decline never leaks what was typed.
      const wire: RespondRequestBody = { id: body.id, action: body.action }
      if (body.action === 'accept' && body.content !== undefined) wire.content = body.content
      await send(options, { method: 'POST', body: JSON.stringify(wire), signal: init.signal ?? null }, 'Respond')
    },
  }
}

/** Fetches the caller's pending elicitations from the list handler (for a page that reloads). */
export async function listPendingElicitations(
  options: RespondClientOptions & { url: string; signal?: AbortSignal },
): Promise<ListedElicitation[]> {
  const what = 'Listing elicitations'
  const response = await send(options, { method: 'GET', signal: options.signal ?? null }, what)
  const body = (await response.json().catch(() => undefined)) as { elicitations?: unknown } | null | undefined
  if (!Array.isArray(body?.elicitations)) {
    throw new McpHitlError(`${what} failed: the response has no "elicitations" array.`, { code: 'protocol' })
  }
  return body.elicitations as ListedElicitation[]
}
