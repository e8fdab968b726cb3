/**
 * Test helper: a real 2026-07-28 MCP server (`@modelcontextprotocol/server` v2, `createMcpHandler`)
 * on 127.0.0.1 whose `book` tool answers `input_required` until the client retries with the seat
 * count, then reports what it received.
 */
import { McpServer, acceptedContent, createMcpHandler, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import { routeFetch, startTestHttpServer, toNodeListener } from './node-http-bridge'

/** The UI resource of the `book` tool (an MCP App tool, so the AG-UI middleware offers it to the model). */
export const BOOKING_URI = 'ui://booking/app.html'

/** The form the `book` tool asks for. */
export const SEATS_REQUEST = {
  message: 'How many seats?',
  requestedSchema: { type: 'object' as const, properties: { seats: { type: 'integer' as const, minimum: 1, maximum: 9 } }, required: ['seats'] },
}

/** A running 2026-07-28 server. */
export interface InputRequiredServer {
  /** The MCP endpoint. */
  url: string
  /** Calls of `book` that arrived with the answer (the retried round). */
  answered: () => number
  close(): Promise<void>
}

function createServer(counter: { answered: number }): McpServer {
  const server = new McpServer({ name: 'modern-server', version: '1.0.0' })
  server.registerTool('book', { description: 'Books seats after asking how many', _meta: { ui: { resourceUri: BOOKING_URI } } }, async (ctx) => {
    const responses = ctx.mcpReq.inputResponses
    const view = inputResponse(responses, 'seats')
    if (view.kind === 'missing') return inputRequired({ inputRequests: { seats: inputRequired.elicit(SEATS_REQUEST) } })
    counter.answered++
    const content = acceptedContent(responses, 'seats')
    const text = JSON.stringify(view.kind === 'elicit' ? { action: view.action, content } : { unexpected: view.kind })
    return { content: [{ type: 'text', text }] }
  })
  return server
}

/** Starts the server on a free port. */
export async function startInputRequiredServer(): Promise<InputRequiredServer> {
  const counter = { answered: 0 }
  const handler = createMcpHandler(() => createServer(counter))
  const http = await startTestHttpServer(toNodeListener(routeFetch({ '/mcp': (request) => handler.fetch(request) })))
  return {
    url: `${http.url}/mcp`,
    answered: () => counter.answered,
    async close() {
      await handler.close()
      await http.close()
    },
  }
}
