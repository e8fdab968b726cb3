/**
 * The MCP proxy endpoint for apps without AG-UI: `POST { serverHash, serverId?, method, params? }`
 * (a `ProxiedMCPRequest`, as `createHttpProxyTransport` sends it) answered with the JSON-RPC result.
 *
 * Same semantics as `@ag-ui/mcp-apps-middleware` 0.1.1 (lookup by `serverId` then `serverHash`,
 * same method allowlist, plus the two resource listings an ext-apps `App` sends) plus what it lacks: the caller's own session is required (the proxy calls
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
import { isProxiedMCPRequest, isProxiedMcpMethod, type ProxiedMCPRequest } from '../../apps/protocol'
import type { RateLimit } from '../../apps/message-guard'
import { McpHitlError } from '../../errors'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { requireAuthorized } from '../http/require-authorized'
import { jsonResponse } from '../http/json-response'
import { type JsonBodyOptions, readJsonBody, resolveBodyLimits } from '../http/read-json-body'
import { createSessionRateLimiter } from '../http/session-rate-limiter'
import { type GetSessionId, requireGetSessionId, resolveSession } from '../http/session-resolver'
import { responseTooLargeError, upstreamTimeoutError } from '../mcp/bounded-mcp-fetch'
import { appCallOrigin, type McpConnectionPool, type RunScope } from '../mcp/mcp-connection-pool'
import { createMcpPool, type McpLimits, resolveMcpLimits } from '../mcp/mcp-limits'
import { isUrlServerConfig, type McpServerConfig } from '../mcp/mcp-server-config'
import { assertProxyServerUrl } from '../mcp/mcp-server-connection'
import { type IndexedServer, indexMcpServers, type McpServerIndex } from '../mcp/mcp-server-index'
import { PendingElicitations, silenceDeadline } from '../mcp/pending-elicitations'
import { executeProxiedCall } from '../mcp/proxied-call'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'

export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_PROXY_TIMEOUT_MS, DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS } from '../mcp/mcp-limits'

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
  servers: McpServerConfig[]
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
  /**
   * Answers the servers' `elicitation/create` raised by an app's tool calls, so a button in an app
   * can ask the user something. With it, each caller's tool calls to URL-configured servers run on
   * MCP sessions of that caller (the server's request is then known to be theirs, whichever stream
   * it arrives on), those clients declare elicitation (form and URL mode), and the broker gets each
   * request under the caller's session: the page shows it through the per-session live channel
   * (`createElicitationEventsHandler`, `useElicitation({ events })`) and answers through the respond
   * route. Factory servers keep their one client: attach the broker to it yourself.
   */
  broker?: Pick<ElicitationBroker, 'request' | 'complete'> | undefined
  /**
   * With a broker: the longest a tool call may take, person included, in ms. Default 660,000 (the
   * broker's default time to answer, and a minute). The server's silence is still bounded by
   * `timeoutMs`, except while the caller has an elicitation open: that wait is the person's.
   */
  toolCallTimeoutMs?: number | undefined
  /** With a broker: callers holding MCP connections at once (the least recently used idle one is closed). Default 1,000. */
  maxCallers?: number | undefined
  /** @deprecated The former name of `maxCallers`, read when that is absent. */
  maxSessions?: number | undefined
  /** With a broker: a caller's MCP connections close after this long unused, in ms. Default 600,000. */
  callerIdleMs?: number | undefined
  /** @deprecated The former name of `callerIdleMs`, read when that is absent. */
  sessionIdleMs?: number | undefined
  /** With a broker: tool calls of one caller running on one server at once, each on its own MCP connection. Default 4. */
  parallelToolCalls?: number | undefined
}

/** The Fetch-API handler, plus `close()` to end the MCP sessions it holds. */
export type McpProxyHandler = ((request: Request) => Promise<Response>) & { close(): Promise<void> }

// A proxied call has no chat stream: the broker's parts reach the page on the session's live channel.
const NO_STREAM: RunScope = { emit: () => undefined, open: false }

const API = 'createMcpProxyHandler'

function checkRateLimit(limit: RateLimit | undefined): void {
  if (limit === undefined) return
  if (!(limit.capacity >= 1) || !(limit.refillPerSecond > 0)) {
    throw new McpHitlError(`${API}: rateLimit needs capacity >= 1 and refillPerSecond > 0, e.g. { capacity: 60, refillPerSecond: 10 }`, {
      code: 'misuse',
    })
  }
}

/** What the proxy relays to: the servers, the pool of their connections, and each caller's open elicitations. */
export interface McpProxyServers {
  index: McpServerIndex<McpServerConfig>
  pool: McpConnectionPool
  /** With a broker: the pool's broker counts each caller's open elicitations here (see `silenceDeadline`). */
  pending?: PendingElicitations | undefined
  /** Closes what the handler owns (its own pool; nothing when the pool is a `createHitlServer`'s). */
  close: () => Promise<void>
}

/** Creates the MCP proxy handler; see the module comment for the checks and statuses. */
export function createMcpProxyHandler(options: McpProxyHandlerOptions): McpProxyHandler {
  if (!Array.isArray(options?.servers)) throw new McpHitlError(`${API}: \`servers\` must be an array of server configs`, { code: 'misuse' })
  requireGetSessionId(API, options)
  checkRateLimit(options.rateLimit)
  const limits = resolveMcpLimits(API, mcpLimitsOf(options), options.now)
  for (const config of options.servers) if (isUrlServerConfig(config)) assertProxyServerUrl(API, config)
  const index = indexMcpServers(API, options.servers)
  const pending = options.broker ? new PendingElicitations() : undefined
  const pool = createMcpPool(limits, {
    broker: options.broker && pending?.wrap(options.broker),
    exchangeTimeoutMs: Math.max(limits.timeoutMs, limits.toolCallTimeoutMs),
    clientInfo: { name: 'mcp-hitl-proxy', version: '0.1.0' },
    owner: 'The MCP proxy handler',
  })
  return mcpProxyHandlerOver({ index, pool, pending, close: () => pool.close() }, options)
}

/** The MCP limits among the handler's options (`maxSessions` and `sessionIdleMs` read as their new names). */
export function mcpLimitsOf(options: McpLimits & { maxSessions?: number | undefined; sessionIdleMs?: number | undefined }): McpLimits {
  return { ...options, maxCallers: options.maxCallers ?? options.maxSessions, callerIdleMs: options.callerIdleMs ?? options.sessionIdleMs }
}

/**
 * The handler over `servers` (its own pool, or a `createHitlServer`'s): `options.servers` and the
 * pool's bounds are not read; `options.broker` (or `servers.pending`) says whether tool calls run
 * on the caller's own connections.
 */
export function mcpProxyHandlerOver(servers: McpProxyServers, options: Omit<McpProxyHandlerOptions, 'servers'>): McpProxyHandler {
  requireGetSessionId(API, options)
  checkRateLimit(options.rateLimit)
  const { index, pool, pending } = servers
  const { timeoutMs: timeout, toolCallTimeoutMs: toolCallTimeout, maxResponseBytes } = resolveMcpLimits(API, mcpLimitsOf(options), options.now)
  const limits = resolveBodyLimits(options, 1024 * 1024)
  const rateLimit = options.rateLimit ? createSessionRateLimiter(options.rateLimit) : undefined
  const reportError = (error: unknown) => options.onError?.({ error })
  const session = { getSessionId: options.getSessionId, onError: reportError }

  // With a broker, a tool call runs on a connection of the caller's own, silence-bounded by `timeoutMs` except while a person answers.
  async function callAsCaller(request: Request, proxied: ProxiedMCPRequest, server: IndexedServer<McpServerConfig>, sessionId: string, open: PendingElicitations) {
    const deadline = silenceDeadline(open, sessionId, timeout, () => upstreamTimeoutError(timeout))
    const signal = AbortSignal.any([request.signal, deadline.signal])
    try {
      return await pool.use(sessionId, NO_STREAM, (mine) =>
        mine.exclusive(server, (connection) => executeProxiedCall(connection, proxied, { signal, timeout: toolCallTimeout }), {
          origin: appCallOrigin(proxied),
          serverAnswered: (outcome) => outcome.ok,
        }),
      )
    } catch (error) {
      if (McpHitlError.isInstance(error) && error.code === 'over_capacity') throw new HttpRefusal('unavailable', error.message)
      throw error
    } finally {
      deadline.stop()
    }
  }

  async function relay(request: Request, proxied: ProxiedMCPRequest, server: IndexedServer<McpServerConfig>, sessionId: string): Promise<Response> {
    const outcome =
      pending && proxied.method === 'tools/call' && isUrlServerConfig(server.config)
        ? await callAsCaller(request, proxied, server, sessionId, pending)
        : await executeProxiedCall(pool.shared(server), proxied, { signal: request.signal, timeout })
    if (outcome.ok) return jsonResponse(outcome.result)
    if (!('cause' in outcome)) throw new HttpRefusal(outcome.reason, outcome.message)
    options.onError?.({ serverId: server.id, serverHash: server.hash ?? proxied.serverHash, method: proxied.method, error: outcome.cause })
    if (outcome.reason === 'upstream_timeout') throw new HttpRefusal(outcome.reason, 'The MCP server did not answer in time')
    if (outcome.reason === 'upstream_too_large') throw new HttpRefusal(outcome.reason, responseTooLargeError(maxResponseBytes).message)
    throw new HttpRefusal('upstream_failed', 'MCP request failed')
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
    // A throwing gate refuses, like a `false`.
    const { authorize } = options
    await requireAuthorized(authorize && (() => authorize(request, proxied, sessionId)))
    const server = index.find(proxied)
    if (!server) throw new HttpRefusal('unknown_server', `Unknown server: ${(proxied.serverId || proxied.serverHash).slice(0, 100)}`)
    return relay(request, proxied, server, sessionId)
  })

  return Object.assign(handle, { close: servers.close })
}

