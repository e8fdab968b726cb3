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
import { responseTooLargeError } from './bounded-mcp-fetch'
import { appCallOrigin, type RunScope, UserMcpSessions } from '../ag-ui/user-mcp-sessions'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import { upstreamTimeoutError } from './bounded-mcp-fetch'
import { assertProxyServerUrl, McpServerConnection, type McpProxyServerConfig, type McpProxyUrlServer } from './mcp-server-connection'
import { PendingElicitations, silenceDeadline } from './pending-elicitations'
import { type IndexedServer, indexMcpServers } from './mcp-server-index'
import { executeProxiedCall } from './proxied-call'

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
  /** With a broker: callers holding MCP sessions at once (the least recently used idle one is closed). Default 1,000. */
  maxSessions?: number | undefined
  /** With a broker: a caller's MCP sessions close after this long unused, in ms. Default 600,000. */
  sessionIdleMs?: number | undefined
  /** With a broker: tool calls of one caller running on one server at once, each on its own MCP session. Default 4. */
  parallelToolCalls?: number | undefined
}

/** The Fetch-API handler, plus `close()` to end the MCP sessions it holds. */
export type McpProxyHandler = ((request: Request) => Promise<Response>) & { close(): Promise<void> }

/** Default of `timeoutMs`. */
export const DEFAULT_PROXY_TIMEOUT_MS = 60_000
/** Default of `maxResponseBytes`: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024
/** Default of `toolCallTimeoutMs`: the broker's default time to answer, and a minute. */
export const DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS = 660_000

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
  for (const config of options.servers) if (!('connect' in config)) assertProxyServerUrl(API, config)
  const index = indexMcpServers(API, options.servers)
  const connections = new Map(index.servers.map((server) => [server, new McpServerConnection(server.config, connectionOptions)]))
  const toolCallTimeout = options.toolCallTimeoutMs ?? DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS
  if (!(Number.isFinite(toolCallTimeout) && toolCallTimeout > 0)) {
    throw new McpHitlError(`${API}: toolCallTimeoutMs must be a positive number of ms (got ${toolCallTimeout}); leave it unset for ${DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS}`, { code: 'misuse' })
  }
  const pending = new PendingElicitations()
  const sessions = options.broker
    ? new UserMcpSessions({
        broker: pending.wrap(options.broker),
        clientInfo: { name: 'mcp-hitl-proxy', version: '0.1.0' },
        connection: { ...connectionOptions, exchangeTimeoutMs: Math.max(timeout, toolCallTimeout) },
        maxSessions: options.maxSessions,
        idleMs: options.sessionIdleMs,
        parallelToolCalls: options.parallelToolCalls,
      })
    : undefined
  const limits = resolveBodyLimits(options, 1024 * 1024)
  const rateLimit = options.rateLimit ? createSessionRateLimiter(options.rateLimit) : undefined
  const reportError = (error: unknown) => options.onError?.({ error })
  const session = { getSessionId: options.getSessionId, onError: reportError }

  // With a broker, a tool call runs on a session of the caller's own, silence-bounded by `timeoutMs` except while a person answers.
  async function callAsCaller(request: Request, proxied: ProxiedMCPRequest, server: IndexedServer<McpProxyUrlServer>, sessionId: string) {
    const deadline = silenceDeadline(pending, sessionId, timeout, () => upstreamTimeoutError(timeout))
    const signal = AbortSignal.any([request.signal, deadline.signal])
    try {
      return await (sessions as UserMcpSessions).use(sessionId, NO_STREAM, (mine) =>
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

  async function relay(request: Request, proxied: ProxiedMCPRequest, server: IndexedServer<McpProxyServerConfig>, sessionId: string): Promise<Response> {
    const connection = connections.get(server) as McpServerConnection
    const outcome =
      sessions && proxied.method === 'tools/call' && !('connect' in server.config)
        ? await callAsCaller(request, proxied, server as IndexedServer<McpProxyUrlServer>, sessionId)
        : await executeProxiedCall(connection, proxied, { signal: request.signal, timeout })
    if (outcome.ok) return jsonResponse(outcome.result)
    if (!('cause' in outcome)) throw new HttpRefusal(outcome.reason, outcome.message)
    options.onError?.({ serverId: server.id, serverHash: server.hash ?? proxied.serverHash, method: proxied.method, error: outcome.cause })
    if (outcome.reason === 'upstream_timeout') throw new HttpRefusal(outcome.reason, 'The MCP server did not answer in time')
    if (outcome.reason === 'upstream_too_large') throw new HttpRefusal(outcome.reason, responseTooLargeError(connectionOptions.maxResponseBytes).message)
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

  return Object.assign(handle, {
    async close() {
      await Promise.all([...[...connections.values()].map((connection) => connection.close()), sessions?.close()])
    },
  })
}

export type { McpProxyClient, McpProxyServerConfig } from './mcp-server-connection'
