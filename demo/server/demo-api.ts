/**
 * The demo's HTTP API, as Fetch-API handlers under `/api` (Hono): the AI SDK chat (with its resume
 * route), the kit's respond / list / events handlers and MCP proxy, the sampling route for apps, the
 * AG-UI endpoint and the page's config.
 */
import { type ElicitationBroker, createHitlServer } from '@mcp-hitl/core/server'
import { createSamplingHandler } from '@mcp-hitl/core/server/ai-sdk'
import type { LanguageModel } from 'ai'
import { Hono } from 'hono'
import { createAgUiRoute } from './ag-ui/ag-ui-route'
import { createChatRoute, type DemoUIMessage } from './chat/chat-route'
import { createChatStore } from './chat/chat-store'
import { type ChatStreams, createMemoryChatStreams } from './chat/chat-streams'
import { readSessionId, sessions } from './session'

/** What the API needs from the rest of the demo. */
export interface DemoApiOptions {
  broker: ElicitationBroker
  model: LanguageModel
  modelLabel: string
  mcpUrl: string
  /** Origin of the sandbox proxy page, given to the frontend. */
  sandboxOrigin: string
  /** Where chat turns are kept for resuming after a reload. Default: in this process. */
  streams?: ChatStreams
}

/** Stable id of the one MCP server, preferred over its hash by the proxy and the middleware. */
export const DEMO_SERVER_ID = 'demo'

/**
 * The host's name for the demo MCP server: every surface shows it (each form, each app, the page's
 * header). What the server calls itself (`serverInfo`) would be shown only as its claim.
 */
export const DEMO_SERVER_TITLE = 'Demo HITL server'

/** The API: a Fetch handler for `/api/*` and what to close on shutdown. */
export interface DemoApi {
  /** The kit's server object behind the API (its broker, its one MCP connection pool). */
  hitl: ReturnType<typeof createHitlServer>
  fetch: (request: Request) => Response | Promise<Response>
  close(): Promise<void>
}

/** Builds the Hono app that answers `/api/*`. */
export function createDemoApi(options: DemoApiOptions): DemoApi {
  // One config for every path: the chat's tools, the apps' proxy and the AG-UI middleware.
  const server = { type: 'http' as const, url: options.mcpUrl, id: DEMO_SERVER_ID, title: DEMO_SERVER_TITLE }
  // The one place the session resolver is given: the routes, the chat's tools and the AG-UI runs
  // take it from here. The apps' tool calls run with the backend's access to the MCP server: only
  // the page's own session may make them; with the broker, an app's button whose tool asks the user
  // shows the form in the chat (the session's live channel, `/api/elicitation/events`).
  const hitl = createHitlServer({ getSessionId: readSessionId, servers: [server], broker: options.broker, basePath: '/api/elicitation' })
  const chat = createChatRoute({
    model: options.model,
    hitl,
    chats: createChatStore<DemoUIMessage>(),
    streams: options.streams ?? createMemoryChatStreams(),
  })
  // An app's sampling request, approved by the person, answered by the chat's own model.
  const sampling = createSamplingHandler(hitl, { model: options.model, maxTokens: 512, rateLimit: { capacity: 10, refillPerSecond: 0.5 } })
  const agUi = createAgUiRoute({ hitl, server })

  const app = new Hono<{ Variables: { sessionId: string } }>()
  // Every caller gets a session cookie on first contact; see session.ts for what a real app does instead.
  // A cookie this server did not sign is no session: the caller gets a new one, never the id it made up.
  app.use('/api/*', async (c, next) => {
    const existing = await hitl.getSessionId(c.req.raw)
    const issued = existing ? undefined : await sessions.issue()
    c.set('sessionId', existing ?? (issued as { sessionId: string }).sessionId)
    await next()
    if (issued) c.res.headers.append('set-cookie', issued.setCookie)
  })
  app.get('/api/config', (c) => c.json({ sandboxOrigin: options.sandboxOrigin, model: options.modelLabel, serverName: server.title }))
  app.get('/api/chat', (c) => chat.current(c.get('sessionId')))
  app.post('/api/chat', (c) => chat.send(c.req.raw, c.get('sessionId')))
  app.get('/api/chat/:id/stream', (c) => chat.resume(c.req.param('id'), c.get('sessionId')))
  // The kit's routes: respond, pending and events under `/api/elicitation`, the MCP proxy where the page's apps post.
  app.all('/api/elicitation/*', (c) => hitl.fetch(c.req.raw))
  app.post('/api/mcp-proxy', (c) => hitl.routes['mcp-proxy'](c.req.raw))
  app.post('/api/sampling', (c) => sampling(c.req.raw))
  app.post('/api/ag-ui', (c) => agUi(c.req.raw))
  return {
    hitl,
    fetch: (request) => app.fetch(request),
    close: () => hitl.close(),
  }
}
