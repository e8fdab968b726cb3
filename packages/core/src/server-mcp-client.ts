/**
 * @mcp-hitl/core/server/mcp-client: the broker for an MCP TypeScript SDK v2 `Client`
 * (`@modelcontextprotocol/client`). Its declarations name that package, which a project importing it has installed.
 */

export { attachBrokerToMcpClientV2 } from './server/elicitation/adapters/mcp-client-v2'
export type { McpClientV2AdapterOptions, McpClientV2ElicitationClient } from './server/elicitation/adapters/mcp-client-v2'
export type { ElicitationContextOption } from './server/elicitation/adapters/read-context'
