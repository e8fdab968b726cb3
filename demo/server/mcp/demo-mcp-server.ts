/**
 * The demo's MCP server: one `McpServer` per MCP session, with a tool for every human-in-the-loop
 * flow. Built with the MCP TypeScript SDK exactly as a third-party server would be.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ConsentDeps } from './ask-consent'
import { registerBookTripTool } from './book-trip-tool'
import { registerBudgetTools } from './budget-tools'
import { registerConnectAccountTool } from './connect-account-tool'
import { registerRegisterUserTool } from './register-user-tool'
import { registerReserveSeatsTool } from './reserve-seats-tool'
import { registerTaskBoardTools } from './task-board-tools'

/** Name the server reports (`serverInfo`); the host names it by its own title (`DEMO_SERVER_TITLE`). */
export const DEMO_SERVER_NAME = 'demo-hitl-server'

/** A fresh server with all demo tools registered. */
export function createDemoMcpServer(deps: ConsentDeps): McpServer {
  const server = new McpServer({ name: DEMO_SERVER_NAME, title: 'Demo HITL server', version: '1.0.0' })
  registerRegisterUserTool(server)
  registerBookTripTool(server)
  registerReserveSeatsTool(server)
  registerConnectAccountTool(server, deps)
  registerTaskBoardTools(server, deps)
  registerBudgetTools(server)
  return server
}
