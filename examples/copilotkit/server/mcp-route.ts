import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { mcpServer } from './hitl'
import { createAcmeServer } from './mcp-server'

// Streamable HTTP with sessions: the answer to an elicitation comes back as its own POST and must
// reach the transport that waits for it. One per session, bounded.
const MAX_SESSIONS = 100
const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>()

/** /mcp: the example's own MCP server. */
export async function mcp(request: Request): Promise<Response> {
  const known = sessions.get(request.headers.get('mcp-session-id') ?? '')
  if (known) return known.handleRequest(request)
  if (request.method !== 'POST') return new Response('Unknown MCP session', { status: 404 })
  if (sessions.size >= MAX_SESSIONS) {
    const [oldest] = sessions.values()
    await oldest?.close()
  }
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, transport),
    onsessionclosed: (id) => void sessions.delete(id),
  })
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId)
  }
  // This app serves the MCP server itself, so its origin is the app's: the URL-mode page lives there.
  await createAcmeServer(new URL(mcpServer.url).origin).connect(transport)
  return transport.handleRequest(request)
}
