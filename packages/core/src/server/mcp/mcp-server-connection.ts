/**
 * One long-lived MCP client session per configured server, shared by every proxied request: the
 * middleware opens (and initialises) a new session per request, which costs a round trip and a
 * server-side session each time. Reconnects lazily after a failure.
 *
 * Everything the server can make the proxy wait for is bounded by `timeoutMs`: the connect and
 * `initialize`, each listing of tools, and (through the bounded fetch) each HTTP exchange.
 */
import { MCP_APP_MIME_TYPE } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { createBoundedMcpFetch, upstreamTimeoutError } from './bounded-mcp-fetch'
import { withDeadline } from './with-deadline'
import { attachBrokerToMcpClientV2 } from '../elicitation/adapters/mcp-client-v2'
import { BROKER_ELICITATION_CAPABILITY } from '../elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../elicitation/adapters/mcp-sdk'
import type { ElicitationContextOption } from '../elicitation/adapters/read-context'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import type { McpProxyClient, McpServerConfig, McpUrlServerConfig } from './mcp-server-config'
import { importOptionalPeer } from '../import-optional-peer'

/** A tool as listed by the server: `name` and `_meta` decide visibility; the definition is kept only on request. */
export interface ListedTool {
  name: string
  /** The tool's display name (`title`, else `annotations.title`), always kept: the host names raising calls by it. */
  title?: string | undefined
  _meta?: Record<string, unknown> | undefined
  /** With `keepToolDefinitions`. */
  description?: string | undefined
  /** With `keepToolDefinitions`. */
  inputSchema?: Record<string, unknown> | undefined
}

/** How a connection's clients are made (the MCP Apps UI extension is always declared). */
export interface McpClientSetup {
  /**
   * The MCP TypeScript SDK the client comes from: `v1` (`@modelcontextprotocol/sdk`, default) or `v2`
   * (`@modelcontextprotocol/client`, which also speaks 2026-07-28 and its `input_required` rounds).
   */
  sdk?: 'v1' | 'v2'
  /** The server's elicitations go to this broker with this context; the client then declares form and URL mode. */
  elicitation?: { broker: Pick<ElicitationBroker, 'request' | 'complete'>; context: ElicitationContextOption }
  /** Name and version announced to the server. */
  clientInfo?: { name: string; version: string }
}

/** The bounds a connection applies; the proxy handler resolves them from its options. */
export interface McpServerConnectionOptions {
  timeoutMs: number
  maxResponseBytes: number
  /** How long a tool list (and so a tool's visibility) is trusted before listing again. */
  toolsTtlMs: number
  /** How long a listing is trusted to say a tool does not exist (the negative cache). */
  unknownToolTtlMs: number
  /** Clock of the two TTLs, for tests. */
  now: () => number
  /**
   * Bound of one HTTP exchange (a POST's whole answer), when it must exceed `timeoutMs`: a tool call
   * that waits on a person answering an elicitation. Default `timeoutMs`.
   */
  exchangeTimeoutMs?: number
  /** Keep each tool's description and input schema (to offer the tools to a model), not only what the visibility check reads. */
  keepToolDefinitions?: boolean
  /** Capabilities and handlers of the clients opened for URL-configured servers. */
  client?: McpClientSetup
}

/** A UI resource (`ui://`) as the server lists it: what the host names an app by. */
export interface ListedUiResource {
  uri: string
  name?: string | undefined
  title?: string | undefined
}

const CLIENT_INFO = { name: 'mcp-hitl-proxy', version: '0.1.0' }
// A server paging forever must not hold the listing.
const MAX_TOOL_PAGES = 100
// Only UI resources are kept from a resource listing, and only this many: it names apps, nothing else.
const MAX_UI_RESOURCES = 1000

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined)

/** A listed tool's display name: `title`, else `annotations.title` (2025-06-18). */
function toolTitle(tool: { title?: unknown; annotations?: unknown }): string | undefined {
  const annotations = tool.annotations as { title?: unknown } | undefined
  return textOf(tool.title) ?? textOf(annotations?.title)
}

/** Refuses, at creation, a URL the proxy would never connect to; `api` names the caller. */
export function assertProxyServerUrl(api: string, config: McpUrlServerConfig): void {
  let url: URL | undefined
  try {
    url = new URL(config.url)
  } catch {
    // Reported below.
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new McpHitlError(
      `${api}: server url ${JSON.stringify(String(config.url).replace(/\/\/[^@/]*@/, '//…@'))} must be an http(s) URL without credentials; send credentials in \`headers\``,
      { code: 'misuse' },
    )
  }
}

/** Connects an SDK client to a URL-configured server within `options`' bounds (origin pinned, no redirects). */
export async function connectUrlServer(config: McpUrlServerConfig, options: McpServerConnectionOptions): Promise<McpProxyClient> {
  const url = new URL(config.url)
  // Loaded on first use: the SDK is an optional peer, needed only for URL-configured servers.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    importOptionalPeer<typeof import('@modelcontextprotocol/sdk/client/index.js')>('@modelcontextprotocol/sdk/client/index.js'),
    importOptionalPeer<typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js')>('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ])
  const exchangeTimeoutMs = Math.max(options.timeoutMs, options.exchangeTimeoutMs ?? 0)
  const fetch = createBoundedMcpFetch({ origin: url.origin, timeoutMs: exchangeTimeoutMs, maxResponseBytes: options.maxResponseBytes })
  // Redirects could carry the configured auth headers to another origin: refused (also by the fetch).
  const transportOptions = { requestInit: { headers: config.headers, redirect: 'error' as const }, fetch }
  const setup = options.client ?? {}
  const capabilities: Record<string, unknown> = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [MCP_APP_MIME_TYPE] } } }
  if (setup.elicitation) capabilities.elicitation = BROKER_ELICITATION_CAPABILITY
  if (setup.sdk === 'v2') return connectWithSdkV2(config.type, url, transportOptions, capabilities, setup, options.timeoutMs)
  const transport =
    config.type === 'sse'
      ? new (await importOptionalPeer<typeof import('@modelcontextprotocol/sdk/client/sse.js')>('@modelcontextprotocol/sdk/client/sse.js')).SSEClientTransport(url, transportOptions)
      : new StreamableHTTPClientTransport(url, transportOptions)
  const client = new Client(setup.clientInfo ?? CLIENT_INFO, { capabilities })
  if (setup.elicitation) {
    const { ElicitRequestSchema, ElicitationCompleteNotificationSchema } = await importOptionalPeer<typeof import('@modelcontextprotocol/sdk/types.js')>('@modelcontextprotocol/sdk/types.js')
    const schemas = { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema }
    attachBrokerToMcpClient(client, setup.elicitation.broker, { schemas, context: setup.elicitation.context })
  }
  try {
    await client.connect(transport, { timeout: options.timeoutMs })
  } catch (error) {
    // Closing aborts whatever the transport still has in flight (a silent server's sockets).
    await client.close().catch(() => undefined)
    throw error
  }
  return client
}

/**
 * The same with the v2 SDK, whose client negotiates 2026-07-28 when the server offers it and then
 * answers `input_required` rounds through the elicitation handler; seen by the proxy through the
 * v1 surface it uses.
 */
async function connectWithSdkV2(
  type: McpUrlServerConfig['type'],
  url: URL,
  transportOptions: { requestInit: RequestInit; fetch: typeof fetch },
  capabilities: Record<string, unknown>,
  setup: McpClientSetup,
  timeoutMs: number,
): Promise<McpProxyClient> {
  const sdk = await importOptionalPeer<typeof import('@modelcontextprotocol/client')>('@modelcontextprotocol/client')
  const transport = type === 'sse' ? new sdk.SSEClientTransport(url, transportOptions) : new sdk.StreamableHTTPClientTransport(url, transportOptions)
  const client = new sdk.Client(setup.clientInfo ?? CLIENT_INFO, { capabilities, versionNegotiation: { mode: 'auto' } })
  if (setup.elicitation) attachBrokerToMcpClientV2(client, setup.elicitation.broker, { context: setup.elicitation.context })
  try {
    await client.connect(transport, { timeout: timeoutMs })
  } catch (error) {
    await client.close().catch(() => undefined)
    throw error
  }
  const v1: McpProxyClient = {
    callTool: ((params: Parameters<typeof client.callTool>[0], _schema: unknown, options?: Parameters<typeof client.callTool>[1]) =>
      client.callTool(params, options)) as unknown as McpProxyClient['callTool'],
    readResource: ((params: Parameters<typeof client.readResource>[0], options?: Parameters<typeof client.readResource>[1]) =>
      client.readResource(params, options)) as unknown as McpProxyClient['readResource'],
    listResources: ((params?: Parameters<typeof client.listResources>[0], options?: Parameters<typeof client.listResources>[1]) =>
      client.listResources(params, options)) as unknown as McpProxyClient['listResources'],
    listResourceTemplates: ((params?: Parameters<typeof client.listResourceTemplates>[0], options?: Parameters<typeof client.listResourceTemplates>[1]) =>
      client.listResourceTemplates(params, options)) as unknown as McpProxyClient['listResourceTemplates'],
    ping: ((options?: Parameters<typeof client.ping>[0]) => client.ping(options)) as unknown as McpProxyClient['ping'],
    notification: ((notification: Parameters<typeof client.notification>[0]) => client.notification(notification)) as unknown as McpProxyClient['notification'],
    listTools: ((params?: Parameters<typeof client.listTools>[0], options?: Parameters<typeof client.listTools>[1]) =>
      client.listTools(params, options)) as unknown as McpProxyClient['listTools'],
    close: () => client.close(),
    getServerVersion: () => client.getServerVersion(),
  }
  // The v2 client's transport, so closing the connection can end the HTTP session.
  Object.defineProperty(v1, 'transport', { get: () => client.transport })
  return v1
}

const END_SESSION_MS = 3000

/** `terminateSession()` of the client's Streamable HTTP transport (bounded), then `close()`. */
async function endSession(client: McpProxyClient): Promise<void> {
  const transport = (client as { transport?: { terminateSession?: () => Promise<void> } }).transport
  if (typeof transport?.terminateSession === 'function') {
    await withDeadline(transport.terminateSession(), END_SESSION_MS, () => new Error('session DELETE timed out')).catch(() => undefined)
  }
  await client.close()
}

/** A lazily connected, shared client for one server, with a cache of its tool list. */
export class McpServerConnection {
  private client: Promise<McpProxyClient> | undefined
  private connected: McpProxyClient | undefined
  private tools: Map<string, ListedTool> | undefined
  private listedAt = 0
  private listing: Promise<Map<string, ListedTool>> | undefined
  private uiResources: { at: number; list: Promise<Map<string, ListedUiResource>> } | undefined

  constructor(
    readonly config: McpServerConfig,
    private readonly options: McpServerConnectionOptions,
  ) {}

  /** The shared client, connecting on first use or after {@link invalidate}, within `timeoutMs`. */
  get(): Promise<McpProxyClient> {
    if (!this.client) {
      const config = this.config
      const { timeoutMs } = this.options
      const attempt = 'connect' in config ? config.connect() : connectUrlServer(config, this.options)
      const pending = withDeadline(attempt, timeoutMs, () => upstreamTimeoutError(timeoutMs), (late) => void late.close().catch(() => undefined))
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
    this.reset()
    void client.close().catch(() => undefined)
  }

  /**
   * The tool by name. A listing younger than `toolsTtlMs` answers for the tools it has; a name it
   * lacks is answered "unknown" while the listing is younger than `unknownToolTtlMs` (a tool added
   * since is found after that), so a flood of unknown names costs one listing per window, whatever
   * the names. Concurrent lookups share one listing.
   */
  async findTool(name: string): Promise<ListedTool | undefined> {
    const age = this.options.now() - this.listedAt
    if (this.tools && age < this.options.toolsTtlMs) {
      const tool = this.tools.get(name)
      if (tool) return tool
      if (age < this.options.unknownToolTtlMs) return undefined
    }
    return (await this.list()).get(name)
  }

  /** Every tool of the server: the cached listing while younger than `toolsTtlMs`, else a new one. */
  async listTools(): Promise<ListedTool[]> {
    const fresh = this.tools && this.options.now() - this.listedAt < this.options.toolsTtlMs
    return [...(fresh && this.tools ? this.tools : await this.list()).values()]
  }

  /** The tool from the last listing, if it has it (no request: for a caller that must not wait). */
  cachedTool(name: string): ListedTool | undefined {
    return this.tools?.get(name)
  }

  /** What the connected server calls itself (`serverInfo` from `initialize`); undefined before it connected. */
  serverInfo(): { name?: string; title?: string; icons?: unknown } | undefined {
    return this.connected?.getServerVersion?.()
  }

  /**
   * A UI resource by URI, from the server's resource list (trusted for `toolsTtlMs`, listed once for
   * concurrent lookups, within `timeoutMs`): undefined when the server does not list it or cannot list.
   */
  async findUiResource(uri: string): Promise<ListedUiResource | undefined> {
    const now = this.options.now()
    if (!this.uiResources || now - this.uiResources.at >= this.options.toolsTtlMs) {
      const { timeoutMs } = this.options
      // A server without resources (or failing to list them) names no app for this window.
      const list = withDeadline(this.listUiResources(), timeoutMs, () => upstreamTimeoutError(timeoutMs)).catch(() => new Map<string, ListedUiResource>())
      this.uiResources = { at: now, list }
    }
    return (await this.uiResources.list).get(uri)
  }

  private async listUiResources(): Promise<Map<string, ListedUiResource>> {
    const client = await this.get()
    const found = new Map<string, ListedUiResource>()
    let cursor: string | undefined
    for (let page = 0; page < MAX_TOOL_PAGES && found.size < MAX_UI_RESOURCES; page++) {
      const result = (await client.listResources(cursor ? { cursor } : undefined, { timeout: this.options.timeoutMs })) as {
        resources?: { uri?: unknown; name?: unknown; title?: unknown }[]
        nextCursor?: unknown
      }
      for (const resource of Array.isArray(result?.resources) ? result.resources : []) {
        if (typeof resource?.uri !== 'string' || !resource.uri.startsWith('ui://') || found.size >= MAX_UI_RESOURCES) continue
        found.set(resource.uri, { uri: resource.uri, name: textOf(resource.name), title: textOf(resource.title) })
      }
      cursor = typeof result?.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined
      if (!cursor) break
    }
    return found
  }

  private list(): Promise<Map<string, ListedTool>> {
    if (this.listing) return this.listing
    const { timeoutMs } = this.options
    const run = withDeadline(this.listAll(), timeoutMs, () => upstreamTimeoutError(timeoutMs))
    this.listing = run
    run.then(
      (tools) => {
        if (this.listing !== run) return
        this.tools = tools
        this.listedAt = this.options.now()
        this.listing = undefined
      },
      () => {
        if (this.listing === run) this.listing = undefined
      },
    )
    return run
  }

  private async listAll(): Promise<Map<string, ListedTool>> {
    const client = await this.get()
    const tools = new Map<string, ListedTool>()
    let cursor: string | undefined
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      // No caller's signal: the listing is shared, one caller going away must not cancel it for all.
      const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.options.timeoutMs })
      // Only what the visibility check reads is kept, unless the definitions are asked for.
      for (const tool of result.tools) {
        const kept: ListedTool = { name: tool.name, _meta: tool._meta }
        const title = toolTitle(tool)
        if (title !== undefined) kept.title = title
        if (this.options.keepToolDefinitions) {
          if (tool.description !== undefined) kept.description = tool.description
          kept.inputSchema = tool.inputSchema as Record<string, unknown>
        }
        tools.set(tool.name, kept)
      }
      cursor = result.nextCursor
      if (!cursor) break
    }
    return tools
  }

  private reset(): void {
    this.client = undefined
    this.connected = undefined
    this.tools = undefined
    this.listing = undefined
    this.uiResources = undefined
  }

  /**
   * Closes the client if one is connected, ending its HTTP session on the server first (a DELETE,
   * given at most 3 s): a server keeps a session it is not told about.
   */
  async close(): Promise<void> {
    const current = this.client
    this.reset()
    if (current) await current.then(endSession).catch(() => undefined)
  }
}
