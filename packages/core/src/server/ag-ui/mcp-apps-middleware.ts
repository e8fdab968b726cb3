/**
 * The kit's AG-UI middleware for MCP Apps: a drop-in for `@ag-ui/mcp-apps-middleware`'s
 * `MCPAppsMiddleware` (same `mcpServers` / `discoveryFailureMode` configuration, same `mcp-apps`
 * activity content, `serverHash` / `serverId` rules, proxied request format and allowed methods),
 * plus what 0.1.1 lacks: the servers' elicitations shown in the run and answered through the
 * respond route, `_meta.ui.visibility` enforced on proxied `tools/call`, persistent MCP sessions
 * per server and caller (one, plus one per tool call running in parallel), UI tools of the same name on two servers both reachable, the README's
 * tool chain (the agent resumed with each UI tool's result, at most `maxToolCalls` per run) and
 * failure metadata (`metadata["ag-ui:tool-result"].error` on `TOOL_CALL_RESULT`).
 *
 * The caller's session is bound by the route, from the HTTP request: `mcpApps.forSession(sessionId)`
 * is the middleware for one request. It is never read from `forwardedProps`, which the caller
 * writes. The unbound middleware (`agent.use(mcpApps)`) runs UI tools on shared sessions, but
 * refuses proxied requests and cannot show elicitations (nobody could answer them).
 *
 * A function rather than a class: `@ag-ui/client`'s `Middleware` is nominal and its two published
 * lines have incompatible types, while a generic function fits `agent.use` of either.
 */
import { DEFAULT_APP_TOOL_PREFIX } from '../../apps/app-tool-registry'
import type { ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_PROXY_TIMEOUT_MS } from '../apps/mcp-proxy-handler'
import { assertProxyServerUrl, type McpProxyUrlServer } from '../apps/mcp-server-connection'
import { indexMcpServers } from '../apps/mcp-server-index'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import type { AgUiMiddleware, AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import { type McpAppsMiddlewareErrorEvent, type McpAppsRunDeps, runMcpApps } from './mcp-apps-run'
import { type SessionBoundMiddleware, sessionBoundMiddleware } from './session-bound-middleware'
import { UserMcpSessions } from './user-mcp-sessions'

/** One MCP server, as `MCPAppsMiddleware` configures it, plus the kit's `title` (the name the person sees). */
export type McpAppsServerConfig = Pick<McpProxyUrlServer, 'type' | 'url' | 'headers' | 'serverId' | 'title'>

/** Options of {@link createMcpAppsMiddleware}: 0.1.1's configuration, then the kit's additions. */
export interface McpAppsMiddlewareOptions {
  /**
   * The MCP servers: `{ type: 'http' | 'sse', url, headers?, serverId?, title? }`. The same array
   * serves `createMcpProxyHandler`. `title` names the server in its apps' activities and its
   * elicitations; without it, what the server calls itself is shown, as its claim.
   */
  mcpServers?: McpAppsServerConfig[]
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
  /** UI tool calls executed per run, resumes included; one more fails the run. Default 10. */
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
  /** Callers holding MCP sessions at once. Default 1,000. */
  maxSessions?: number
  /**
   * Tool calls of one caller running on one server at once. Each runs on an MCP session of its own,
   * so the server's elicitation is shown in the run that caused it; more wait. Default 4.
   */
  parallelToolCalls?: number
  /** A caller's MCP sessions close after this long unused, in ms. Default 600,000. */
  sessionIdleMs?: number
  /** Upstream failures, for logs (the browser sees generic messages). */
  onError?: (event: McpAppsMiddlewareErrorEvent) => void
  /** Clock, for tests. */
  now?: () => number
}

/** The middleware (unbound), its per-caller form `forSession(sessionId)` and `close()`. */
export type McpAppsMiddleware = SessionBoundMiddleware

const API = 'createMcpAppsMiddleware'
const misuse = (message: string) => new McpHitlError(`${API}: ${message}`, { code: 'misuse' })

/** Refuses, at creation, a server config the middleware could never connect to; `api` names the caller. */
export function checkMcpAppsServer(api: string, config: McpAppsServerConfig): void {
  if (config?.type !== 'http' && config?.type !== 'sse') {
    throw new McpHitlError(`${api}: each MCP server needs \`type: "http"\` or \`type: "sse"\``, { code: 'misuse' })
  }
  assertProxyServerUrl(api, config)
}

/** Creates the middleware; see {@link McpAppsMiddlewareOptions}. */
export function createMcpAppsMiddleware(options: McpAppsMiddlewareOptions = {}): McpAppsMiddleware {
  const servers = options.mcpServers ?? []
  if (!Array.isArray(servers)) throw misuse('`mcpServers` must be an array')
  for (const server of servers) checkMcpAppsServer(API, server)
  const maxToolCalls = options.maxToolCalls ?? 10
  const timeout = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS
  const toolCallTimeout = options.toolCallTimeoutMs ?? 660_000
  if (!Number.isInteger(maxToolCalls) || maxToolCalls < 0) throw misuse('`maxToolCalls` must be a whole number')
  if (options.sdk !== undefined && options.sdk !== 'v1' && options.sdk !== 'v2') throw misuse('`sdk` must be "v1" or "v2"')
  const appToolPrefix = options.appToolPrefix ?? DEFAULT_APP_TOOL_PREFIX
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(appToolPrefix)) throw misuse('`appToolPrefix` must be 1 to 32 of A-Z a-z 0-9 _ - ., the prefix given to createMcpAppToolRegistry')
  const deps: McpAppsRunDeps = {
    index: indexMcpServers(API, servers as McpProxyUrlServer[]),
    sessions: new UserMcpSessions({
      broker: options.broker,
      sdk: options.sdk,
      connection: {
        timeoutMs: timeout,
        exchangeTimeoutMs: toolCallTimeout,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        toolsTtlMs: options.toolsTtlMs ?? 60_000,
        unknownToolTtlMs: options.unknownToolTtlMs ?? 5000,
        now: options.now ?? Date.now,
      },
      maxSessions: options.maxSessions,
      idleMs: options.sessionIdleMs,
      parallelToolCalls: options.parallelToolCalls,
    }),
    discoveryFailureMode: options.discoveryFailureMode ?? 'continue',
    maxToolCalls,
    timeout,
    toolCallTimeout,
    authorize: options.authorize,
    onError: options.onError,
    earlyActivities: options.earlyActivities ?? true,
    appToolPrefix,
  }
  const bind =
    (sessionId: string | undefined): AgUiMiddleware =>
    <I extends AgUiRunInput, O extends AgUiObservable>(input: I, next: AgUiNextAgent<I, O>): O =>
      runMcpApps(input, next, sessionId, deps) as unknown as O
  return sessionBoundMiddleware(API, bind, () => deps.sessions.close())
}
