/**
 * A real `McpServer` (@modelcontextprotocol/sdk) over Streamable HTTP on 127.0.0.1 with one tool,
 * `ask { token }`, which elicits `name` with the message `token:<token>` and records what it got back,
 * so a test can check that each answer reached the server that asked, exactly once.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'
import { LONG_KEEP_ALIVE } from './http-server'

/** A running echo server. */
export interface EchoMcpServer {
  url: string
  /** token -> every result the tool received for it (one entry when all is well). */
  received: Map<string, unknown[]>
  close(): Promise<void>
}

/** The form the `ask` tool sends. */
export const ASK_SCHEMA = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const, title: 'Name' } },
  required: ['name'],
}

/** Starts the server; each MCP session gets its own `McpServer`, as the SDK expects. */
export async function startEchoMcpServer(): Promise<EchoMcpServer> {
  const received = new Map<string, unknown[]>()
  const createServer = () => {
    const server = new McpServer({ name: 'echo-server', version: '1.0.0' })
    server.registerTool('ask', { description: 'Asks for a name', inputSchema: { token: z.string() } }, async ({ token }) => {
      let result: unknown
      try {
        result = await server.server.elicitInput({ message: `token:${token}`, requestedSchema: ASK_SCHEMA }, { timeout: 600_000 })
      } catch (error) {
        result = { error: String(error) }
      }
      received.set(token, [...(received.get(token) ?? []), result])
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] }
    })
    return server
  }
  const served = await serveMcpSessions(createServer, { http: LONG_KEEP_ALIVE })
  return { url: served.url, received, close: () => served.close() }
}
