/** The transport contract the MCP App frame uses to relay an app's requests to its MCP server. */
import type { ProxiedMCPRequest } from '../protocol'

/** Per-request options of {@link McpProxyTransport.request}. */
export interface McpProxyRequestInit {
  /** Aborts the wait (the request may still reach the server). */
  signal?: AbortSignal
}

/**
 * Relays one proxied MCP request and resolves with the server's JSON-RPC `result`; rejects with an
 * `McpHitlError` whose `code` says why: the MCP proxy's own refusal code (`tool_not_app_visible`,
 * `upstream_timeout`, ...; see `HTTP_ERRORS`) with its HTTP `status`, `network` when the relay
 * cannot be reached, `aborted` after the signal fired, `transport` for any other failure.
 */
export interface McpProxyTransport {
  request(request: ProxiedMCPRequest, init?: McpProxyRequestInit): Promise<unknown>
}
