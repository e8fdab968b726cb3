/**
 * @mcp-hitl/core/server/ag-ui: MCP elicitation and MCP Apps in AG-UI runs, on the server. Its own
 * entry because the middlewares return rxjs Observables (the agent pipes them through rxjs
 * operators): users of `./server` without AG-UI never load rxjs. Needs `rxjs` ^7.8.1 (already a
 * dependency of `@ag-ui/client`); imports nothing from `@ag-ui/client`.
 */

// AG-UI shapes the kit relies on (structural: 0.0.59 and 1.x both fit)
export type { AgUiEventSink, AgUiMiddleware, AgUiRunInput } from './server/ag-ui/ag-ui-types'

// elicitation as AG-UI events
export { createAgUiElicitationEmit } from './server/ag-ui/create-ag-ui-elicitation-emit'

// the AG-UI endpoint
export { createAgUiHandler } from './server/ag-ui/ag-ui-handler'
export type { AgUiHandlerOptions, AgUiRunContext, HitlAgUiHandlerOptions } from './server/ag-ui/ag-ui-handler'

// MCP Apps: the kit middleware (a drop-in for MCPAppsMiddleware)
export { createMcpAppsMiddleware } from './server/ag-ui/mcp-apps-middleware'
export type { McpAppsMiddleware, McpAppsMiddlewareOptions } from './server/ag-ui/mcp-apps-middleware'
export type { McpAppsMiddlewareErrorEvent } from './server/ag-ui/mcp-apps-run'
// MCPAppsMiddleware's utility names, so code written against it compiles unchanged
export { MCP_APPS_ACTIVITY_TYPE as MCPAppsActivityType } from './apps/protocol'
export { computeServerHash as getServerHash } from './server/apps/server-hash'

// The guard in front of `@ag-ui/mcp-apps-middleware`'s own MCPAppsMiddleware is at `./server/ag-ui-upstream`.
