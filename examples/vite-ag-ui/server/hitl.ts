import { createElicitationBroker, createListHandler, createRespondHandler, sessionFromCookie } from '@mcp-hitl/core/server'
import { ANSWER_TIME_MS } from './elicitation-time'

/** The cookie that names the chat session; in your app, read your signed-in user's session instead. */
export const SESSION_COOKIE = 'sid'

/** Who may answer an elicitation: the session that caused it. The AG-UI route reads the same one. */
export const getSessionId = sessionFromCookie(SESSION_COOKIE)

/** The MCP server: this example's own (server/mcp-route.ts); in your app, the URL of yours. */
export const mcpServer = {
  type: 'http' as const,
  url: process.env.MCP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/mcp`,
  serverId: 'acme',
  // The name the person sees on every form and app of this server: the spec requires naming who asks.
  title: 'Acme MCP',
}

/** Parks each elicitation until the person answers. One per process; see docs/redis.md for several. */
export const broker = createElicitationBroker({ ttlMs: ANSWER_TIME_MS })

/** POST /api/elicitation/respond */
export const respond = createRespondHandler(broker, { getSessionId })

/** GET /api/elicitations: the caller's pending requests, for a page that reloads. */
export const list = createListHandler(broker, { getSessionId })
