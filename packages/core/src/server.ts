/** @mcp-hitl/core/server: the elicitation broker, its stores and Fetch-API handlers, adapters, MCP proxy. */

// the one server object
export { createHitlServer } from './server/hitl-server'
export type { HitlServer, HitlServerOptions } from './server/hitl-server'
export type { McpLimits } from './server/mcp/mcp-limits'

// elicitation broker and the store it keeps requests in (the Redis store is at `./server/redis`)
export { createElicitationBroker } from './server/elicitation/elicitation-broker'
export type {
  ElicitationBroker,
  ElicitationBrokerEvent,
  ElicitationBrokerOptions,
  ElicitationRequestContext,
  RespondOutcome,
} from './server/elicitation/elicitation-broker-types'
export type { ElicitationStore } from './server/elicitation/stores/elicitation-store'

// Fetch-API handlers and the caller's session
export { createRespondHandler } from './server/elicitation/respond-handler'
export type { RespondHandlerOptions } from './server/elicitation/respond-handler'
export { createListHandler } from './server/elicitation/list-handler'
export type { ListHandlerOptions } from './server/elicitation/list-handler'
export { createElicitationEventsHandler } from './server/elicitation/events-handler'
export type { ElicitationEventsHandlerOptions } from './server/elicitation/events-handler'
export type { GetSessionId } from './server/http/session-resolver'
export { sessionFromCookie, sessionFromHeader } from './server/http/session-from-request'
export { createSignedSessionCookie } from './server/http/signed-session-cookie'
export type { SignedSessionCookie, SignedSessionCookieOptions } from './server/http/signed-session-cookie'

// URL elicitation required (-32042)
export { elicitRequiredUrls } from './server/elicitation/url-elicitation-required'

// the broker's client capability; the adapters live at their SDK's subpath (server/ai-sdk, server/mcp-sdk,
// server/mcp-client), so these declarations name no SDK a project may not have installed
export { BROKER_ELICITATION_CAPABILITY } from './server/elicitation/adapters/broker-elicitation-capability'

// MCP Apps: proxy handler, the one MCP server config of every path, server hash, data part for AI SDK backends
export { createMcpProxyHandler } from './server/apps/mcp-proxy-handler'
export type { McpProxyErrorEvent, McpProxyHandler, McpProxyHandlerOptions } from './server/apps/mcp-proxy-handler'
export type { ListedTool } from './server/mcp/mcp-server-connection'
export type { McpFactoryServerConfig, McpProxyClient, McpServerConfig, McpUrlServerConfig } from './server/mcp/mcp-server-config'
export { computeServerHash } from './server/apps/server-hash'
export { toMcpAppsDataPart } from './server/apps/mcp-apps-data-part'
export type { McpAppsDataPart, McpAppsDataPartInput } from './server/apps/mcp-apps-data-part'
export { createSandboxProxyHandler } from './server/apps/sandbox-proxy-handler'
export type { SandboxProxyHandlerOptions } from './server/apps/sandbox-proxy-handler'
