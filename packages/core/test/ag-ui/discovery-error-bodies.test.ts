// @module-tag security
/**
 * An MCP server (or a proxy in front of it) that answers the kit middleware's tool discovery with
 * an error page holding private data: a stack trace, an internal host, a credential. None of it may
 * reach anything the middleware emits or throws, in either `discoveryFailureMode`: not the run's
 * events, not the run's error nor any `cause` under it, not `onError` (the host's logs), not the
 * AG-UI route's answer, not the console. Real peers: a raw HTTP error page and an MCP SDK server on
 * 127.0.0.1, both MCP SDKs' clients, a real `@ag-ui/client` 1.0 agent and the kit's AG-UI route.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RunAgentInput } from '@ag-ui/client'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import type { McpAppsMiddlewareErrorEvent } from '../../src/server/ag-ui/mcp-apps-run'
import { type ServedMcpSessions, serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'
import { ScriptedAgent, say } from './scripted-agent'

const SECRET = 'pg-primary.internal:5432 password=hunter2-7f3a'
const ERROR_PAGE = `<!doctype html><html><body><h1>502 Bad Gateway</h1><pre>upstream ${SECRET} refused\n  at db.connect (/srv/app/db.js:12)</pre></body></html>`

let errorPage: Server
let errorPageUrl: string
// An MCP server whose session starts, then fails the listing as the test's `listing` says.
let listing: 'html' | 'json-rpc' | 'not-json'
let mcp: ServedMcpSessions
const made: McpAppsMiddleware[] = []

beforeAll(async () => {
  errorPage = createServer((req, res) => {
    req.resume()
    res.writeHead(502, { 'content-type': 'text/html' }).end(ERROR_PAGE)
  })
  await new Promise<void>((resolve) => errorPage.listen(0, '127.0.0.1', resolve))
  errorPageUrl = `http://127.0.0.1:${(errorPage.address() as AddressInfo).port}/mcp`
  const listingFails = () => {
    const server = new McpServer({ name: 'listing-fails', version: '1.0.0' })
    // A tool, so the server declares tools and the client asks for them.
    server.registerTool('noop', { description: 'Never listed' }, async () => ({ content: [] }))
    return server
  }
  mcp = await serveMcpSessions(listingFails, {
    intercept: (body, _req, res) => {
      const message = body as { method?: string; id?: number } | undefined
      if (message?.method !== 'tools/list') return false
      if (listing === 'html') res.writeHead(500, { 'content-type': 'text/html' }).end(ERROR_PAGE)
      else if (listing === 'not-json') res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0", ${ERROR_PAGE}`)
      else {
        const error = { code: -32603, message: `Internal error: ${SECRET}`, data: { page: ERROR_PAGE } }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error }))
      }
      return true
    },
  })
})
afterAll(async () => {
  await Promise.all(made.map((m) => m.close()))
  await mcp.close()
  await new Promise((resolve) => errorPage.close(resolve))
})
afterEach(() => vi.restoreAllMocks())

/** True when `secret` is anywhere in `value`: strings, own properties (enumerable or not), an error's message, stack and cause chain. */
function mentions(value: unknown, secret: string, seen = new Set<unknown>()): boolean {
  if (typeof value === 'string') return value.includes(secret) || value.includes('hunter2')
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return false
  seen.add(value)
  if (value instanceof Error && [value.message, value.stack, value.cause].some((part) => mentions(part, secret, seen))) return true
  return Reflect.ownKeys(value).some((key) => {
    try {
      return mentions((value as Record<PropertyKey, unknown>)[key], secret, seen)
    } catch {
      return false
    }
  })
}

type Case = { name: string; says: string; server: () => { type: 'http' | 'sse'; url: string }; sdk?: 'v1' | 'v2'; listing?: typeof listing }
const CASES: Case[] = [
  { name: 'an error page for initialize (SDK v1)', says: 'The MCP server answered HTTP 502 (StreamableHTTPError)', server: () => ({ type: 'http', url: errorPageUrl }) },
  { name: 'an error page for initialize (SDK v2)', says: 'The MCP server answered HTTP 502 (SdkHttpError)', server: () => ({ type: 'http', url: errorPageUrl }), sdk: 'v2' },
  { name: 'an error page for the SSE stream', says: 'The MCP server answered HTTP 502 (SseError)', server: () => ({ type: 'sse', url: errorPageUrl }) },
  { name: 'an error page for tools/list', says: 'The MCP server answered HTTP 500 (StreamableHTTPError)', server: () => ({ type: 'http', url: mcp.url }), listing: 'html' },
  { name: 'an error page for tools/list (SDK v2)', says: 'The MCP server answered HTTP 500 (SdkHttpError)', server: () => ({ type: 'http', url: mcp.url }), listing: 'html', sdk: 'v2' },
  { name: 'a JSON-RPC error whose message and data hold it', says: 'The MCP server answered JSON-RPC error -32603 (McpError)', server: () => ({ type: 'http', url: mcp.url }), listing: 'json-rpc' },
  { name: 'a JSON-RPC error whose message and data hold it (SDK v2)', says: 'The MCP server answered JSON-RPC error -32603 (ProtocolError)', server: () => ({ type: 'http', url: mcp.url }), listing: 'json-rpc', sdk: 'v2' },
  { name: 'an answer that is not JSON', says: "The MCP server's answer could not be used (SyntaxError)", server: () => ({ type: 'http', url: mcp.url }), listing: 'not-json' },
]

async function discover(c: Case, discoveryFailureMode: 'continue' | 'throw') {
  listing = c.listing ?? 'html'
  const reported: McpAppsMiddlewareErrorEvent[] = []
  const console_ = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log'), vi.spyOn(console, 'debug')]
  for (const spy of console_) spy.mockImplementation(() => undefined)
  const middleware = createMcpAppsMiddleware({
    mcpServers: [{ ...c.server(), serverId: 'upstream' }],
    discoveryFailureMode,
    timeoutMs: 5_000,
    ...(c.sdk ? { sdk: c.sdk } : {}),
    onError: (event) => void reported.push(event),
  })
  made.push(middleware)
  const agent = new ScriptedAgent(() => say('a1', 'ok'))
  agent.use(middleware.forSession('alice'))
  const events: unknown[] = []
  const thrown = await agent.runAgent({}, { onEvent: ({ event }) => void events.push(structuredClone(event)) }).then(
    () => undefined,
    (error: unknown) => error ?? new Error('rejected with nothing'),
  )
  return { agent, events, thrown, reported, logged: console_.flatMap((spy) => spy.mock.calls) }
}

describe('a discovery failure whose answer holds private data', () => {
  describe.each(CASES)('$name', (c) => {
    it('continue: the run goes on without the server; onError says it failed, without the body', async () => {
      const { agent, events, thrown, reported, logged } = await discover(c, 'continue')
      expect(thrown).toBeUndefined()
      expect(agent.inputs[0]?.tools).toEqual([])
      expect(reported.map((e) => [e.phase, e.serverId])).toEqual([['discovery', 'upstream']])
      expect(reported[0]?.error).toBeInstanceOf(Error)
      // What failed stays readable for the logs.
      expect(reported[0]?.error).toMatchObject({ message: c.says })
      for (const [what, value] of Object.entries({ events, reported, logged })) expect(mentions(value, SECRET), what).toBe(false)
    })

    it('throw: the run fails with "MCP tool discovery failed"; no cause under it carries the body', async () => {
      const { agent, events, thrown, reported, logged } = await discover(c, 'throw')
      expect(agent.inputs).toEqual([])
      expect(thrown).toBeInstanceOf(Error)
      expect((thrown as Error).message).toBe('MCP tool discovery failed')
      // A cause is still there for the logs: what failed, never what the server wrote.
      expect((thrown as Error).cause).toBeInstanceOf(Error)
      for (const [what, value] of Object.entries({ thrown, events, reported, logged })) expect(mentions(value, SECRET), what).toBe(false)
    })
  })

  it('through the AG-UI route: the RUN_ERROR and the route’s onError carry no body either', async () => {
    const middleware = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: errorPageUrl }], discoveryFailureMode: 'throw', timeoutMs: 5_000 })
    made.push(middleware)
    const routeErrors: unknown[] = []
    const handler = createAgUiHandler({
      getSessionId: () => 'alice',
      onError: (error) => void routeErrors.push(error),
      run: (input: RunAgentInput, { sessionId }) => middleware.forSession(sessionId)(input, new ScriptedAgent(() => say('a1', 'ok'))),
    })
    const input = { threadId: 't1', runId: 'r1', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }
    const response = await handler(new Request('http://127.0.0.1/ag-ui', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }))
    const text = await response.text()
    expect(text).toContain('"type":"RUN_ERROR"')
    expect(text).toContain('MCP tool discovery failed')
    expect(routeErrors).toHaveLength(1)
    expect(mentions(text, SECRET)).toBe(false)
    expect(mentions(routeErrors, SECRET)).toBe(false)
  })
})
