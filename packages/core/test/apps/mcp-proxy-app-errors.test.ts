// @module-tag security
/**
 * What an MCP App hears when the host refuses its request: the host bridge relays through
 * `createHttpProxyTransport` to the real proxy handler and a real MCP server, and each refusal of
 * the proxy reaches the app as the JSON-RPC error the one error table gives it (not -32603 for all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpAppHostBridge } from '../../src/apps/host-bridge'
import { INVALID_PARAMS } from '../../src/apps/json-rpc'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import { RATE_LIMITED_RPC_CODE, REQUEST_TIMEOUT_RPC_CODE, RESPONSE_TOO_LARGE_RPC_CODE } from '../../src/http-errors'
import { createMcpProxyHandler, type McpProxyHandler } from '../../src/server/apps/mcp-proxy-handler'
import { serveFetch, type TestHttpServer } from '../../src/server/testing/node-http-bridge'
import { type BoundsMcpServer, startBoundsMcpServer } from './bounds-mcp-server'

let upstream: BoundsMcpServer
let handler: McpProxyHandler
let served: TestHttpServer

beforeAll(async () => {
  upstream = await startBoundsMcpServer()
  handler = createMcpProxyHandler({
    servers: [{ id: 'b', type: 'http', url: upstream.url }],
    getSessionId: (request) => request.headers.get('x-session'),
    // Long enough for a real connect on a loaded machine; `hang` never answers, so it still times out.
    timeoutMs: 2_000,
    maxResponseBytes: 64 * 1024,
    rateLimit: { capacity: 8, refillPerSecond: 0.01 },
  })
  served = await serveFetch(handler)
})

afterAll(async () => {
  await handler?.close()
  await served?.close()
  await upstream?.close()
})

type Sent = { id?: unknown; result?: unknown; error?: { code: number; message: string } }

/** A bridge whose app window is a recorder; `ask` sends one request from the app and waits for the answer. */
function app(session: string) {
  const sent: Sent[] = []
  const appWindow = { postMessage: (message: Sent) => sent.push(message) } as unknown as Window
  const host = new EventTarget()
  const bridge = createMcpAppHostBridge({
    server: { serverHash: 'unused', serverId: 'b' },
    transport: createHttpProxyTransport({ url: `${served.url}/mcp-proxy`, headers: { 'x-session': session } }),
  })
  bridge.connect({ window: appWindow, origin: 'null' }, host)
  let nextId = 1
  const ask = async (method: string, params: Record<string, unknown>) => {
    const id = nextId++
    host.dispatchEvent(Object.assign(new Event('message'), { data: { jsonrpc: '2.0', id, method, params }, source: appWindow, origin: 'null' }))
    await expect.poll(() => sent.some((m) => m.id === id), { timeout: 5000 }).toBe(true)
    return sent.find((m) => m.id === id) as Sent
  }
  return { ask, close: () => bridge.close() }
}

describe('proxy refusals as the app sees them', () => {
  it('gives each refusal its own JSON-RPC code and the proxy\'s message', async () => {
    const a = app('user-1')
    expect((await a.ask('tools/call', { name: 'echo', arguments: { text: 'hi' } })).result).toEqual({ content: [{ type: 'text', text: 'hi' }] })
    expect((await a.ask('tools/call', { name: 'model_only', arguments: {} })).error).toEqual({
      code: INVALID_PARAMS,
      message: 'Tool "model_only" is not callable from apps (its visibility lacks "app")',
    })
    expect((await a.ask('tools/call', { name: 'nope', arguments: {} })).error).toEqual({ code: INVALID_PARAMS, message: 'Unknown tool: nope' })
    expect((await a.ask('tools/call', { name: 'hang', arguments: {} })).error).toEqual({
      code: REQUEST_TIMEOUT_RPC_CODE,
      message: 'The MCP server did not answer in time',
    })
    expect((await a.ask('tools/call', { name: 'big', arguments: { bytes: 100_000 } })).error).toEqual({
      code: RESPONSE_TOO_LARGE_RPC_CODE,
      message: 'The MCP server answered with more than 65536 bytes (maxResponseBytes)',
    })
    a.close()
  })

  it('a spent rate limit reaches the app as the rate-limited code', async () => {
    const a = app('user-2')
    const codes: (number | undefined)[] = []
    for (let i = 0; i < 10; i++) codes.push((await a.ask('ping', {})).error?.code)
    expect(codes).toEqual([...Array(8).fill(undefined), RATE_LIMITED_RPC_CODE, RATE_LIMITED_RPC_CODE])
    a.close()
  })
})
