/**
 * @mcp-hitl/core/server/mcp-sdk: the broker for an MCP TypeScript SDK v1 `Client`
 * (`@modelcontextprotocol/sdk`). Its declarations name that SDK, which a project importing it has installed.
 */

export { attachBrokerToMcpClient } from './server/elicitation/adapters/mcp-sdk'
export type { McpSdkAdapterOptions, McpSdkElicitationClient } from './server/elicitation/adapters/mcp-sdk'
export type { ElicitationContextOption } from './server/elicitation/adapters/read-context'
