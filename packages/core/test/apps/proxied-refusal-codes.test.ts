// @module-tag security
/**
 * One JSON-RPC code per refusal, whichever path an app's request takes: the host bridge relays the
 * same requests through the HTTP proxy handler (`createHttpProxyTransport`), through the kit's AG-UI
 * middleware and through the guard in front of the real `MCPAppsMiddleware` 0.1.1 (both behind
 * `createAgUiHandler`, reached with `createAgUiProxyTransport`), to one real MCP server; the app
 * hears the same error from each, with the code the one error table gives the refusal.
 */
import type { RunAgentInput } from '@ag-ui/client'
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpAppHostBridge } from '../../src/apps/host-bridge'
import { INTERNAL_ERROR, INVALID_PARAMS } from '../../src/apps/json-rpc'
import { createAgUiProxyTransport } from '../../src/apps/transports/ag-ui'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import type { McpProxyTransport } from '../../src/apps/transports/types'
import { HOST_REFUSED_RPC_CODE, REQUEST_TIMEOUT_RPC_CODE, RESPONSE_TOO_LARGE_RPC_CODE } from '../../src/http-errors'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { createMcpAppsGuard, type McpAppsGuard } from '../../src/server/ag-ui/mcp-apps-guard'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { createMcpProxyHandler, type McpProxyHandler } from '../../src/server/apps/mcp-proxy-handler'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { ScriptedAgent } from '../ag-ui/scripted-agent'
import { type BoundsMcpServer, startBoundsMcpServer } from './bounds-mcp-server'

let upstream: BoundsMcpServer
let proxy: McpProxyHandler
let mcpApps: McpAppsMiddleware
let guard: McpAppsGuard
let web: TestHttpServer

// A proxied request never reaches the agent: one that did would show here.
const agent = new ScriptedAgent(() => {
  throw new Error('the agent ran')
})
const getSessionId = (request: Request) => request.headers.get('x-session')
// `mallory` has a session, but the host lets her call nothing.
const authorize = (sessionId: string) => sessionId !== 'mallory'
// Long enough for a real connect on a loaded machine; `hang` never answers, so it still times out.
const BOUNDS = { timeoutMs: 2_000, toolCallTimeoutMs: 2_000, maxResponseBytes: 64 * 1024 }

beforeAll(async () => {
  upstream = await startBoundsMcpServer()
  const servers = [{ serverId: 'b', type: 'http' as const, url: upstream.url }]
  proxy = createMcpProxyHandler({ servers, getSessionId, authorize: (_request, _proxied, sessionId) => authorize(sessionId), ...BOUNDS })
  mcpApps = createMcpAppsMiddleware({ mcpServers: servers, authorize, ...BOUNDS })
  guard = createMcpAppsGuard({ mcpServers: servers, authorize, timeoutMs: BOUNDS.timeoutMs })
  const real = new MCPAppsMiddleware({ mcpServers: servers })
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/mcp-proxy': proxy,
        '/kit/ag-ui': createAgUiHandler({ getSessionId, run: (input: RunAgentInput, { sessionId }) => mcpApps.forSession(sessionId)(input, agent) }),
        '/guarded/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: RunAgentInput, { sessionId }) => guard.forSession(sessionId)(input, { run: (checked) => real.run(checked, agent) }),
        }),
      }),
    ),
  )
})

afterAll(async () => {
  await proxy?.close()
  await mcpApps?.close()
  await guard?.close()
  await web?.close()
  await upstream?.close()
})

type Sent = { id?: unknown; result?: unknown; error?: { code: number; message: string } }

const TRANSPORTS: Record<string, (session: string) => McpProxyTransport> = {
  'HTTP proxy handler': (session) => createHttpProxyTransport({ url: `${web.url}/mcp-proxy`, headers: { 'x-session': session } }),
  'kit AG-UI middleware': (session) => createAgUiProxyTransport({ url: `${web.url}/kit/ag-ui`, headers: { 'x-session': session } }),
  'guard before MCPAppsMiddleware 0.1.1': (session) => createAgUiProxyTransport({ url: `${web.url}/guarded/ag-ui`, headers: { 'x-session': session } }),
}

/** An app on `path` as `session`: `ask` sends one request from the app and resolves with what the app heard. */
function app(path: string, session: string) {
  const sent: Sent[] = []
  const appWindow = { postMessage: (message: Sent) => sent.push(message) } as unknown as Window
  const host = new EventTarget()
  const bridge = createMcpAppHostBridge({ server: { serverHash: 'unused', serverId: 'b' }, transport: (TRANSPORTS[path] as (s: string) => McpProxyTransport)(session) })
  bridge.connect({ window: appWindow, origin: 'null' }, host)
  let nextId = 1
  const ask = async (method: string, params: Record<string, unknown>) => {
    const id = nextId++
    host.dispatchEvent(Object.assign(new Event('message'), { data: { jsonrpc: '2.0', id, method, params }, source: appWindow, origin: 'null' }))
    await expect.poll(() => sent.some((m) => m.id === id), { timeout: 8000 }).toBe(true)
    return sent.find((m) => m.id === id) as Sent
  }
  return { ask, close: () => bridge.close() }
}

const code = async (path: string, session: string, name: string, args: Record<string, unknown> = {}) => {
  const a = app(path, session)
  try {
    return (await a.ask('tools/call', { name, arguments: args })).error?.code
  } finally {
    a.close()
  }
}

describe('a refusal reaches the app with one JSON-RPC code on every path', () => {
  it.each(Object.keys(TRANSPORTS))('%s: the tool runs, and each check the path makes refuses with the table’s code', async (path) => {
    const a = app(path, 'alice')
    expect((await a.ask('tools/call', { name: 'echo', arguments: { text: 'hi' } })).result).toEqual({ content: [{ type: 'text', text: 'hi' }] })
    a.close()
    expect(await code(path, 'alice', 'model_only')).toBe(INVALID_PARAMS)
    expect(await code(path, 'alice', 'nope')).toBe(INVALID_PARAMS)
    expect(await code(path, 'mallory', 'echo', { text: 'hi' })).toBe(HOST_REFUSED_RPC_CODE)
  })

  it.each(['HTTP proxy handler', 'kit AG-UI middleware'])('%s: a server that never answers and one that answers too much', async (path) => {
    expect(await code(path, 'alice', 'hang')).toBe(REQUEST_TIMEOUT_RPC_CODE)
    expect(await code(path, 'alice', 'big', { bytes: 100_000 })).toBe(RESPONSE_TOO_LARGE_RPC_CODE)
  })

  it('the same message reaches the app from the proxy handler and the kit middleware', async () => {
    const heard = async (path: string, name: string) => {
      const a = app(path, 'alice')
      try {
        return (await a.ask('tools/call', { name, arguments: {} })).error
      } finally {
        a.close()
      }
    }
    for (const name of ['model_only', 'nope', 'hang']) {
      expect(await heard('kit AG-UI middleware', name)).toEqual(await heard('HTTP proxy handler', name))
    }
  })

  it('a refusal no table row names (0.1.1’s own failure) is an internal error on the AG-UI path, as upstream_failed is over HTTP', async () => {
    const a = app('guard before MCPAppsMiddleware 0.1.1', 'alice')
    try {
      // 0.1.1 has no bound of its own: its `{ error }` for a tool that fails upstream carries no code.
      expect((await a.ask('resources/read', { uri: 'ui://nowhere' })).error?.code).toBe(INTERNAL_ERROR)
    } finally {
      a.close()
    }
  })
})
