/**
 * The AG-UI endpoint, on the secure recipe: `createAgUiHandler` reads the caller's session from the
 * request (the cookie, never the run's body), and each run goes through the kit's MCP Apps
 * middleware bound to that session (on the server object's one MCP connection pool) (it discovers the UI tools, runs them, emits `mcp-apps`
 * activities, answers the apps' proxied requests for app-visible tools only, and shows the
 * servers' elicitations) around the demo's agent, streamed back as server-sent events.
 */
import type { RunAgentInput } from '@ag-ui/client'
import type { HitlServer, McpUrlServerConfig } from '@mcp-hitl/core/server'
import { createAgUiHandler } from '@mcp-hitl/core/server/ag-ui'
import { DemoAgUiAgent } from './demo-ag-ui-agent'

/** What the AG-UI endpoint needs. */
export interface AgUiRouteOptions {
  /** The kit's server object: its session resolver, broker and MCP connection pool. */
  hitl: HitlServer
  /** The MCP server, as the server object is configured with it: its `title` names it everywhere. */
  server: McpUrlServerConfig & { title: string }
}

/** Handles `POST /api/ag-ui` with a `RunAgentInput` body; the middleware closes with the server object. */
export function createAgUiRoute(options: AgUiRouteOptions) {
  const { hitl, server } = options
  return createAgUiHandler<RunAgentInput>(hitl, {
    agent: ({ sessionId }) => new DemoAgUiAgent({ sessionId, broker: hitl.broker, mcpUrl: server.url, serverTitle: server.title }),
    mcpApps: { onError: (event) => console.error('AG-UI MCP Apps middleware:', event) },
  })
}
