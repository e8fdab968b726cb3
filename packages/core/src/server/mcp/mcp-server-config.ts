/**
 * One MCP server, configured once for every path of the kit: `createHitlServer({ servers })`, the
 * MCP proxy handler, the AG-UI middleware and guard (`mcpServers`, the drop-in's name for the same
 * array) and `connectMcpTools({ server })`. A server is reached by URL, or through a factory that
 * returns a connected client.
 */
import type { ListedTool } from './mcp-server-connection'

/** Per-request options the kit passes to a client: the caller's abort signal and the timeout. */
export interface McpProxyRequestOptions {
  signal?: AbortSignal | undefined
  timeout?: number | undefined
}

/**
 * The part of an MCP client the kit uses. An MCP TypeScript SDK `Client` (v1) has this shape; it is
 * written out rather than picked from the SDK so these declarations need no SDK installed.
 */
export interface McpProxyClient {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> | undefined },
    resultSchema?: undefined,
    options?: McpProxyRequestOptions,
  ): Promise<unknown>
  readResource(params: { uri: string }, options?: McpProxyRequestOptions): Promise<unknown>
  listResources(params?: { cursor?: string | undefined }, options?: McpProxyRequestOptions): Promise<unknown>
  listResourceTemplates(params?: { cursor?: string | undefined }, options?: McpProxyRequestOptions): Promise<unknown>
  ping(options?: McpProxyRequestOptions): Promise<unknown>
  notification(notification: { method: string; params?: Record<string, unknown> | undefined }): Promise<void>
  listTools(
    params?: { cursor?: string | undefined },
    options?: McpProxyRequestOptions,
  ): Promise<{ tools: ListedTool[]; nextCursor?: string | undefined }>
  close(): Promise<void>
  /** The server's `serverInfo` from `initialize` (what it calls itself), when the client keeps it. */
  getServerVersion?(): { name?: string | undefined; title?: string | undefined; icons?: unknown } | undefined
}

/** A server reached over Streamable HTTP (`http`) or legacy SSE (`sse`). */
export interface McpUrlServerConfig {
  /**
   * Stable id, preferred over the hash (`serverHash`) wherever a request names its server, and the
   * key of anything persisted. Required when two configs share an endpoint.
   */
  id?: string | undefined
  /**
   * The name `@ag-ui/mcp-apps-middleware` gives `id`, accepted as its alias so one array serves the
   * drop-in middleware and the rest of the kit. Give one of the two.
   */
  serverId?: string | undefined
  /**
   * The server's name as the person sees it ("Weather"), on every surface that names it: each
   * elicitation ("Weather asks for information"), each app's frame and its requests. The host's
   * word: what the server calls itself (`serverInfo`) is only the fallback, and shown as its claim.
   */
  title?: string | undefined
  type: 'http' | 'sse'
  /** An http(s) URL without credentials in it (send those in `headers`). */
  url: string
  /** Sent with every request to the MCP server (auth); not part of the hash. */
  headers?: Record<string, string> | undefined
}

/** A server reached through a factory that returns a connected SDK client (stdio, custom auth). */
export interface McpFactoryServerConfig {
  id: string
  /** The server's name as the person sees it (see {@link McpUrlServerConfig.title}). */
  title?: string | undefined
  /** When given with `url`, the hash of `{ type, url }` also finds this server (as the middleware's config does). */
  type?: 'http' | 'sse' | undefined
  url?: string | undefined
  /** Bounded by the kit's `timeoutMs`; a client that arrives later is closed. The kit uses this one client for every caller. */
  connect: () => Promise<McpProxyClient>
}

/** One MCP server of the kit's configuration. */
export type McpServerConfig = McpUrlServerConfig | McpFactoryServerConfig

/** True for a server the kit connects to itself (by URL), false for a factory's. */
export function isUrlServerConfig(config: McpServerConfig): config is McpUrlServerConfig {
  return !('connect' in config)
}
