import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { mcpServer } from '@/lib/hitl'
import { createAcmeServer } from '@/lib/mcp-server'

// Streamable HTTP with sessions: the answer to an elicitation comes back as its own POST and must
// reach the transport that waits for it. One per session, on globalThis (see lib/hitl.ts), bounded.
const MAX_SESSIONS = 100
const shared = globalThis as typeof globalThis & { mcpSessions?: Map<string, WebStandardStreamableHTTPServerTransport> }
shared.mcpSessions ??= new Map()
const sessions = shared.mcpSessions

async function handle(request: Request): Promise<Response> {
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

export { handle as DELETE, handle as GET, handle as POST }
