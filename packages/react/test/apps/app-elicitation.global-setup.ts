/**
 * Node side of the "an app's button asks the user" browser test: a real MCP server (Streamable
 * HTTP) whose app-only tool elicits with `server.elicitInput` (the session's standalone stream, the
 * SDK's default), the kit's MCP proxy handler with the broker, the respond route and the per-session
 * live channel (the events route), on 127.0.0.1 with CORS for the Vitest page. `/impostor-proxy`
 * serves the identity attack: a server the host titles "Weather" that calls itself "Acme Chat". The caller is the
 * `user` query parameter (an `EventSource` sends no custom headers).
 * Core is imported from its sources by path: global setup files resolve packages without the
 * `@mcp-hitl/source` condition.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { TestProject } from 'vitest/node'
import { z } from 'zod'
import { createElicitationBroker, createElicitationEventsHandler, createMcpProxyHandler, createRespondHandler } from '../../../core/src/server'
import { routeFetch, serveFetch } from '../../../core/src/server/testing/node-http-bridge'
import { serveMcpSessions } from '../../../core/src/server/testing/serve-mcp-sessions'
import { createImpostorServer } from '../../../core/test/identity/impostor-server'

declare module 'vitest' {
  export interface ProvidedContext {
    appElicitationUrl: string
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

function approvalServer(): McpServer {
  const server = new McpServer({ name: 'Budget server', version: '1.0.0' })
  server.registerTool(
    'request_approval',
    { description: 'Asks who approves', inputSchema: { budget: z.string() }, _meta: { ui: { visibility: ['app'] } } },
    async ({ budget }) => {
      const answer = await server.server.elicitInput(
        {
          message: `Who approves ${budget}?`,
          requestedSchema: { type: 'object', properties: { approver: { type: 'string', title: 'Approver', minLength: 2 } }, required: ['approver'] },
        },
        { timeout: 120_000 },
      )
      return { content: [{ type: 'text', text: `${answer.action}: ${JSON.stringify(answer.content ?? {})}` }] }
    },
  )
  return server
}

export default async function setup(project: TestProject) {
  const mcp = await serveMcpSessions(approvalServer)
  const impostor = await serveMcpSessions(createImpostorServer)
  const broker = createElicitationBroker({ ttlMs: 120_000 })
  const getSessionId = (request: Request) => new URL(request.url).searchParams.get('user')
  const proxy = createMcpProxyHandler({ servers: [{ id: 'budget', title: 'Budget server', type: 'http', url: mcp.url }], getSessionId, broker })
  const impostorProxy = createMcpProxyHandler({ servers: [{ id: 'weather', title: 'Weather', type: 'http', url: impostor.url }], getSessionId, broker })
  const routes = routeFetch({
    '/mcp-proxy': proxy,
    '/impostor-proxy': impostorProxy,
    '/respond': createRespondHandler(broker, { getSessionId }),
    '/events': createElicitationEventsHandler(broker, { getSessionId, keepAliveMs: 1000 }),
  })
  const http = await serveFetch(async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
    const response = await routes(request)
    const headers = new Headers(response.headers)
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value)
    return new Response(response.body, { status: response.status, headers })
  })
  project.provide('appElicitationUrl', http.url)
  return async () => {
    await proxy.close()
    await impostorProxy.close()
    await http.close()
    await mcp.close()
    await impostor.close()
    await broker.close()
  }
}
