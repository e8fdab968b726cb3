/**
 * The AG-UI endpoint, on the secure recipe: `createAgUiHandler` reads the caller's session from the
 * request (the cookie, never the run's body), and each run goes through the kit's MCP Apps
 * middleware bound to that session (it discovers the UI tools, runs them, emits `mcp-apps`
 * activities, answers the apps' proxied requests for app-visible tools only, and shows the
 * servers' elicitations) around the demo's agent, streamed back as server-sent events.
 */
import type { RunAgentInput } from '@ag-ui/client'
import type { ElicitationBroker, McpProxyUrlServer } from '@mcp-hitl/core/server'
import { createAgUiHandler, createMcpAppsMiddleware } from '@mcp-hitl/core/server/ag-ui'
import { readSessionId } from '../session'
import { DemoAgUiAgent } from './demo-ag-ui-agent'

/** What the AG-UI endpoint needs. */
export interface AgUiRouteOptions {
  broker: ElicitationBroker
  /** The MCP server, as the MCP proxy handler is configured with it: its `title` names it everywhere. */
  server: McpProxyUrlServer & { title: string }
}

/** Handles `POST /api/ag-ui` with a `RunAgentInput` body; `close()` ends the middleware's MCP sessions. */
export function createAgUiRoute(options: AgUiRouteOptions) {
  const { broker, server } = options
  const mcpApps = createMcpAppsMiddleware({
    mcpServers: [{ type: server.type, url: server.url, serverId: server.serverId, title: server.title }],
    broker,
    onError: (event) => console.error('AG-UI MCP Apps middleware:', event),
  })
  const handler = createAgUiHandler({
    getSessionId: readSessionId,
    run: (input: RunAgentInput, { sessionId }) =>
      mcpApps.forSession(sessionId)(input, new DemoAgUiAgent({ sessionId, broker, mcpUrl: server.url, serverTitle: server.title })),
  })
  return Object.assign(handler, { close: () => mcpApps.close() })
}
