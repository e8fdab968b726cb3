/**
 * @mcp-hitl/core/server/ag-ui-upstream: for a backend that keeps `@ag-ui/mcp-apps-middleware`'s own
 * `MCPAppsMiddleware` (0.1.1) instead of the kit's `createMcpAppsMiddleware`: the guard that checks
 * each proxied request before that middleware executes it, and the wrapper that puts the class
 * middleware on an `@ag-ui/client` 0.0.59 agent. A compatibility entry: it lives as long as that
 * middleware needs the guard (docs/mcp-apps-ag-ui.md, "Where the guard lives"). Needs `rxjs` ^7.8.1.
 */

export { createMcpAppsGuard } from './server/ag-ui/mcp-apps-guard'
export type { McpAppsGuard, McpAppsGuardOptions } from './server/ag-ui/mcp-apps-guard'
export { asAgUiMiddleware } from './server/ag-ui/as-ag-ui-middleware'
export type { RunnableMiddleware } from './server/ag-ui/as-ag-ui-middleware'
