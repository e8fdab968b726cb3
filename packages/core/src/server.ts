/** @mcp-hitl/core/server: the elicitation broker, its stores and Fetch-API handlers, adapters, MCP proxy. */

export type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationRecord,
  ElicitationSettlement,
  ElicitationStore,
  SessionSubscribeOptions,
  SettledElicitation,
  SettledElicitationStatus,
  SettleOutcome,
  StoredElicitation,
} from './server/elicitation/stores/elicitation-store'

// the one server object
export { createHitlServer, isHitlServer } from './server/hitl-server'
export type { HitlRoute, HitlServer, HitlServerOptions } from './server/hitl-server'
export type { McpLimits } from './server/mcp/mcp-limits'

// elicitation broker
export { createElicitationBroker, NOT_FOUND_MESSAGE } from './server/elicitation/elicitation-broker'
export type {
  CompleteScope,
  ElicitationBroker,
  ElicitationBrokerEvent,
  ElicitationBrokerOptions,
  ElicitationRequestContext,
  RespondOutcome,
  SessionSubscription,
} from './server/elicitation/elicitation-broker-types'
export type { SessionListener } from './server/elicitation/stores/session-hub'
export { createElicitationId } from './server/elicitation/create-elicitation-id'
export { toElicitationDataPart, toElicitationRequestData } from './server/elicitation/elicitation-data'

// stores
export { createMemoryElicitationStore } from './server/elicitation/stores/memory-store'
export type { MemoryElicitationStoreOptions } from './server/elicitation/stores/memory-store'

// Fetch-API handlers
export { createRespondHandler } from './server/elicitation/respond-handler'
export type { RespondHandlerOptions } from './server/elicitation/respond-handler'
export { createListHandler } from './server/elicitation/list-handler'
export type { ListHandlerOptions } from './server/elicitation/list-handler'
export { createElicitationEventsHandler } from './server/elicitation/events-handler'
export type { ElicitationEventsHandlerOptions } from './server/elicitation/events-handler'
export type { GetSessionId, SessionHandlerOptions } from './server/http/session-resolver'
export { sessionFromCookie, sessionFromHeader } from './server/http/session-from-request'
export { createSignedSessionCookie } from './server/http/signed-session-cookie'
export type { SignedSessionCookie, SignedSessionCookieOptions } from './server/http/signed-session-cookie'

// URL elicitation required (-32042)
export { elicitRequiredUrls, getRequiredUrlElicitations, urlElicitationRequiredError } from './server/elicitation/url-elicitation-required'
export type { UrlElicitationRequiredJsonRpcError } from './server/elicitation/url-elicitation-required'

// the broker's client capability; the adapters live at their SDK's subpath (server/ai-sdk, server/mcp-sdk,
// server/mcp-client), so these declarations name no SDK a project may not have installed
export { BROKER_ELICITATION_CAPABILITY } from './server/elicitation/adapters/broker-elicitation-capability'

// MCP Apps: proxy handler, server hash, data part for AI SDK backends
export { createMcpProxyHandler } from './server/apps/mcp-proxy-handler'
export type { McpProxyErrorEvent, McpProxyHandler, McpProxyHandlerOptions } from './server/apps/mcp-proxy-handler'
export type { JsonBodyOptions } from './server/http/read-json-body'
export type { ListedTool, ListedUiResource } from './server/mcp/mcp-server-connection'
// the one MCP server config of every path (and its former names)
export type {
  McpFactoryServerConfig,
  McpProxyClient,
  McpProxyFactoryServer,
  McpProxyRequestOptions,
  McpProxyServerConfig,
  McpProxyUrlServer,
  McpServerConfig,
  McpUrlServerConfig,
} from './server/mcp/mcp-server-config'
export { computeServerHash } from './server/apps/server-hash'
export { toMcpAppsDataPart, toPendingMcpAppsDataPart } from './server/apps/mcp-apps-data-part'
export type { McpAppsDataPart, McpAppsDataPartInput, McpAppsPartSource, PendingMcpAppsDataPartInput } from './server/apps/mcp-apps-data-part'
export { createSandboxProxyHandler } from './server/apps/sandbox-proxy-handler'
export type { SandboxProxyHandlerOptions } from './server/apps/sandbox-proxy-handler'
export { buildSandboxProxyPage, normalizeHostOrigins } from './apps/sandbox-proxy-page'
export type { SandboxProxyPageOptions } from './apps/sandbox-proxy-page'
