/**
 * A guard in front of the real `MCPAppsMiddleware` (`@ag-ui/mcp-apps-middleware` 0.1.1), which
 * executes any `forwardedProps.__proxiedMCPRequest` it is given: model-only tools included, for
 * any caller. Placed first (`agent.use(guard.forSession(sessionId), new MCPAppsMiddleware(...))`),
 * it lets a proxied request through only when it is well formed, comes from a caller with a
 * session (bound from the HTTP request, as for the kit middleware), names a configured server and
 * an allowed method, passes `authorize`, and, for `tools/call`, names a tool whose
 * `_meta.ui.visibility` includes `"app"` (checked against the server's tool list, cached for
 * `toolsTtlMs`; fail closed when it cannot be listed). Anything else is answered by the guard
 * itself, the way the middleware answers (`RUN_STARTED`, `RUN_FINISHED { result: { error } }`),
 * and never reaches the middleware or the agent. A run that answers an app's sampling request
 * (`sampling-run.ts`) ends in a `RUN_ERROR`: 0.1.1 would offer it the servers' UI tools and run
 * them. Other runs without the key pass straight through.
 *
 * What passes is handed on as the checked copy, so the middleware executes exactly what was
 * checked. The lookup rules are the middleware's own (`serverId`, then `serverHash`), so the guard
 * checks the server the middleware will call.
 *
 * On the way out, the guard names each server the host titled: the middleware's `mcp-apps` activities
 * get the config's `title` as `serverTitle` (and `serverName`), which 0.1.1 does not know of.
 */
import { Observable } from 'rxjs'
import { getToolVisibility, MCP_APPS_ACTIVITY_TYPE, PROXIED_MCP_REQUEST_KEY, type ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import type { McpConnectionPool } from '../mcp/mcp-connection-pool'
import { createMcpPool, resolveMcpLimits } from '../mcp/mcp-limits'
import type { McpServerConfig, McpUrlServerConfig } from '../mcp/mcp-server-config'
import { type IndexedServer, indexMcpServers, type McpServerIndex } from '../mcp/mcp-server-index'
import { onLiveSession } from '../mcp/proxied-call'
import type { AgUiEvent, AgUiMiddleware, AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import { checkMcpAppsServer } from './check-mcp-apps-server'
import type { McpAppsMiddlewareErrorEvent } from './mcp-apps-run'
import { isSamplingRun } from './sampling-run'
import { type SessionBoundMiddleware, sessionBoundMiddleware } from './session-bound-middleware'
import {
  checkProxiedRequest,
  PROXIED_REQUEST_ERRORS,
  type ProxiedRefusal,
  proxiedRefusal,
  proxiedRunStarted,
  readProxiedRequest,
  refusedRunFinished,
} from './proxied-mcp-request'

/** The run's events, each `mcp-apps` activity of a titled server with the host's name for it. */
function withServerTitles(events: AgUiObservable, index: McpServerIndex<McpServerConfig>): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const inner = events.subscribe({
      next: (event) => {
        const e = event as AgUiEvent
        const content = e?.type === 'ACTIVITY_SNAPSHOT' && e.activityType === MCP_APPS_ACTIVITY_TYPE && isRecord(e.content) ? e.content : undefined
        const title = content ? index.find(content)?.config.title : undefined
        subscriber.next(content && title ? { ...e, content: { ...content, serverTitle: title, serverName: title } } : event)
      },
      error: (cause) => subscriber.error(cause),
      complete: () => subscriber.complete(),
    })
    return () => inner.unsubscribe()
  })
}

/** Options of {@link createMcpAppsGuard}. */
export interface McpAppsGuardOptions {
  /**
   * The same `mcpServers` as the `MCPAppsMiddleware` behind the guard (the kit's one server config);
   * their `title`s name the servers in its activities. Name servers with `serverId`, the key 0.1.1 reads.
   */
  mcpServers: McpUrlServerConfig[]
  /** Gate per proxied request with the caller's session; `false` (or a throw) refuses it. */
  authorize?: (sessionId: string, request: ProxiedMCPRequest) => boolean | Promise<boolean>
  /** How long a server's tool list (each tool's visibility) is trusted, in ms. Default 60,000. */
  toolsTtlMs?: number
  /** How long a listing is trusted to say a tool name does not exist, in ms. Default 5,000. */
  unknownToolTtlMs?: number
  /** Bound of connecting to a server and listing its tools, in ms. Default 60,000. */
  timeoutMs?: number
  /** A tool list that could not be read, for logs (the request is refused). */
  onError?: (event: McpAppsMiddlewareErrorEvent) => void
  /** Clock, for tests. */
  now?: () => number
}

/** The guard (unbound: refuses every proxied request), its per-caller form `forSession(sessionId)` and `close()`. */
export type McpAppsGuard = SessionBoundMiddleware

const API = 'createMcpAppsGuard'
const misuse = (message: string) => new McpHitlError(`${API}: ${message}`, { code: 'misuse' })

/** Why the guard ends a sampling run, and what to use instead. */
export const SAMPLING_RUN_REFUSED =
  'A sampling run cannot go through MCPAppsMiddleware 0.1.1: it offers every run the servers’ UI tools and runs them, which the approved request did not list. Answer sampling with createMcpAppsMiddleware, or on an agent route without MCPAppsMiddleware.'

// 0.1.1 adds the servers' UI tools to every run it sees, so a sampling run never reaches it.
function refuseSamplingRun(input: AgUiRunInput): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    subscriber.next(proxiedRunStarted(input))
    subscriber.next({ type: 'RUN_ERROR', message: SAMPLING_RUN_REFUSED })
    subscriber.complete()
  })
}

/** What the guard checks against: the servers and the pool whose shared connections list their tools. */
export interface McpAppsGuardServers {
  index: McpServerIndex<McpServerConfig>
  pool: McpConnectionPool
  /** Closes what the guard owns (its own pool; nothing when the pool is a `createHitlServer`'s). */
  close: () => Promise<void>
}

/** Creates the guard; see the module comment for what it lets through. */
export function createMcpAppsGuard(options: McpAppsGuardOptions): McpAppsGuard {
  if (!Array.isArray(options?.mcpServers)) throw misuse('`mcpServers` must be the array given to MCPAppsMiddleware')
  for (const server of options.mcpServers) {
    checkMcpAppsServer(API, server)
    if (server.serverId === undefined && server.id !== undefined) {
      throw misuse(`name the server "${server.id}" with \`serverId\`, the key MCPAppsMiddleware 0.1.1 reads (it ignores \`id\`)`)
    }
  }
  const pool = createMcpPool(resolveMcpLimits(API, options, options.now), { exchangeTimeoutMs: options.timeoutMs ?? 0, owner: 'The MCP Apps guard' })
  return mcpAppsGuardOver({ index: indexMcpServers(API, options.mcpServers), pool, close: () => pool.close() }, options)
}

/** The guard over `servers` (its own pool, or a `createHitlServer`'s); `options.mcpServers` is not read. */
export function mcpAppsGuardOver(servers: McpAppsGuardServers, options: Omit<McpAppsGuardOptions, 'mcpServers'>): McpAppsGuard {
  const { index, pool } = servers
  const titled = index.servers.some((server) => server.config.title)

  const report = (event: McpAppsMiddlewareErrorEvent) => {
    try {
      options.onError?.(event)
    } catch {
      // A logging hook must never decide a request.
    }
  }

  /** The refusal for `request`, or undefined when it may pass. */
  async function refusal(request: ProxiedMCPRequest, sessionId: string | undefined): Promise<ProxiedRefusal | undefined> {
    const checked = checkProxiedRequest(request, sessionId, index)
    if ('error' in checked) return checked
    if (options.authorize) {
      const authorize = options.authorize
      const allowed = await Promise.resolve()
        .then(() => authorize(sessionId as string, request))
        .catch(() => false)
      if (!allowed) return PROXIED_REQUEST_ERRORS.forbidden
    }
    if (request.method !== 'tools/call') return undefined
    const name = request.params?.name
    if (typeof name !== 'string' || name.length === 0) return PROXIED_REQUEST_ERRORS.noToolName
    const tool = await findTool(checked.server, name)
    if (tool === 'failed') return PROXIED_REQUEST_ERRORS.failed
    if (!tool) return proxiedRefusal('unknown_tool', `Error: Unknown tool: ${name.slice(0, 100)}`)
    if (!getToolVisibility(tool).includes('app')) {
      return proxiedRefusal('tool_not_app_visible', `Error: Tool "${name.slice(0, 100)}" is not callable from apps (its visibility lacks "app")`)
    }
    return undefined
  }

  async function findTool(server: IndexedServer<McpServerConfig>, name: string) {
    const connection = pool.shared(server)
    try {
      return await onLiveSession(connection, () => connection.findTool(name))
    } catch (error) {
      // Fail closed: a tool whose visibility cannot be read is not callable.
      report({ phase: 'proxied_request', serverId: server.id, serverHash: server.hash, method: 'tools/list', error })
      return 'failed' as const
    }
  }

  const bind =
    (sessionId: string | undefined): AgUiMiddleware =>
    <I extends AgUiRunInput, O extends AgUiObservable>(input: I, next: AgUiNextAgent<I, O>): O => {
      const reading = readProxiedRequest(input.forwardedProps)
      if (reading.kind === 'none' && isSamplingRun(input.forwardedProps)) return refuseSamplingRun(input) as unknown as O
      if (reading.kind === 'none') return titled ? (withServerTitles(next.run(input), index) as unknown as O) : next.run(input)
      return new Observable<unknown>((subscriber) => {
        let inner: { unsubscribe(): void } | undefined
        let stopped = false
        const refuse = (refused: ProxiedRefusal) => {
          subscriber.next(proxiedRunStarted(input))
          subscriber.next(refusedRunFinished(input, refused))
          subscriber.complete()
        }
        const decided = reading.kind === 'refused' ? Promise.resolve(reading) : refusal(reading.request, sessionId)
        decided
          .catch(() => PROXIED_REQUEST_ERRORS.failed)
          .then((refused) => {
            if (stopped) return
            if (refused !== undefined || reading.kind !== 'request') return refuse(refused ?? PROXIED_REQUEST_ERRORS.malformed)
            const forwardedProps = { ...(isRecord(input.forwardedProps) ? input.forwardedProps : {}), [PROXIED_MCP_REQUEST_KEY]: reading.request }
            inner = next.run({ ...input, forwardedProps }).subscribe({
              next: (event) => subscriber.next(event),
              error: (cause) => subscriber.error(cause),
              complete: () => subscriber.complete(),
            })
          })
        return () => {
          stopped = true
          inner?.unsubscribe()
        }
      }) as unknown as O
    }

  return sessionBoundMiddleware(API, bind, servers.close)
}
