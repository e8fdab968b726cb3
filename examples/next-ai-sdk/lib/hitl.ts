import {
  createElicitationBroker,
  createElicitationEventsHandler,
  createListHandler,
  createMcpProxyHandler,
  createRespondHandler,
  type ElicitationBroker,
  type McpProxyHandler,
  sessionFromCookie,
} from '@mcp-hitl/core/server'
import { ANSWER_TIME_MS } from './elicitation-time'

/** The cookie that names the chat session; in your app, read your signed-in user's session instead. */
export const SESSION_COOKIE = 'sid'

/** Who may answer an elicitation: the session that caused it. */
export const getSessionId = sessionFromCookie(SESSION_COOKIE)

/** The MCP server: this example's own (app/mcp/route.ts); in your app, the URL of yours. */
export const mcpServer = {
  type: 'http' as const,
  url: process.env.MCP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/mcp`,
  serverId: 'acme',
  // The name the person sees on every form and app of this server: the spec requires naming who asks.
  title: 'Acme MCP',
}

function createHitl(): { broker: ElicitationBroker; mcpProxy: McpProxyHandler } {
  const broker = createElicitationBroker({ ttlMs: ANSWER_TIME_MS })
  const mcpProxy = createMcpProxyHandler({
    servers: [mcpServer],
    // The same session as the respond route: the apps call tools with this backend's credentials,
    // so a caller without one gets 403. `authorize` can narrow it further (per-user server access).
    getSessionId,
    // An app's tool may ask the person too: its elicitation goes to the broker under the caller's
    // session and reaches the page on the live channel (/api/elicitation/events).
    broker,
    onError: (event) => console.warn('MCP proxy', event.method, event.error),
  })
  return { broker, mcpProxy }
}

// Next.js may evaluate this module once per route bundle, and again on every reload in `next dev`:
// one broker and one proxy per process, on globalThis, so the chat, respond and proxy routes share them.
const shared = globalThis as typeof globalThis & { hitl?: ReturnType<typeof createHitl> }
shared.hitl ??= createHitl()

/** Parks each elicitation until the person answers. One per process; see docs/redis.md for several. */
export const broker = shared.hitl.broker

/** POST /api/elicitation/respond */
export const respond = createRespondHandler(broker, { getSessionId })

/** GET /api/elicitations: the caller's pending requests, for a page that reloads. */
export const list = createListHandler(broker, { getSessionId })

/** GET /api/elicitation/events: the live channel, the caller's elicitations as a text/event-stream (an app's among them). */
export const events = createElicitationEventsHandler(broker, { getSessionId })

/** POST /api/mcp-proxy: the apps' MCP requests, relayed to their server. */
export const mcpProxy = shared.hitl.mcpProxy
