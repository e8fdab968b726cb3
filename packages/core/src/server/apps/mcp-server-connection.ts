/**
 * One long-lived MCP client session per configured server, shared by every proxied request: the
 * middleware opens (and initialises) a new session per request, which costs a round trip and a
 * server-side session each time. Reconnects lazily after a failure.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { MCP_APP_MIME_TYPE } from '../../apps/protocol'

/** The part of an MCP TypeScript SDK `Client` the proxy uses. */
export type McpProxyClient = Pick<Client, 'callTool' | 'readResource' | 'ping' | 'notification' | 'listTools' | 'close'>

/** A server reached over Streamable HTTP (`http`) or legacy SSE (`sse`), as the middleware configures it. */
export interface McpProxyUrlServer {
  /** Stable id (the middleware's `serverId`), preferred over the hash for lookups. */
  id?: string
  /** Alias of `id`, so one config array can serve the middleware and this proxy. */
  serverId?: string
  type: 'http' | 'sse'
  url: string
  /** Sent with every request to the MCP server (auth); not part of the hash. */
  headers?: Record<string, string>
}

/** A server reached through a factory that returns a connected SDK client. */
export interface McpProxyFactoryServer {
  id: string
  /** When given, the hash of `{ type, url }` also finds this server (as for the middleware's config). */
  type?: 'http' | 'sse'
  url?: string
  connect: () => Promise<McpProxyClient>
}

/** One entry of `createMcpProxyHandler({ servers })`. */
export type McpProxyServerConfig = McpProxyUrlServer | McpProxyFactoryServer

/** A tool as listed by the server; only name and `_meta` matter here. */
export interface ListedTool {
  name: string
  _meta?: Record<string, unknown>
}

const CLIENT_INFO = { name: 'mcp-hitl-proxy', version: '0.1.0' }

async function connectUrlServer(config: McpProxyUrlServer): Promise<McpProxyClient> {
  const url = new URL(config.url)
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new Error('MCP server URL must be http(s) without embedded credentials')
  }
  // Loaded on first use: the SDK is an optional peer, needed only for URL-configured servers.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ])
  // Redirects could carry the configured auth headers to another origin: refuse them.
  const pinnedFetch: typeof fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input))
    if (target.origin !== url.origin) return Promise.reject(new Error('MCP transport changed origin'))
    return fetch(input, { ...init, redirect: 'error' })
  }
  const options = { requestInit: { headers: config.headers, redirect: 'error' as const }, fetch: pinnedFetch }
  const transport =
    config.type === 'sse'
      ? new (await import('@modelcontextprotocol/sdk/client/sse.js')).SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options)
  const capabilities = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [MCP_APP_MIME_TYPE] } } }
  const client = new Client(CLIENT_INFO, { capabilities: capabilities as Record<string, unknown> })
  await client.connect(transport)
  return client
}

/** A lazily connected, shared client for one server, with a cache of its tool list. */
export class McpServerConnection {
  private client: Promise<McpProxyClient> | undefined
  private connected: McpProxyClient | undefined
  private tools: Map<string, ListedTool> | undefined
  private listedAt = 0

  /** `toolsTtlMs`: how long a tool list (and so a tool's visibility) is trusted before listing again. */
  constructor(
    readonly config: McpProxyServerConfig,
    private readonly toolsTtlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The shared client, connecting on first use or after {@link invalidate}. */
  get(): Promise<McpProxyClient> {
    if (!this.client) {
      const config = this.config
      const pending = 'connect' in config ? config.connect() : connectUrlServer(config)
      this.client = pending
      pending.then(
        (client) => {
          if (this.client === pending) this.connected = client
        },
        // A failed connect must not be cached: the next request tries again.
        () => {
          if (this.client === pending) this.client = undefined
        },
      )
    }
    return this.client
  }

  /** Drops `client` if it is still the shared one (a dead session); the next request reconnects. */
  invalidate(client: McpProxyClient): void {
    if (this.connected !== client) return
    this.client = undefined
    this.connected = undefined
    this.tools = undefined
    void client.close().catch(() => undefined)
  }

  /** The tool by name from the cached list; lists again when the name is unknown or the list is stale. */
  async findTool(name: string, signal?: AbortSignal): Promise<ListedTool | undefined> {
    // A stale list could grant an app a tool the server has since made model-only.
    const fresh = this.now() - this.listedAt < this.toolsTtlMs
    const cached = fresh ? this.tools?.get(name) : undefined
    if (cached) return cached
    const client = await this.get()
    const tools = new Map<string, ListedTool>()
    let cursor: string | undefined
    // Bounded: a server paging forever must not hold the request.
    for (let page = 0; page < 100; page++) {
      const result = await client.listTools(cursor ? { cursor } : undefined, { signal })
      for (const tool of result.tools) tools.set(tool.name, tool)
      cursor = result.nextCursor
      if (!cursor) break
    }
    this.tools = tools
    this.listedAt = this.now()
    return tools.get(name)
  }

  /** Closes the client if one is connected. */
  async close(): Promise<void> {
    const current = this.client
    this.client = undefined
    this.connected = undefined
    this.tools = undefined
    if (current) await current.then((c) => c.close()).catch(() => undefined)
  }
}
