/**
 * The SDKs' own objects go into the kit's public functions under `strict` plus
 * `exactOptionalPropertyTypes`, as a user's project may be configured. Type-checked by
 * scripts/packaging/public-types.test.ts against the built declarations (not the sources); nothing
 * here runs.
 */
import type { MCPClient } from '@ai-sdk/mcp'
import { getToolUiResourceUri } from '@mcp-hitl/core'
import { getToolVisibility } from '@mcp-hitl/core/internal'
import {
  computeServerHash,
  createMcpProxyHandler,
  type McpProxyClient,
  toMcpAppsDataPart,
} from '@mcp-hitl/core/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** `@ai-sdk/mcp`'s tool definitions, as the MCP Apps guide filters them. */
export async function uiToolsOfAiSdkClient(mcp: MCPClient): Promise<(string | undefined)[]> {
  const definitions = await mcp.listTools()
  const visible = definitions.tools.filter((tool) => getToolVisibility(tool).includes('model'))
  const board = definitions.tools.find((tool) => tool.name === 'board')
  return [...visible.map((definition) => getToolUiResourceUri(definition)), board && getToolUiResourceUri(board)]
}

/** The MCP SDK's tool list and call result, as a proxy factory and a data part take them. */
export async function sdkClientObjects(server: { type: 'http'; url: string; serverId?: string | undefined }) {
  const client = new Client({ name: 'host', version: '1.0.0' })
  const proxyClient: McpProxyClient = client
  const { tools } = await client.listTools()
  const uris = tools.map((tool) => getToolUiResourceUri(tool))
  const result = (await client.callTool({ name: 'board', arguments: {} })) as CallToolResult
  const part = toMcpAppsDataPart({
    toolCallId: 'call-1',
    result,
    resourceUri: uris[0] ?? 'ui://board',
    server,
    serverId: server.serverId,
    toolInput: undefined,
  })
  const proxy = createMcpProxyHandler({
    servers: [{ id: 'factory', connect: async () => proxyClient }, { ...server, headers: undefined }],
    getSessionId: () => 'session-1',
  })
  return { part, proxy, hash: computeServerHash(server) }
}
