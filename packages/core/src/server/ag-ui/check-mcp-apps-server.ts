/** The creation check of a server config the AG-UI middleware and guard take (`mcpServers`). */
import { McpHitlError } from '../../errors'
import type { McpUrlServerConfig } from '../mcp/mcp-server-config'
import { assertProxyServerUrl } from '../mcp/mcp-server-connection'

/** Refuses, at creation, a server config the middleware could never connect to; `api` names the caller. */
export function checkMcpAppsServer(api: string, config: McpUrlServerConfig): void {
  if (config?.type !== 'http' && config?.type !== 'sse') {
    throw new McpHitlError(`${api}: each MCP server needs \`type: "http"\` or \`type: "sse"\``, { code: 'misuse' })
  }
  assertProxyServerUrl(api, config)
}
