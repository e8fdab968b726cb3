/** Proxied MCP requests over plain HTTP, to a `createMcpProxyHandler` endpoint. */
import { McpHitlError } from '../../errors'
import { readErrorResponse } from './read-error-response'
import type { McpProxyTransport } from './types'

/** Options of {@link createHttpProxyTransport}. */
export interface HttpProxyTransportOptions {
  /** URL of the endpoint served by `createMcpProxyHandler`. */
  url: string
  /** Fetch implementation (defaults to the global one). */
  fetch?: typeof fetch
  /** Extra headers (auth, CSRF token), or a function read on every request. */
  headers?: HeadersInit | (() => HeadersInit)
}

/**
 * A transport that POSTs each proxied request as JSON and resolves with the JSON response body.
 * A refusal rejects with the handler's code and HTTP status; an unreachable proxy with `network`;
 * an abort with `aborted`.
 */
export function createHttpProxyTransport(options: HttpProxyTransportOptions): McpProxyTransport {
  return {
    async request(request, init) {
      const doFetch = options.fetch ?? globalThis.fetch
      const extra = typeof options.headers === 'function' ? options.headers() : options.headers
      const headers = new Headers(extra)
      headers.set('content-type', 'application/json')
      headers.set('accept', 'application/json')
      let response: Response
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(request),
          signal: init?.signal,
        })
      } catch (cause) {
        if (init?.signal?.aborted) throw new McpHitlError('The proxied MCP request was aborted', { code: 'aborted', cause })
        throw new McpHitlError('The MCP proxy could not be reached', { code: 'network', cause })
      }
      // The handler's own code travels on, so the host bridge can give the app a JSON-RPC error that means something.
      if (!response.ok) throw await readErrorResponse(response, 'MCP proxy')
      try {
        return await response.json()
      } catch (cause) {
        if (init?.signal?.aborted) throw new McpHitlError('The proxied MCP request was aborted', { code: 'aborted', cause })
        throw new McpHitlError('The MCP proxy answered with invalid JSON', { code: 'transport', cause })
      }
    },
  }
}
