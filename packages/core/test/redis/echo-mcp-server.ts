/**
 * A real `McpServer` (@modelcontextprotocol/sdk) over Streamable HTTP on 127.0.0.1 with one tool,
 * `ask { token }`, which elicits `name` with the message `token:<token>` and records what it got back,
 * so a test can check that each answer reached the server that asked, exactly once.
 */
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'
import { startHttpServer } from './http-server'

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
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>()
  const http = await startHttpServer((req, res) => {
    const sessionId = req.headers['mcp-session-id']
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    if (existing) {
      void existing.transport.handleRequest(req, res)
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(400).end()
      return
    }
    const server = createServer()
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server })
      },
    })
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    void server.connect(transport).then(() => transport.handleRequest(req, res))
  })
  return {
    url: `${http.url}/mcp`,
    received,
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()))
      await http.close()
    },
  }
}
