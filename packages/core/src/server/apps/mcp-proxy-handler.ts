/**
 * The MCP proxy endpoint for apps without AG-UI: `POST { serverHash, serverId?, method, params? }`
 * (a `ProxiedMCPRequest`, as `createHttpProxyTransport` sends it) answered with the JSON-RPC result.
 *
 * Same semantics as `@ag-ui/mcp-apps-middleware` 0.1.1 (lookup by `serverId` then `serverHash`,
 * same method allowlist) plus what it lacks: `tools/call` refused for tools whose
 * `_meta.ui.visibility` lacks `"app"` (spec MUST), one reused MCP session per server, upstream
 * errors replaced by a generic message (details go to `onError` only).
 *
 * Statuses: 200 result; 400 malformed body; 403 method outside the allowlist, tool not callable by
 * apps, or `authorize` refused; 404 unknown server or tool; 405 not POST; 413 body over the limit;
 * 415 not JSON; 502 upstream failure. Error bodies are `{ error }`.
 */
import { getToolVisibility, isProxiedMCPRequest, isProxiedMcpMethod, type ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { jsonResponse } from '../http/json-response'
import {
  type McpProxyClient,
  McpServerConnection,
  type McpProxyServerConfig,
} from './mcp-server-connection'
import { readBodyWithLimit } from '../http/read-body-with-limit'
import { computeServerHash } from './server-hash'

/** What `onError` receives when an upstream call fails (never sent to the app). */
export interface McpProxyErrorEvent {
  serverId?: string
  serverHash: string
  method: string
  error: unknown
}

/** Options of {@link createMcpProxyHandler}. */
export interface McpProxyHandlerOptions {
  servers: McpProxyServerConfig[]
  /** Largest accepted request body in bytes. Default 1 MiB. */
  maxBodyBytes?: number
  /** Upstream request timeout in ms. Default 60,000. */
  timeoutMs?: number
  /** Gate per request (auth, CSRF, per-user server access); `false` answers 403. */
  authorize?: (request: Request, proxied: ProxiedMCPRequest) => boolean | Promise<boolean>
  /** Upstream failures, for logs. */
  onError?: (event: McpProxyErrorEvent) => void
  /** How long a server's tool list (tool visibility) is cached, in ms. Default 60,000. */
  toolsTtlMs?: number
  /** Clock, for tests. */
  now?: () => number
}

/** The Fetch-API handler, plus `close()` to end the MCP sessions it holds. */
export type McpProxyHandler = ((request: Request) => Promise<Response>) & { close(): Promise<void> }

interface Entry {
  connection: McpServerConnection
  id?: string
  hash?: string
}

const error = (status: number, message: string) => jsonResponse({ error: message }, status)

function isJson(value: string | null): boolean {
  const type = value?.split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

function buildIndex(servers: McpProxyServerConfig[], toolsTtlMs?: number, now?: () => number) {
  const byId = new Map<string, Entry>()
  const byHash = new Map<string, Entry>()
  const ambiguous = new Set<string>()
  for (const config of servers) {
    const id = config.id ?? ('serverId' in config ? config.serverId : undefined)
    const hash = config.url !== undefined ? computeServerHash(config) : undefined
    const entry: Entry = { connection: new McpServerConnection(config, toolsTtlMs, now), id, hash }
    if (id !== undefined) {
      if (byId.has(id)) throw new McpHitlError(`createMcpProxyHandler: duplicate server id "${id}"`, { code: 'misuse' })
      byId.set(id, entry)
    }
    if (hash === undefined) continue
    // Two configs on one endpoint cannot be told apart by hash (the middleware refuses it too).
    if (byHash.has(hash) || ambiguous.has(hash)) {
      const other = byHash.get(hash)
      if (id === undefined || (other && other.id === undefined)) {
        throw new McpHitlError('createMcpProxyHandler: servers sharing an endpoint need distinct ids', { code: 'misuse' })
      }
      byHash.delete(hash)
      ambiguous.add(hash)
    } else byHash.set(hash, entry)
  }
  return { byId, byHash, all: [...new Set([...byId.values(), ...byHash.values()])] }
}

// The server never saw the request: its session is unknown (404), so a retry cannot repeat a side effect.
function isExpiredSession(cause: unknown): boolean {
  return isHttpTransportError(cause) && (cause as { code?: unknown }).code === 404
}

// The SDK's StreamableHTTPError / SseError keep the default `name`, so go by class name and message.
function isHttpTransportError(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false
  const kind = cause.constructor?.name
  return kind === 'StreamableHTTPError' || kind === 'SseError' || /^(Streamable HTTP|SSE) error/.test(cause.message)
}

// A dead session (server restarted, session expired, network) rather than an answer from the server.
function isConnectionFailure(cause: unknown): boolean {
  if (!(cause instanceof Error)) return true
  const code = (cause as { code?: unknown }).code
  if (cause.name === 'McpError') return code === -32000 // ConnectionClosed
  if (isHttpTransportError(cause)) return true
  return cause.name === 'TypeError' || typeof code === 'string' // fetch failed, ECONNREFUSED...
}

async function call(client: McpProxyClient, request: ProxiedMCPRequest, options: { signal?: AbortSignal; timeout: number }) {
  const params = (request.params ?? {}) as Record<string, unknown>
  switch (request.method) {
    case 'tools/call':
      return client.callTool(params as Parameters<McpProxyClient['callTool']>[0], undefined, options)
    case 'resources/read':
      return client.readResource(params as Parameters<McpProxyClient['readResource']>[0], options)
    case 'notifications/message':
      await client.notification({ method: 'notifications/message', params } as Parameters<McpProxyClient['notification']>[0])
      return { success: true }
    case 'ping':
      return client.ping(options)
  }
}

/** Creates the MCP proxy handler; see the module comment for the statuses. */
export function createMcpProxyHandler(options: McpProxyHandlerOptions): McpProxyHandler {
  if (!Array.isArray(options?.servers)) throw new McpHitlError('createMcpProxyHandler: `servers` must be an array', { code: 'misuse' })
  const { byId, byHash, all } = buildIndex(options.servers, options.toolsTtlMs, options.now)
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  const timeout = options.timeoutMs ?? 60_000

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return jsonResponse({ error: 'Method not allowed' }, 405, { allow: 'POST' })
    if (!isJson(request.headers.get('content-type'))) return error(415, 'Expected application/json')
    const body = await readBodyWithLimit(request, maxBodyBytes)
    if (!body.ok) return error(413, 'Request body too large')
    let parsed: unknown
    try {
      parsed = JSON.parse(body.text)
    } catch {
      return error(400, 'Malformed JSON')
    }
    const method = (parsed as { method?: unknown } | null)?.method
    if (typeof method === 'string' && !isProxiedMcpMethod(method)) {
      return error(403, `MCP method not allowed for UI proxy: ${method.slice(0, 100)}`)
    }
    if (!isProxiedMCPRequest(parsed)) return error(400, 'Expected { serverHash, serverId?, method, params? }')
    const proxied = parsed
    if (options.authorize) {
      // A throwing gate refuses, like a `false`.
      const allowed = await Promise.resolve()
        .then(() => options.authorize?.(request, proxied))
        .catch(() => false)
      if (!allowed) return error(403, 'Forbidden')
    }

    const entry = (proxied.serverId && byId.get(proxied.serverId)) || byHash.get(proxied.serverHash)
    if (!entry) return error(404, `Unknown server: ${(proxied.serverId || proxied.serverHash).slice(0, 100)}`)
    const serverHash = entry.hash ?? proxied.serverHash
    const report = (cause: unknown) => options.onError?.({ serverId: entry.id, serverHash, method: proxied.method, error: cause })
    const callOptions = { signal: request.signal, timeout }

    // One retry after a dead session. A tools/call is retried only when it surely did not run (it
    // was not sent yet, or the server no longer knew the session); reads and pings are idempotent.
    for (let attempt = 0; ; attempt++) {
      let client: McpProxyClient | undefined
      let sent = false
      try {
        client = await entry.connection.get()
        if (proxied.method === 'tools/call') {
          const name = proxied.params?.name
          if (typeof name !== 'string' || name.length === 0) return error(400, '`params.name` must be a tool name')
          const tool = await entry.connection.findTool(name, request.signal)
          if (!tool) return error(404, `Unknown tool: ${name.slice(0, 100)}`)
          if (!getToolVisibility(tool).includes('app')) {
            return error(403, `Tool "${name.slice(0, 100)}" is not callable from apps (its visibility lacks "app")`)
          }
        }
        sent = true
        return jsonResponse(await call(client, proxied, callOptions))
      } catch (cause) {
        const dead = isConnectionFailure(cause)
        if (dead && client) entry.connection.invalidate(client)
        const safe = !sent || proxied.method !== 'tools/call' || isExpiredSession(cause)
        if (dead && safe && attempt === 0 && !request.signal.aborted) continue
        report(cause)
        return error(502, 'MCP request failed')
      }
    }
  }

  return Object.assign(handle, {
    async close() {
      await Promise.all(all.map((entry) => entry.connection.close()))
    },
  })
}

export type { McpProxyClient, McpProxyServerConfig } from './mcp-server-connection'
