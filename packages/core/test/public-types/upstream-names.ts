/**
 * Code written against `@ag-ui/mcp-apps-middleware` compiles against the kit's AG-UI entry with only
 * the import path changed: the names its README documents under "Exported Utilities"
 * (`MCPAppsActivityType`, `getServerHash`), used as its README and tests use them. Type-checked with
 * the sources (`pnpm typecheck`) and against the built declarations (scripts/packaging/public-types.test.ts).
 */
import {
  MCPAppsActivityType, // "mcp-apps" constant
  getServerHash, // Hash transport type and URL; excludes headers
} from '@mcp-hitl/core/server/ag-ui'

const server = {
  type: 'http' as const,
  url: 'http://localhost:3001/mcp',
  serverId: 'weather-server',
}

/** A proxied `resources/read` for an app's activity, addressed as upstream's README shows it. */
export function resourceRequest(activity: { activityType: string; content: { resourceUri: string } }) {
  if (activity.activityType !== MCPAppsActivityType) return undefined
  return {
    __proxiedMCPRequest: {
      serverHash: getServerHash(server),
      serverId: server.serverId,
      method: 'resources/read',
      params: { uri: activity.content.resourceUri },
    },
  }
}

// The constant keeps its literal type, as upstream declares it (`declare const MCPAppsActivityType = "mcp-apps"`).
export const activityType: 'mcp-apps' = MCPAppsActivityType
// Headers never change the hash (upstream's rule), and an SSE config is taken too.
export const hashes: string[] = [
  getServerHash({ type: 'http', url: server.url, headers: { authorization: 'Bearer t' } }),
  getServerHash({ type: 'sse', url: 'http://localhost:3002/sse' }),
]
