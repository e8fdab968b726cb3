/**
 * Serves the demo MCP server over Streamable HTTP (`/mcp`, one transport per MCP session) and its
 * consent page (`/consent/:id`) on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto'
import { getRequestListener } from '@hono/node-server'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { type Listening, listen } from '../listen'
import { handleConsentRequest } from './consent-page'
import { createConsentRegistry } from './consent-registry'
import { createDemoMcpServer } from './demo-mcp-server'

/** The running MCP server. */
export interface McpHttpServer extends Listening {
  /** Streamable HTTP endpoint, e.g. `http://127.0.0.1:3002/mcp`. */
  url: string
}

const MAX_SESSIONS = 500

/** Starts the MCP server; `port` 0 picks a free port. */
export async function startMcpHttpServer(options: { host: string; port: number; envName: string }): Promise<McpHttpServer> {
  const consents = createConsentRegistry()
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>()
  let origin = ''

  async function handleMcp(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id')
    const existing = sessionId ? sessions.get(sessionId) : undefined
    if (existing) return existing.handleRequest(request)
    if (sessionId) return Response.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }, { status: 404 })
    if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 })
    if (sessions.size >= MAX_SESSIONS) return new Response('Too many sessions', { status: 503 })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
    })
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await createDemoMcpServer({ consents, consentOrigin: () => origin }).connect(transport)
    return transport.handleRequest(request)
  }

  const listener = getRequestListener(async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/mcp') return handleMcp(request)
    if (pathname.startsWith('/consent/')) return handleConsentRequest(request, consents)
    return new Response('Not found', { status: 404 })
  })
  const listening = await listen(listener, options)
  origin = listening.origin
  return {
    ...listening,
    url: `${listening.origin}/mcp`,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()))
      await listening.close()
    },
  }
}
