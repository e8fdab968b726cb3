import type { RunAgentInput } from '@ag-ui/client'
import { createAgUiHandler, createMcpAppsMiddleware } from '@mcp-hitl/core/server/ag-ui'
import { AcmeAgent } from './agent'
import { broker, getSessionId, mcpServer } from './hitl'

/** The kit's MCP Apps middleware: runs the UI tools, answers the apps' requests, shows the servers' elicitations. */
export const mcpApps = createMcpAppsMiddleware({ mcpServers: [mcpServer], broker })

/** POST /api/ag-ui: the caller's session from the cookie (never from the run's body), bound to the middleware and the agent. */
export const agUi = createAgUiHandler({
  getSessionId,
  run: (input: RunAgentInput, { sessionId }) => mcpApps.forSession(sessionId)(input, new AcmeAgent(sessionId)),
})
