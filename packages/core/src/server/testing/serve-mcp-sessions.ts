/**
 * Test helper: an MCP endpoint over Streamable HTTP on 127.0.0.1 that gives each MCP session its
 * own `McpServer` from `createServer`, as the SDK expects, and drops sessions when they close.
 */
import { randomUUID } from 'node:crypto'
import type { ServerOptions } from 'node:http'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { startTestHttpServer } from './node-http-bridge'

/** A running MCP endpoint and its live sessions. */
export interface ServedMcpSessions {
  /** The MCP endpoint (`…/mcp`). */
  url: string
  /** Live sessions by MCP session id. */
  sessions: Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>
  close(): Promise<void>
}

/** Serves `createServer()` per session; `httpOptions` tune the node:http server (keep-alive under load). */
export async function serveMcpSessions(createServer: () => McpServer, httpOptions?: ServerOptions): Promise<ServedMcpSessions> {
  const sessions: ServedMcpSessions['sessions'] = new Map()
  const http = await startTestHttpServer((req, res) => {
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
  }, httpOptions)
  return {
    url: `${http.url}/mcp`,
    sessions,
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()))
      await http.close()
    },
  }
}
