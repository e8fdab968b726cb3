/** The transport contract the MCP App frame uses to relay an app's requests to its MCP server. */
import type { ProxiedMCPRequest } from '../protocol'

/** Per-request options of {@link McpProxyTransport.request}. */
export interface McpProxyRequestInit {
  /** Aborts the wait (the request may still reach the server). */
  signal?: AbortSignal
}

/**
 * Relays one proxied MCP request and resolves with the server's JSON-RPC `result`; rejects with an
 * `McpHitlError` of code `transport` on any failure (unreachable relay, `{ error }` answer, abort).
 */
export interface McpProxyTransport {
  request(request: ProxiedMCPRequest, init?: McpProxyRequestInit): Promise<unknown>
}
