/**
 * The AG-UI run of a `createHitlServer` object: the kit's MCP Apps middleware over the object's
 * servers, broker and one MCP connection pool (the proxy's), bound to the caller's session, around
 * the agent the host builds for the run. The middleware closes with the server object.
 */
import { type HitlServer, hitlMcpOf } from '../hitl-server'
import type { AgUiRunContext } from './ag-ui-handler'
import type { AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import { type McpAppsMiddlewareOptions, mcpAppsMiddlewareOver } from './mcp-apps-middleware'

/** Options of `createAgUiHandler(hitl, options)` beyond the handler's own bounds. */
export interface HitlAgUiRunOptions<I extends AgUiRunInput> {
  /** The agent of one run (e.g. `new MyAgent({ sessionId })`); the middleware runs around it. */
  agent: (context: AgUiRunContext) => AgUiNextAgent<I, AgUiObservable<unknown>>
  /** The middleware's own options (servers, broker and MCP bounds come from the server object). */
  mcpApps?: Omit<McpAppsMiddlewareOptions, 'mcpServers' | 'broker' | 'sdk'> | undefined
}

/** The `run` of the handler: each run through the server object's middleware around `agent(context)`. */
export function hitlAgUiRun<I extends AgUiRunInput>(hitl: HitlServer, options: HitlAgUiRunOptions<I>) {
  const onError = hitl.onError
  const mcp = hitlMcpOf(hitl)
  const mcpApps = mcpAppsMiddlewareOver(
    { index: mcp.index, pool: mcp.pool, close: async () => undefined },
    { ...(onError ? { onError: (event) => onError(event.error) } : {}), ...options.mcpApps },
    mcp.timeoutMs,
    mcp.toolCallTimeoutMs,
  )
  hitl.own(() => mcpApps.close())
  return (input: I, context: AgUiRunContext): AgUiObservable<unknown> => mcpApps.forSession(context.sessionId)(input, options.agent(context))
}
