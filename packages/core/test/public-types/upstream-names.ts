/**
 * Code written against `@ag-ui/mcp-apps-middleware` compiles against the kit's AG-UI entry with only
 * the import path changed: the names its README documents under "Exported Utilities"
 * (`MCPAppsActivityType`, `getServerHash`), used as its README and tests use them, and its
 * configuration and usage with `createMcpAppsMiddleware` in place of `new MCPAppsMiddleware`. Type-checked with
 * the sources (`pnpm typecheck`) and against the built declarations (scripts/packaging/public-types.test.ts).
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import {
  createMcpAppsMiddleware,
  MCPAppsActivityType, // "mcp-apps" constant
  getServerHash, // Hash transport type and URL; excludes headers
} from '@mcp-hitl/core/server/ag-ui'
import { Observable } from 'rxjs'

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

// The README's configuration, as written for MCPAppsMiddleware (its `MCPAppsMiddlewareConfig`).
const config: {
  mcpServers?: ({ type: 'http'; url: string; headers?: Record<string, string>; serverId?: string } | { type: 'sse'; url: string; headers?: Record<string, string>; serverId?: string })[]
  discoveryFailureMode?: 'continue' | 'throw'
} = {
  mcpServers: [
    { type: 'http', url: 'http://localhost:3001/mcp', serverId: 'weather-server' },
    { type: 'sse', url: 'http://localhost:3002/sse', headers: { authorization: 'Bearer t' } },
  ],
  discoveryFailureMode: 'throw',
}

class YourAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent)
      subscriber.complete()
    })
  }
}

// The README's usage: `new YourAgent().use(new MCPAppsMiddleware({ ... }))`, with the kit's factory.
export const agent: YourAgent = new YourAgent().use(createMcpAppsMiddleware(config))
