// @module-tag security
/**
 * The MCP proxy handler's bounds against real peers: an MCP SDK server on 127.0.0.1 (hanging tools,
 * huge and endless results, a hanging tool list), a raw TCP server that accepts and never answers,
 * and the proxy served by node:http through an adapter that aborts `request.signal` when the
 * response closes (as Node adapters do).
 */
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMcpProxyHandler, type McpProxyHandler, type McpProxyHandlerOptions } from '../../src/server/apps/mcp-proxy-handler'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { serveFetch, type TestHttpServer } from '../../src/server/testing/node-http-bridge'
import { type BoundsMcpServer, startBoundsMcpServer } from './bounds-mcp-server'

const SESSION = { 'x-session': 'user-1' }
const getSessionId = sessionFromHeader('x-session')

let upstream: BoundsMcpServer
let jsonUpstream: BoundsMcpServer
const handlers: McpProxyHandler[] = []
const served: TestHttpServer[] = []

beforeAll(async () => {
  upstream = await startBoundsMcpServer()
  jsonUpstream = await startBoundsMcpServer({ jsonResponse: true })
})

afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()))
  await Promise.all(served.splice(0).map((s) => s.close()))
})

afterAll(async () => {
  await upstream?.close()
  await jsonUpstream?.close()
})

/** A proxy for one server, served by node:http; returns a `call` that POSTs a proxied request. */
async function proxyFor(url: string, options: Partial<McpProxyHandlerOptions> = {}) {
  const handler = createMcpProxyHandler({ servers: [{ id: 'b', type: 'http', url }], getSessionId, ...options })
  handlers.push(handler)
  const server = await serveFetch(handler)
  served.push(server)
  const call = async (method: string, params?: Record<string, unknown>, headers: Record<string, string> = SESSION) => {
    const response = await fetch(`${server.url}/mcp-proxy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ serverHash: 'unused', serverId: 'b', method, params }),
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }
  return { handler, call }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('upstream timeouts', () => {
  it('gives up on a server that accepts TCP and never answers after timeoutMs (connect and initialize), then closes its sockets', async () => {
    const sockets = new Set<net.Socket>()
    // Sockets a request was written to and that are still open (an idle pooled connection holds nothing).
    const holding = new Set<net.Socket>()
    const silent = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('data', () => holding.add(socket))
      socket.on('close', () => {
        sockets.delete(socket)
        holding.delete(socket)
      })
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    try {
      const { call } = await proxyFor(`http://127.0.0.1:${port}/mcp`, { timeoutMs: 300 })
      const ping = await call('ping')
      expect([ping.status, ping.body]).toEqual([504, { error: 'The MCP server did not answer in time', code: 'upstream_timeout' }])
      // A second request tries again (a failed connect is not cached) and also ends with the timeout.
      expect((await call('ping')).status).toBe(504)
      await expect.poll(() => holding.size, { timeout: 5000 }).toBe(0)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 15_000)

  it('applies timeoutMs to every request: a tool that never answers, and a tool list that never comes', async () => {
    // toolsTtlMs 0: every tools/call lists the tools first.
    const { call } = await proxyFor(upstream.url, { timeoutMs: 2_000, toolsTtlMs: 0 })
    expect((await call('ping')).status).toBe(200)
    const hung = await call('tools/call', { name: 'hang', arguments: {} })
    expect([hung.status, hung.body.code]).toEqual([504, 'upstream_timeout'])
    upstream.hangToolsList(true)
    try {
      const listing = await call('tools/call', { name: 'echo', arguments: { text: 'hi' } })
      expect([listing.status, listing.body.code]).toEqual([504, 'upstream_timeout'])
    } finally {
      upstream.hangToolsList(false)
    }
    // The session survived both: the next call goes through.
    expect((await call('tools/call', { name: 'echo', arguments: { text: 'after' } })).body).toEqual({
      content: [{ type: 'text', text: 'after' }],
    })
  }, 15_000)
})

describe('upstream response size', () => {
  it.each([
    ['an SSE answer', () => upstream],
    ['a JSON answer', () => jsonUpstream],
  ])('relays a result under the default 4 MiB bound and refuses one over it with upstream_too_large (%s)', async (_, server) => {
    const { call } = await proxyFor(server().url)
    const small = await call('tools/call', { name: 'big', arguments: { bytes: 3_000_000 } })
    expect(small.status).toBe(200)
    expect(((small.body.content as { text: string }[])[0]?.text ?? '').length).toBe(3_000_000)
    const large = await call('tools/call', { name: 'big', arguments: { bytes: 6_000_000 } })
    expect([large.status, large.body]).toEqual([
      502,
      { error: 'The MCP server answered with more than 4194304 bytes (maxResponseBytes)', code: 'upstream_too_large' },
    ])
    // The oversized answer did not cost the session.
    expect((await call('ping')).status).toBe(200)
  })

  it.each([
    ['an SSE answer', () => upstream],
    ['a JSON answer', () => jsonUpstream],
  ])('stops reading an endless result at maxResponseBytes instead of buffering it (%s)', async (_, server) => {
    const before = server().floodBytesWritten()
    const { call } = await proxyFor(server().url, { maxResponseBytes: 1024 * 1024 })
    const flood = await call('tools/call', { name: 'flood', arguments: {} })
    expect([flood.status, flood.body.code]).toEqual([502, 'upstream_too_large'])
    await settle(200)
    // What the server could write is the bound plus the socket buffers, far from the 256 MB on offer.
    expect(server().floodBytesWritten() - before).toBeLessThan(32 * 1024 * 1024)
  }, 30_000)
})

describe('tool list cache', () => {
  it('answers 200 requests for unknown tools with one upstream tools/list (sequential and concurrent)', async () => {
    let clock = 1_000_000
    const { call } = await proxyFor(upstream.url, { now: () => clock })
    const lists = () => upstream.messages.get('tools/list') ?? 0
    const before = lists()
    for (let i = 0; i < 100; i++) {
      const response = await call('tools/call', { name: `nope_${i}`, arguments: {} })
      expect([response.status, response.body.code]).toEqual([404, 'unknown_tool'])
    }
    const concurrent = await Promise.all(Array.from({ length: 100 }, (_, i) => call('tools/call', { name: `other_${i}`, arguments: {} })))
    expect(concurrent.every((r) => r.status === 404)).toBe(true)
    expect(lists() - before).toBe(1)
    // Once the negative window has passed, an unknown name is looked up again (a tool added since).
    clock += 5_001
    expect((await call('tools/call', { name: 'nope_0', arguments: {} })).status).toBe(404)
    expect(lists() - before).toBe(2)
  })
})

describe('per-session rate limit', () => {
  it('answers 429 with Retry-After once a session spends its bucket, leaving other sessions alone', async () => {
    const { call } = await proxyFor(upstream.url, { rateLimit: { capacity: 3, refillPerSecond: 0.5 } })
    for (let i = 0; i < 3; i++) expect((await call('ping')).status).toBe(200)
    const limited = await call('ping')
    expect([limited.status, limited.body.code, limited.headers.get('retry-after')]).toEqual([429, 'rate_limited', '2'])
    expect((await call('ping', undefined, { 'x-session': 'user-2' })).status).toBe(200)
  })
})

describe('one upstream request per proxied call', () => {
  it('sends exactly one request per call, and no notifications/cancelled for calls that already finished', async () => {
    const { call } = await proxyFor(upstream.url)
    expect((await call('ping')).status).toBe(200)
    const count = (method: string) => upstream.messages.get(method) ?? 0
    const before = { calls: count('tools/call'), cancels: count('notifications/cancelled'), pings: count('ping') }
    for (let i = 0; i < 20; i++) {
      expect((await call('tools/call', { name: 'echo', arguments: { text: `n${i}` } })).status).toBe(200)
      expect((await call('ping')).status).toBe(200)
    }
    await settle(300)
    expect({
      calls: count('tools/call') - before.calls,
      pings: count('ping') - before.pings,
      cancels: count('notifications/cancelled') - before.cancels,
    }).toEqual({ calls: 20, pings: 20, cancels: 0 })
  })
})
