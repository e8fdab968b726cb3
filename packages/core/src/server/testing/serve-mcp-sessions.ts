/**
 * Test helper: an MCP endpoint over Streamable HTTP on 127.0.0.1 that gives each MCP session its
 * own `McpServer` from `createServer`, as the SDK expects, and drops sessions when they close.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http'
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

/** How the endpoint answers. */
export interface ServeMcpSessionsOptions {
  /** node:http options (keep-alive under load). */
  http?: ServerOptions
  /** Answer POSTs with JSON instead of an SSE stream. */
  jsonResponse?: boolean
  /**
   * Sees every POST's parsed JSON-RPC body before the SDK does; returning true means it answered
   * `res` itself (a test can count messages, hold a request open or write its own answer).
   */
  intercept?: (body: unknown, req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) text += chunk
  return text ? JSON.parse(text) : undefined
}

/** Serves `createServer()` per session. */
export async function serveMcpSessions(createServer: () => McpServer, options: ServeMcpSessionsOptions = {}): Promise<ServedMcpSessions> {
  const sessions: ServedMcpSessions['sessions'] = new Map()
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Read first only when intercepting: otherwise the SDK reads the stream itself.
    const body = options.intercept && req.method === 'POST' ? await readJson(req) : undefined
    if (options.intercept && (await options.intercept(body, req, res))) return
    const sessionId = req.headers['mcp-session-id']
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    if (existing) return existing.transport.handleRequest(req, res, body)
    if (req.method !== 'POST') {
      res.writeHead(400).end()
      return
    }
    const server = createServer()
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: options.jsonResponse === true,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server })
      },
    })
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }
  const http = await startTestHttpServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  }, options.http)
  return {
    url: `${http.url}/mcp`,
    sessions,
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()))
      await http.close()
    },
  }
}
