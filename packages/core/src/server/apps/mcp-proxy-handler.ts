/**
 * The MCP proxy endpoint for apps without AG-UI: `POST { serverHash, serverId?, method, params? }`
 * (a `ProxiedMCPRequest`, as `createHttpProxyTransport` sends it) answered with the JSON-RPC result.
 *
 * Same semantics as `@ag-ui/mcp-apps-middleware` 0.1.1 (lookup by `serverId` then `serverHash`,
 * same method allowlist) plus what it lacks: the caller's own session is required (the proxy calls
 * tools with the backend's credentials), `tools/call` refused for tools whose `_meta.ui.visibility`
 * lacks `"app"` (spec MUST), one reused MCP session per server, every upstream wait bounded by
 * `timeoutMs` and every answer by `maxResponseBytes`, upstream errors replaced by a generic message
 * (details go to `onError` only).
 *
 * Checks, in order, with the codes of `HTTP_ERRORS`: 405 `method_not_allowed`; 415
 * `unsupported_media_type` (not UTF-8 JSON); 403 `forbidden` (no session; before the body is read,
 * so an anonymous caller learns nothing about the shape); 429 `rate_limited` (optional per-session
 * budget); 413 `payload_too_large`, 408 `request_timeout`, 400 `bad_request` (the body); 403
 * `method_not_proxied`; 403 `forbidden` (`authorize` refused); 404 `unknown_server`; 404
 * `unknown_tool`; 403 `tool_not_app_visible`; then 200 with the result, or 502 `upstream_failed`,
 * 502 `upstream_too_large`, 504 `upstream_timeout`. Error bodies are `{ error, code }`.
 */
import { getToolVisibility, isProxiedMCPRequest, isProxiedMcpMethod, type ProxiedMCPRequest } from '../../apps/protocol'
import type { RateLimit } from '../../apps/message-guard'
import { McpHitlError } from '../../errors'
import { REQUEST_TIMEOUT_RPC_CODE, RESPONSE_TOO_LARGE_RPC_CODE } from '../../http-errors'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { jsonResponse } from '../http/json-response'
import { type JsonBodyOptions, readJsonBody, resolveBodyLimits } from '../http/read-json-body'
import { createSessionRateLimiter } from '../http/session-rate-limiter'
import { type GetSessionId, requireGetSessionId, resolveSession } from '../http/session-resolver'
import { responseTooLargeError, upstreamTimeoutError } from './bounded-mcp-fetch'
import { assertProxyServerUrl, type McpProxyClient, McpServerConnection, type McpProxyServerConfig } from './mcp-server-connection'
import { computeServerHash } from './server-hash'
import { withDeadline } from './with-deadline'

/**
 * What `onError` receives (never sent to the app): an upstream failure names its server and method;
 * a failure before any server was chosen (a throwing `getSessionId`) carries only the error.
 */
export interface McpProxyErrorEvent {
  serverId?: string | undefined
  serverHash?: string | undefined
  method?: string | undefined
  error: unknown
}

/** Options of {@link createMcpProxyHandler}. */
export interface McpProxyHandlerOptions extends JsonBodyOptions {
  servers: McpProxyServerConfig[]
  /**
   * Required: the caller's session, the same function the respond handler takes. The proxy calls
   * tools with the backend's credentials, so a caller without a session gets 403. A trusted
   * single-user deployment (a desktop app, a demo on 127.0.0.1) says so explicitly with a constant,
   * `getSessionId: () => 'local'`.
   */
  getSessionId: GetSessionId
  /** Extra gate per request, after the session (per-user server access, CSRF); `false` or a throw answers 403. */
  authorize?: (request: Request, proxied: ProxiedMCPRequest, sessionId: string) => boolean | Promise<boolean>
  /** Upstream failures and unexpected errors, for logs. */
  onError?: (event: McpProxyErrorEvent) => void
  /** Largest accepted request body in bytes. Default 1 MiB. */
  maxBodyBytes?: number | undefined
  /** Bound of every upstream wait (connect, initialize, each request, each tool listing), in ms. Default 60,000. */
  timeoutMs?: number | undefined
  /** Largest upstream answer relayed, in bytes; a larger one is cut there and answered 502. Default 4 MiB. */
  maxResponseBytes?: number | undefined
  /** Optional per-session token bucket (e.g. `{ capacity: 60, refillPerSecond: 10 }`); an empty one answers 429. */
  rateLimit?: RateLimit | undefined
  /** How long a server's tool list (tool visibility) is cached, in ms. Default 60,000. */
  toolsTtlMs?: number | undefined
  /** How long a listing is trusted to say a tool name does not exist, in ms. Default 5,000. */
  unknownToolTtlMs?: number | undefined
  /** Clock of the tool list caches, for tests. */
  now?: () => number
}

/** The Fetch-API handler, plus `close()` to end the MCP sessions it holds. */
export type McpProxyHandler = ((request: Request) => Promise<Response>) & { close(): Promise<void> }

/** Default of `timeoutMs`. */
export const DEFAULT_PROXY_TIMEOUT_MS = 60_000
/** Default of `maxResponseBytes`: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024

const API = 'createMcpProxyHandler'

interface Entry {
  connection: McpServerConnection
  id?: string | undefined
  hash?: string | undefined
}

function buildIndex(servers: McpProxyServerConfig[], connection: (config: McpProxyServerConfig) => McpServerConnection) {
  const byId = new Map<string, Entry>()
  const byHash = new Map<string, Entry>()
  const ambiguous = new Set<string>()
  for (const config of servers) {
    if (!('connect' in config)) assertProxyServerUrl(API, config)
    const id = config.id ?? ('serverId' in config ? config.serverId : undefined)
    const hash = config.url !== undefined ? computeServerHash(config) : undefined
    const entry: Entry = { connection: connection(config), id, hash }
    if (id !== undefined) {
      if (byId.has(id)) throw new McpHitlError(`${API}: duplicate server id "${id}"; give each server its own id`, { code: 'misuse' })
      byId.set(id, entry)
    }
    if (hash === undefined) continue
    // Two configs on one endpoint cannot be told apart by hash (the middleware refuses it too).
    if (byHash.has(hash) || ambiguous.has(hash)) {
      const other = byHash.get(hash)
      if (id === undefined || (other && other.id === undefined)) {
        throw new McpHitlError(`${API}: servers sharing an endpoint need distinct ids; add an \`id\` to each`, { code: 'misuse' })
      }
      byHash.delete(hash)
      ambiguous.add(hash)
    } else byHash.set(hash, entry)
  }
  return { byId, byHash, all: [...new Set([...byId.values(), ...byHash.values()])] }
}

// The SDK's StreamableHTTPError / SseError keep the default `name`, so go by class name and message.
function isHttpTransportError(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false
  const kind = cause.constructor?.name
  return kind === 'StreamableHTTPError' || kind === 'SseError' || /^(Streamable HTTP|SSE) error/.test(cause.message)
}

// The server never saw the request: its session is unknown (404), so a retry cannot repeat a side effect.
function isExpiredSession(cause: unknown): boolean {
  return isHttpTransportError(cause) && (cause as { code?: unknown }).code === 404
}

/** What an upstream failure is answered as: the wait ran out, the answer was too large, or anything else. */
function upstreamOutcome(cause: unknown): 'upstream_timeout' | 'upstream_too_large' | 'upstream_failed' {
  if (McpHitlError.isInstance(cause) && (cause.code === 'upstream_timeout' || cause.code === 'upstream_too_large')) return cause.code
  if (cause instanceof Error && cause.name === 'McpError') {
    const { code, data } = cause as { code?: unknown; data?: { code?: unknown } }
    if (code === REQUEST_TIMEOUT_RPC_CODE) return 'upstream_timeout'
    if (code === RESPONSE_TOO_LARGE_RPC_CODE && data?.code === 'upstream_too_large') return 'upstream_too_large'
  }
  return 'upstream_failed'
}

// A dead session (server restarted, session expired, network) rather than an answer from the server.
function isConnectionFailure(cause: unknown): boolean {
  if (!(cause instanceof Error)) return true
  if (upstreamOutcome(cause) !== 'upstream_failed') return false
  const code = (cause as { code?: unknown }).code
  if (cause.name === 'McpError') return code === -32000 // ConnectionClosed
  if (isHttpTransportError(cause)) return true
  return cause.name === 'TypeError' || typeof code === 'string' // fetch failed, ECONNREFUSED...
}

/**
 * The caller's signal, passed to the SDK only while the call runs. A Node adapter aborts
 * `request.signal` when the response closes, i.e. after every call; the SDK would answer that abort
 * of a finished call with a `notifications/cancelled` upstream, doubling the requests.
 */
function signalWhileRunning(outer: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController()
  const abort = () => controller.abort(outer.reason)
  if (outer.aborted) abort()
  else outer.addEventListener('abort', abort, { once: true })
  return { signal: controller.signal, release: () => outer.removeEventListener('abort', abort) }
}

async function call(client: McpProxyClient, request: ProxiedMCPRequest, options: { signal: AbortSignal; timeout: number }) {
  const params = (request.params ?? {}) as Record<string, unknown>
  switch (request.method) {
    case 'tools/call':
      return client.callTool(params as Parameters<McpProxyClient['callTool']>[0], undefined, options)
    case 'resources/read':
      return client.readResource(params as Parameters<McpProxyClient['readResource']>[0], options)
    case 'notifications/message': {
      // The SDK bounds requests, not notifications: a factory client's transport gets the same deadline.
      const sent = client.notification({ method: 'notifications/message', params } as Parameters<McpProxyClient['notification']>[0])
      await withDeadline(sent, options.timeout, () => upstreamTimeoutError(options.timeout))
      return { success: true }
    }
    case 'ping':
      return client.ping(options)
  }
}

function checkRateLimit(limit: RateLimit | undefined): void {
  if (limit === undefined) return
  if (!(limit.capacity >= 1) || !(limit.refillPerSecond > 0)) {
    throw new McpHitlError(`${API}: rateLimit needs capacity >= 1 and refillPerSecond > 0, e.g. { capacity: 60, refillPerSecond: 10 }`, {
      code: 'misuse',
    })
  }
}

/** Creates the MCP proxy handler; see the module comment for the checks and statuses. */
export function createMcpProxyHandler(options: McpProxyHandlerOptions): McpProxyHandler {
  if (!Array.isArray(options?.servers)) throw new McpHitlError(`${API}: \`servers\` must be an array of server configs`, { code: 'misuse' })
  requireGetSessionId(API, options)
  checkRateLimit(options.rateLimit)
  const timeout = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS
  const connectionOptions = {
    timeoutMs: timeout,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    toolsTtlMs: options.toolsTtlMs ?? 60_000,
    unknownToolTtlMs: options.unknownToolTtlMs ?? 5000,
    now: options.now ?? Date.now,
  }
  const { byId, byHash, all } = buildIndex(options.servers, (config) => new McpServerConnection(config, connectionOptions))
  const limits = resolveBodyLimits(options, 1024 * 1024)
  const rateLimit = options.rateLimit ? createSessionRateLimiter(options.rateLimit) : undefined
  const reportError = (error: unknown) => options.onError?.({ error })
  const session = { getSessionId: options.getSessionId, onError: reportError }

  async function relay(request: Request, proxied: ProxiedMCPRequest, entry: Entry): Promise<Response> {
    const report = (cause: unknown) =>
      options.onError?.({ serverId: entry.id, serverHash: entry.hash ?? proxied.serverHash, method: proxied.method, error: cause })
    const running = signalWhileRunning(request.signal)
    const callOptions = { signal: running.signal, timeout }
    try {
      // One retry after a dead session. A tools/call is retried only when it surely did not run (it
      // was not sent yet, or the server no longer knew the session); reads and pings are idempotent.
      for (let attempt = 0; ; attempt++) {
        let client: McpProxyClient | undefined
        let sent = false
        try {
          client = await entry.connection.get()
          if (proxied.method === 'tools/call') {
            const name = proxied.params?.name as string
            const tool = await entry.connection.findTool(name)
            if (!tool) throw new HttpRefusal('unknown_tool', `Unknown tool: ${name.slice(0, 100)}`)
            if (!getToolVisibility(tool).includes('app')) {
              throw new HttpRefusal('tool_not_app_visible', `Tool "${name.slice(0, 100)}" is not callable from apps (its visibility lacks "app")`)
            }
          }
          sent = true
          return jsonResponse(await call(client, proxied, callOptions))
        } catch (cause) {
          if (cause instanceof HttpRefusal) throw cause
          const dead = isConnectionFailure(cause)
          if (dead && client) entry.connection.invalidate(client)
          const safe = !sent || proxied.method !== 'tools/call' || isExpiredSession(cause)
          if (dead && safe && attempt === 0 && !request.signal.aborted) continue
          report(cause)
          const outcome = upstreamOutcome(cause)
          if (outcome === 'upstream_timeout') throw new HttpRefusal(outcome, 'The MCP server did not answer in time')
          if (outcome === 'upstream_too_large') throw new HttpRefusal(outcome, responseTooLargeError(connectionOptions.maxResponseBytes).message)
          throw new HttpRefusal('upstream_failed', 'MCP request failed')
        }
      }
    } finally {
      running.release()
    }
  }

  const handle = createHttpRoute({ methods: ['POST'], jsonBody: true, onError: reportError }, async (request) => {
    const sessionId = await resolveSession(request, session)
    rateLimit?.(sessionId)
    const parsed = await readJsonBody(request, limits)
    const method = (parsed as { method?: unknown } | null)?.method
    if (typeof method === 'string' && !isProxiedMcpMethod(method)) {
      throw new HttpRefusal('method_not_proxied', `MCP method not allowed for UI proxy: ${method.slice(0, 100)}`)
    }
    if (!isProxiedMCPRequest(parsed)) throw new HttpRefusal('bad_request', 'Expected { serverHash, serverId?, method, params? }')
    const proxied = parsed
    const name = proxied.params?.name
    if (proxied.method === 'tools/call' && (typeof name !== 'string' || name.length === 0)) {
      throw new HttpRefusal('bad_request', '`params.name` must be a tool name')
    }
    if (options.authorize) {
      // A throwing gate refuses, like a `false`.
      const allowed = await Promise.resolve()
        .then(() => options.authorize?.(request, proxied, sessionId))
        .catch(() => false)
      if (allowed !== true) throw new HttpRefusal('forbidden', 'Forbidden')
    }
    const entry = (proxied.serverId && byId.get(proxied.serverId)) || byHash.get(proxied.serverHash)
    if (!entry) throw new HttpRefusal('unknown_server', `Unknown server: ${(proxied.serverId || proxied.serverHash).slice(0, 100)}`)
    return relay(request, proxied, entry)
  })

  return Object.assign(handle, {
    async close() {
      await Promise.all(all.map((entry) => entry.connection.close()))
    },
  })
}

export type { McpProxyClient, McpProxyServerConfig } from './mcp-server-connection'
