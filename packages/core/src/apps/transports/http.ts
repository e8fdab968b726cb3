/** Proxied MCP requests over plain HTTP, to a `createMcpProxyHandler` endpoint. */
import { McpHitlError } from '../../errors'
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

async function readError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown }
    if (typeof body?.error === 'string') return body.error
  } catch {
    // Not JSON: fall back to the status.
  }
  return `MCP proxy answered ${response.status}`
}

/** A transport that POSTs each proxied request as JSON and resolves with the JSON response body. */
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
        throw new McpHitlError('The MCP proxy could not be reached', { code: 'transport', cause })
      }
      if (!response.ok) {
        const message = await readError(response)
        throw new McpHitlError(message, { code: 'transport', status: response.status })
      }
      try {
        return await response.json()
      } catch (cause) {
        throw new McpHitlError('The MCP proxy answered with invalid JSON', { code: 'transport', cause })
      }
    },
  }
}
