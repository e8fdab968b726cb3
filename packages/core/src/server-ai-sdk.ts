/**
 * @mcp-hitl/core/server/ai-sdk: AI SDK chat routes over MCP (`connectMcpTools`), and the broker for
 * `@ai-sdk/mcp` clients (form mode, and URL mode through
 * a transport wrapper). Its declarations name `@ai-sdk/mcp`, which a project importing it has installed.
 */

export { attachBrokerToAiSdkClient } from './server/elicitation/adapters/ai-sdk'
export type { AiSdkAdapterOptions, AiSdkElicitationClient } from './server/elicitation/adapters/ai-sdk'
export type { ElicitationContextOption } from './server/elicitation/adapters/read-context'
export { withUrlElicitation } from './server/elicitation/adapters/ai-sdk-url-mode'
export { connectMcpTools } from './server/ai-sdk/connect-mcp-tools'
export type { ConnectHitlToolsOptions, ConnectMcpToolsOptions, McpTools, McpToolsPartWriter } from './server/ai-sdk/connect-mcp-tools'
export { createSamplingHandler } from './server/ai-sdk/sampling-handler'
export type { SamplingHandlerOptions } from './server/ai-sdk/sampling-handler'
export { readAppTools, toAiSdkAppTools, withAppTools } from './server/ai-sdk/app-tools'
export type { AppToolDefinition, DroppedAppToolDefinition, ReadAppToolsOptions, WithAppToolsOptions } from './server/ai-sdk/app-tools'
