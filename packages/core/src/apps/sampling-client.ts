/**
 * The page side of the sampling route (`createSamplingHandler` of `@mcp-hitl/core/server`): posts
 * the request the person approved and resolves with the model's answer, as the `generate` of a
 * sampling approval (or as `onSamplingRequest` behind your own approval).
 */
import { McpHitlError } from '../errors'
import type { McpAppSamplingRequest, McpAppSamplingResult } from './sampling'
import { readErrorResponse } from './transports/read-error-response'

/** Options of {@link createSamplingClient}. */
export interface SamplingClientOptions {
  /** URL of the route served by `createSamplingHandler`. */
  url: string
  /** Fetch implementation (defaults to the global one). */
  fetch?: typeof fetch
  /** Extra headers (auth, CSRF token), or a function read on every request. */
  headers?: HeadersInit | (() => HeadersInit)
}

/**
 * A function that answers an approved sampling request through the route. A refusal rejects with
 * the route's code and status, an unreachable route with `network`, an abort with `aborted`.
 */
export function createSamplingClient(
  options: SamplingClientOptions,
): (request: McpAppSamplingRequest, init?: { signal?: AbortSignal }) => Promise<McpAppSamplingResult> {
  return async (request, init) => {
    const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers)
    headers.set('content-type', 'application/json')
    headers.set('accept', 'application/json')
    let response: Response
    try {
      response = await (options.fetch ?? globalThis.fetch)(options.url, { method: 'POST', headers, body: JSON.stringify({ request }), signal: init?.signal })
    } catch (cause) {
      if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted', cause })
      throw new McpHitlError('The sampling route could not be reached', { code: 'network', cause })
    }
    if (!response.ok) throw await readErrorResponse(response, 'The sampling route')
    try {
      return (await response.json()) as McpAppSamplingResult
    } catch (cause) {
      throw new McpHitlError('The sampling route answered with invalid JSON', { code: 'transport', cause })
    }
  }
}
