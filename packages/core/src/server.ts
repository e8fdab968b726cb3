/** @mcp-hitl/core/server: the elicitation broker, its stores and Fetch-API handlers, adapters, MCP proxy. */

export type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationSettlement,
  ElicitationStore,
  SettleOutcome,
  StoredElicitation,
} from './server/stores/elicitation-store'

// elicitation broker
export { createElicitationBroker, NOT_FOUND_MESSAGE } from './server/elicitation-broker'
export type {
  CompleteScope,
  ElicitationBroker,
  ElicitationBrokerEvent,
  ElicitationBrokerOptions,
  ElicitationRequestContext,
  RespondOutcome,
} from './server/elicitation-broker-types'
export { createElicitationId } from './server/create-elicitation-id'
export { toElicitationDataPart, toElicitationRequestData } from './server/elicitation-data'

// stores
export { createMemoryElicitationStore } from './server/stores/memory-store'
export type { MemoryElicitationStoreOptions } from './server/stores/memory-store'

// Fetch-API handlers
export { createRespondHandler } from './server/respond-handler'
export type { RespondHandlerOptions } from './server/respond-handler'
export { createListHandler } from './server/list-handler'
export type { ListHandlerOptions } from './server/list-handler'
export type { GetSessionId, SessionHandlerOptions } from './server/session-resolver'
export { sessionFromCookie, sessionFromHeader } from './server/session-from-request'

// URL elicitation required (-32042)
export { elicitRequiredUrls, getRequiredUrlElicitations, urlElicitationRequiredError } from './server/url-elicitation-required'
export type { UrlElicitationRequiredJsonRpcError } from './server/url-elicitation-required'

// adapters
export { AI_SDK_ELICITATION_CAPABILITY, attachBrokerToAiSdkClient } from './server/adapters/ai-sdk'
export type { AiSdkAdapterOptions, AiSdkElicitationClient } from './server/adapters/ai-sdk'
export { withUrlElicitation } from './server/adapters/ai-sdk-url-mode'
export type { UrlModeInnerTransport, UrlModeTransport } from './server/adapters/ai-sdk-url-mode'
export { BROKER_ELICITATION_CAPABILITY, attachBrokerToMcpClient } from './server/adapters/mcp-sdk'
export type { McpSdkAdapterOptions, McpSdkElicitationClient } from './server/adapters/mcp-sdk'
export { attachBrokerToMcpClientV2 } from './server/adapters/mcp-client-v2'
export type { McpClientV2AdapterOptions, McpClientV2ElicitationClient } from './server/adapters/mcp-client-v2'

// MCP Apps: proxy handler, server hash, data part for AI SDK backends
export { createMcpProxyHandler } from './server/mcp-proxy'
export type { McpProxyErrorEvent, McpProxyHandler, McpProxyHandlerOptions } from './server/mcp-proxy'
export type {
  ListedTool,
  McpProxyClient,
  McpProxyFactoryServer,
  McpProxyServerConfig,
  McpProxyUrlServer,
} from './server/mcp-server-connection'
export { computeServerHash } from './server/server-hash'
export { findToolUiResourceUri, toMcpAppsDataPart } from './server/mcp-apps-data-part'
export type { McpAppsDataPart, McpAppsDataPartInput, NamedTool } from './server/mcp-apps-data-part'
export { createSandboxProxyHandler } from './server/sandbox-proxy-handler'
export type { SandboxProxyHandlerOptions } from './server/sandbox-proxy-handler'
export { buildSandboxProxyPage, normalizeHostOrigins } from './apps/sandbox-proxy-page'
export type { SandboxProxyPageOptions } from './apps/sandbox-proxy-page'
