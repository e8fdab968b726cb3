/**
 * Serves the demo MCP server over Streamable HTTP (`/mcp`, one transport per MCP session) and its
 * consent page (`/consent/:id`) on 127.0.0.1.
 *
 * Sessions end three ways: the client's DELETE (the chat route sends one when its turn ends), the
 * transport closing, or eviction after `idleSessionMs` without a POST in flight or a new request, so
 * a client that vanishes without a DELETE cannot hold one of the `MAX_SESSIONS` slots for ever.
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
  /** Live MCP sessions. */
  sessionCount(): number
}

/** Where and how the MCP server listens. */
export interface McpHttpServerOptions {
  host: string
  port: number
  envName: string
  /** A session with no POST in flight and no new request for this long is closed. Default 5 minutes. */
  idleSessionMs?: number
}

const MAX_SESSIONS = 500

interface Session {
  transport: WebStandardStreamableHTTPServerTransport
  /** POSTs whose response is still being written (a tool call's SSE stream counts until it ends). */
  inFlight: number
  lastActive: number
}

/** Counts the response as in flight until its body has been sent or dropped. */
function trackResponse(response: Response, session: Session): Response {
  const done = () => {
    session.inFlight--
    session.lastActive = Date.now()
  }
  if (!response.body) {
    done()
    return response
  }
  const reader = response.body.getReader()
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    done()
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read()
        if (finished) {
          end()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        end()
        controller.error(error)
      }
    },
    cancel(reason) {
      end()
      return reader.cancel(reason)
    },
  })
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** Starts the MCP server; `port` 0 picks a free port. */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const consents = createConsentRegistry()
  const sessions = new Map<string, Session>()
  const idleMs = options.idleSessionMs ?? 5 * 60_000
  let origin = ''

  // Sweeps often enough that an idle session lives at most about 1.5 x idleMs.
  const sweeper = setInterval(
    () => {
      const now = Date.now()
      for (const session of sessions.values()) {
        if (session.inFlight === 0 && now - session.lastActive > idleMs) void session.transport.close()
      }
    },
    Math.max(50, Math.min(idleMs / 2, 60_000)),
  )
  sweeper.unref()

  async function serve(session: Session, request: Request): Promise<Response> {
    session.lastActive = Date.now()
    // The GET stream only waits for server messages; an open one alone does not keep a session alive.
    if (request.method !== 'POST') return session.transport.handleRequest(request)
    session.inFlight++
    try {
      return trackResponse(await session.transport.handleRequest(request), session)
    } catch (error) {
      session.inFlight--
      throw error
    }
  }

  async function handleMcp(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id')
    const existing = sessionId ? sessions.get(sessionId) : undefined
    if (existing) return serve(existing, request)
    if (sessionId) return Response.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }, { status: 404 })
    if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 })
    if (sessions.size >= MAX_SESSIONS) return new Response('Too many sessions', { status: 503 })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => void sessions.delete(id),
    })
    const session: Session = { transport, inFlight: 0, lastActive: Date.now() }
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await createDemoMcpServer({ consents, consentOrigin: () => origin }).connect(transport)
    return serve(session, request)
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
    sessionCount: () => sessions.size,
    close: async () => {
      clearInterval(sweeper)
      await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()))
      await listening.close()
    },
  }
}
