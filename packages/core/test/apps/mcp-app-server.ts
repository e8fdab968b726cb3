/**
 * A real MCP server (TypeScript SDK 1.32.2, Streamable HTTP, stateful sessions) on 127.0.0.1 with
 * an MCP App: a `ui://` tool and its resource, an app-only tool, a model-only tool and a tool that
 * fails with internal details. Counts `initialize` requests so tests can see session reuse.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'
import { MCP_APP_MIME_TYPE } from '../../src/apps/protocol'

export const APP_URI = 'ui://weather/app.html'
export const APP_HTML = '<!doctype html><html><head><title>Weather</title></head><body><button>Refresh</button></body></html>'
export const APP_CSP = { connectDomains: ['https://api.weather.example'], resourceDomains: ['https://cdn.weather.example'] }
export const SECRET = 'postgres://admin:hunter2@10.0.0.5/weather'

function buildServer(calls: string[]): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' })
  server.registerTool(
    'show_weather',
    {
      description: 'Shows the weather for a city in an app',
      inputSchema: { city: z.string() },
      _meta: { ui: { resourceUri: APP_URI } },
    },
    async ({ city }) => {
      calls.push(`show_weather:${city}`)
      return { content: [{ type: 'text', text: `Sunny in ${city}` }], structuredContent: { city, temp: 21 } }
    },
  )
  server.registerTool(
    'refresh_weather',
    {
      description: 'Refreshes the forecast (app only)',
      inputSchema: { city: z.string() },
      _meta: { ui: { resourceUri: APP_URI, visibility: ['app'] } },
    },
    async ({ city }) => {
      calls.push(`refresh_weather:${city}`)
      return { content: [{ type: 'text', text: `Still sunny in ${city}` }] }
    },
  )
  server.registerTool(
    'delete_all_forecasts',
    { description: 'Model-only admin tool', _meta: { ui: { visibility: ['model'] } } },
    async () => {
      calls.push('delete_all_forecasts')
      return { content: [{ type: 'text', text: 'deleted' }] }
    },
  )
  server.registerTool('crash', { description: 'Fails with internal details' }, async () => {
    calls.push('crash')
    throw new Error(`connection to ${SECRET} refused`)
  })
  server.registerResource(
    'weather-app',
    APP_URI,
    { mimeType: MCP_APP_MIME_TYPE, _meta: { ui: { csp: APP_CSP } } },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: APP_HTML, _meta: { ui: { csp: APP_CSP } } }],
    }),
  )
  return server
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) text += chunk
  return text ? JSON.parse(text) : undefined
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body]
  return messages.some((m) => (m as { method?: unknown } | undefined)?.method === 'initialize')
}

/** A running MCP server; `stop()` closes sessions and the socket. */
export interface McpAppServer {
  url: string
  /** `initialize` requests received (one per MCP session opened). */
  initializeCount: () => number
  /** HTTP requests received (POST, GET and DELETE alike). */
  requestCount: () => number
  /** MCP sessions the server holds now (a client's DELETE ends its own). */
  sessionCount: () => number
  /** Tool calls executed, as `name:arg`. */
  calls: string[]
  /** Forgets every session, as a restarted server would. */
  dropSessions: () => Promise<void>
  stop: () => Promise<void>
}

/** Starts the server on 127.0.0.1 on a free port. */
export async function startMcpAppServer(): Promise<McpAppServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const calls: string[] = []
  let initializes = 0
  let requests = 0
  const http = createServer(async (req, res) => {
    requests++
    try {
      const body = req.method === 'POST' ? await readJson(req) : undefined
      const sid = req.headers['mcp-session-id']
      let transport = typeof sid === 'string' ? sessions.get(sid) : undefined
      if (!transport) {
        if (typeof sid === 'string' || !isInitialize(body)) {
          res.writeHead(404, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }))
          return
        }
        initializes++
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, created),
        })
        created.onclose = () => {
          if (created.sessionId) sessions.delete(created.sessionId)
        }
        await buildServer(calls).connect(created)
        transport = created
      }
      await transport.handleRequest(req, res, body)
    } catch {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  const dropSessions = async () => {
    const all = [...sessions.values()]
    sessions.clear()
    await Promise.all(all.map((t) => t.close().catch(() => undefined)))
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    initializeCount: () => initializes,
    requestCount: () => requests,
    sessionCount: () => sessions.size,
    calls,
    dropSessions,
    async stop() {
      await dropSessions()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
