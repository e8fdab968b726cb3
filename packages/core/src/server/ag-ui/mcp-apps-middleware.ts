/**
 * The kit's AG-UI middleware for MCP Apps: a drop-in for `@ag-ui/mcp-apps-middleware`'s
 * `MCPAppsMiddleware` (same `mcpServers` / `discoveryFailureMode` configuration, same `mcp-apps`
 * activity content, `serverHash` / `serverId` rules, proxied request format and allowed methods),
 * plus what 0.1.1 lacks: the servers' elicitations shown in the run and answered through the
 * respond route, `_meta.ui.visibility` enforced on proxied `tools/call`, persistent MCP sessions
 * per server and caller (one, plus one per tool call running in parallel, from the kit's one
 * connection pool), tools of the same name on two servers both reachable, the servers'
 * model-visible tools without UI (prerequisites such as a format guide, run as ordinary tool calls
 * with no activity), the README's tool chain (the agent resumed with each tool's result, at most
 * `maxToolCalls` per run), failure metadata (`metadata["ag-ui:tool-result"].error` on
 * `TOOL_CALL_RESULT`) and discovery errors without the upstream's response body.
 *
 * The caller's session is bound by the route, from the HTTP request: `mcpApps.forSession(sessionId)`
 * is the middleware for one request. It is never read from `forwardedProps`, which the caller
 * writes. The unbound middleware (`agent.use(mcpApps)`) runs UI tools on shared connections, but
 * refuses proxied requests and cannot show elicitations (nobody could answer them).
 *
 * A function rather than a class: `@ag-ui/client`'s `Middleware` is nominal and its two published
 * lines have incompatible types, while a generic function fits `agent.use` of either.
 */
import { DEFAULT_APP_TOOL_PREFIX } from '../../apps/app-tool-registry'
import type { ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import type { McpConnectionPool } from '../mcp/mcp-connection-pool'
import { createMcpPool, resolveMcpLimits } from '../mcp/mcp-limits'
import type { McpServerConfig, McpUrlServerConfig } from '../mcp/mcp-server-config'
import { indexMcpServers, type McpServerIndex } from '../mcp/mcp-server-index'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import type { AgUiMiddleware, AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import { type McpAppsMiddlewareErrorEvent, type McpAppsRunDeps, runMcpApps } from './mcp-apps-run'
import { checkMcpAppsServer } from './check-mcp-apps-server'
import { type SessionBoundMiddleware, sessionBoundMiddleware } from './session-bound-middleware'

/** Options of {@link createMcpAppsMiddleware}: 0.1.1's configuration, then the kit's additions. */
export interface McpAppsMiddlewareOptions {
  /**
   * The MCP servers: `{ type: 'http' | 'sse', url, headers?, serverId?, title? }`. The same array
   * serves `createMcpProxyHandler`. `title` names the server in its apps' activities and its
   * elicitations; without it, what the server calls itself is shown, as its claim.
   */
  mcpServers?: McpUrlServerConfig[]
  /** A server whose tools cannot be listed is skipped (`continue`, default), or the run fails before the agent runs (`throw`). */
  discoveryFailureMode?: 'continue' | 'throw'
  /**
   * Shows the servers' `elicitation/create` in the run and waits for the answer through the respond
   * route. Without it the MCP clients declare no elicitation capability, as 0.1.1's.
   */
  broker?: Pick<ElicitationBroker, 'request' | 'complete'>
  /**
   * The MCP TypeScript SDK of the middleware's clients: `v1` (`@modelcontextprotocol/sdk`, default,
   * as 0.1.1) or `v2` (`@modelcontextprotocol/client`): v2 also speaks 2026-07-28, whose servers ask
   * for input with `input_required` results instead of `elicitation/create`.
   */
  sdk?: 'v1' | 'v2'
  /** Gate per proxied request with the caller's session (per-user server access); `false` refuses it. */
  authorize?: (sessionId: string, request: ProxiedMCPRequest) => boolean | Promise<boolean>
  /**
   * Emit each UI tool's `mcp-apps` activity as soon as the model starts the call (pending content,
   * `status: 'input-streaming'`, no result), then its result under the same `messageId`, or
   * `status: 'cancelled'` when the call fails or does not run: the page mounts the app early and it
   * renders the arguments as they stream. Default true; `false` emits the activity with the result
   * only, as 0.1.1 does (for renderers that expect a result in every `mcp-apps` activity).
   */
  earlyActivities?: boolean
  /**
   * The apps' namespace, as given to `createMcpAppToolRegistry`: a server tool whose name starts
   * with it is offered qualified (`acme__app_export`), so a name in it is always an app's tool.
   * Default `app_`.
   */
  appToolPrefix?: string
  /** Server tool calls (UI tools and the model's other tools) executed per run, resumes included; one more fails the run. Default 10. */
  maxToolCalls?: number
  /** Bound of every other wait on an MCP server (connect, initialize, tool listing, reads, pings), in ms. Default 60,000. */
  timeoutMs?: number
  /** Bound of one tool call, which may wait on a person answering an elicitation, in ms. Default 660,000 (the broker's default TTL and a minute). */
  toolCallTimeoutMs?: number
  /** Largest MCP server answer taken, in bytes. Default 4 MiB. */
  maxResponseBytes?: number
  /** How long a server's tool list (and so each tool's visibility) is trusted, in ms. Default 60,000. */
  toolsTtlMs?: number
  /** How long a listing is trusted to say a tool name does not exist, in ms. Default 5,000. */
  unknownToolTtlMs?: number
  /** Callers (sessions of the route's `getSessionId`) holding MCP connections at once. Default 1,000. */
  maxCallers?: number
  /** @deprecated The former name of `maxCallers`, read when that is absent. */
  maxSessions?: number
  /**
   * Tool calls of one caller running on one server at once. Each runs on an MCP session of its own,
   * so the server's elicitation is shown in the run that caused it; more wait. Default 4.
   */
  parallelToolCalls?: number
  /** A caller's MCP connections close after this long unused, in ms. Default 600,000. */
  callerIdleMs?: number
  /** @deprecated The former name of `callerIdleMs`, read when that is absent. */
  sessionIdleMs?: number
  /**
   * Upstream failures, for logs (the browser sees generic messages). A discovery failure comes as
   * what failed (HTTP status, JSON-RPC code, network code), never the upstream's response body.
   */
  onError?: (event: McpAppsMiddlewareErrorEvent) => void
  /** Clock, for tests. */
  now?: () => number
}

/** The middleware (unbound), its per-caller form `forSession(sessionId)` and `close()`. */
export type McpAppsMiddleware = SessionBoundMiddleware

const API = 'createMcpAppsMiddleware'
const misuse = (message: string) => new McpHitlError(`${API}: ${message}`, { code: 'misuse' })

/** What the middleware runs over besides its options: its servers and the pool of their connections. */
export interface McpAppsMiddlewareServers {
  index: McpServerIndex<McpServerConfig>
  pool: McpConnectionPool
  /** Closes what the middleware owns (its own pool; nothing when the pool is a `createHitlServer`'s). */
  close: () => Promise<void>
}

/** Checks the options that shape runs (not the servers) and resolves them. */
function runOptions(options: McpAppsMiddlewareOptions, timeout: number, toolCallTimeout: number): Omit<McpAppsRunDeps, 'index' | 'pool'> {
  const maxToolCalls = options.maxToolCalls ?? 10
  if (!Number.isInteger(maxToolCalls) || maxToolCalls < 0) throw misuse('`maxToolCalls` must be a whole number')
  const appToolPrefix = options.appToolPrefix ?? DEFAULT_APP_TOOL_PREFIX
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(appToolPrefix)) throw misuse('`appToolPrefix` must be 1 to 32 of A-Z a-z 0-9 _ - ., the prefix given to createMcpAppToolRegistry')
  return {
    discoveryFailureMode: options.discoveryFailureMode ?? 'continue',
    maxToolCalls,
    timeout,
    toolCallTimeout,
    authorize: options.authorize,
    onError: options.onError,
    earlyActivities: options.earlyActivities ?? true,
    appToolPrefix,
  }
}

/** The middleware over `servers` (the kit's own pool, or a `createHitlServer`'s); `options.mcpServers` and the pool's bounds are not read. */
export function mcpAppsMiddlewareOver(servers: McpAppsMiddlewareServers, options: McpAppsMiddlewareOptions, timeout: number, toolCallTimeout: number): McpAppsMiddleware {
  const deps: McpAppsRunDeps = { index: servers.index, pool: servers.pool, ...runOptions(options, timeout, toolCallTimeout) }
  const bind =
    (sessionId: string | undefined): AgUiMiddleware =>
    <I extends AgUiRunInput, O extends AgUiObservable>(input: I, next: AgUiNextAgent<I, O>): O =>
      runMcpApps(input, next, sessionId, deps) as unknown as O
  return sessionBoundMiddleware(API, bind, servers.close)
}

/** Creates the middleware; see {@link McpAppsMiddlewareOptions}. */
export function createMcpAppsMiddleware(options: McpAppsMiddlewareOptions = {}): McpAppsMiddleware {
  const servers = options.mcpServers ?? []
  if (!Array.isArray(servers)) throw misuse('`mcpServers` must be an array')
  for (const server of servers) checkMcpAppsServer(API, server)
  if (options.sdk !== undefined && options.sdk !== 'v1' && options.sdk !== 'v2') throw misuse('`sdk` must be "v1" or "v2"')
  const limits = resolveMcpLimits(
    API,
    { ...options, maxCallers: options.maxCallers ?? options.maxSessions, callerIdleMs: options.callerIdleMs ?? options.sessionIdleMs },
    options.now,
  )
  // Checked before the pool exists, so a misused option leaves nothing to close.
  runOptions(options, limits.timeoutMs, limits.toolCallTimeoutMs)
  const pool = createMcpPool(limits, {
    broker: options.broker,
    sdk: options.sdk,
    exchangeTimeoutMs: limits.toolCallTimeoutMs,
    owner: 'The MCP Apps middleware',
  })
  return mcpAppsMiddlewareOver({ index: indexMcpServers(API, servers), pool, close: () => pool.close() }, options, limits.timeoutMs, limits.toolCallTimeoutMs)
}
