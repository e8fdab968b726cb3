// @module-tag security
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import { sessionFromCookie, sessionFromHeader } from '../http/session-from-request'
import { createMcpProxyHandler, type McpProxyErrorEvent, type McpProxyHandlerOptions } from './mcp-proxy-handler'
import type { McpProxyClient } from '../mcp/mcp-server-config'
import { computeServerHash } from './server-hash'

/** A real SDK client linked in memory to a real McpServer; counts list/call requests. */
function inMemoryServer() {
  const stats = { connects: 0, lists: 0, closes: 0 }
  const handles: { both?: ReturnType<McpServer['registerTool']> } = {}
  const server = () => {
    const s = new McpServer({ name: 't', version: '1' })
    s.registerTool('app_tool', { _meta: { ui: { visibility: ['app'] } } }, async () => ({
      content: [{ type: 'text', text: 'app' }],
    }))
    s.registerTool('model_tool', { _meta: { ui: { visibility: ['model'] } } }, async () => ({
      content: [{ type: 'text', text: 'model' }],
    }))
    handles.both = s.registerTool('both_tool', {}, async () => ({ content: [{ type: 'text', text: 'both' }] }))
    s.registerResource('notes', 'notes://today', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'n' }] }))
    s.registerResource('note', new ResourceTemplate('notes://{day}', { list: undefined }), { mimeType: 'text/plain' }, async (uri) => ({
      contents: [{ uri: uri.href, text: 'n' }],
    }))
    return s
  }
  let current: McpServer | undefined
  const connect = async (): Promise<McpProxyClient> => {
    stats.connects++
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    current = server()
    await current.connect(serverSide)
    const client = new Client({ name: 'c', version: '1' })
    await client.connect(clientSide)
    const listTools = client.listTools.bind(client)
    const close = client.close.bind(client)
    return Object.assign(client, {
      listTools: (...args: Parameters<Client['listTools']>) => {
        stats.lists++
        return listTools(...args)
      },
      close: () => {
        stats.closes++
        return close()
      },
    })
  }
  return { stats, connect, server: () => current, handles }
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://proxy.test/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': 'user-1', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const getSessionId = sessionFromHeader('x-session')
/** The handler under test, with the session every request in this file carries. */
const proxy = (options: Omit<McpProxyHandlerOptions, 'getSessionId'> & Partial<Pick<McpProxyHandlerOptions, 'getSessionId'>>) =>
  createMcpProxyHandler({ getSessionId, ...options })

describe('createMcpProxyHandler with factory servers', () => {
  it('enforces visibility, caches the tool list and reuses one client', async () => {
    const mem = inMemoryServer()
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }] })
    const call = (name: string) =>
      handler(post({ serverHash: 'x', serverId: 'mem', method: 'tools/call', params: { name, arguments: {} } }))
    expect((await call('app_tool')).status).toBe(200)
    expect((await call('both_tool')).status).toBe(200)
    const refused = await call('model_tool')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: 'Tool "model_tool" is not callable from apps (its visibility lacks "app")',
      code: 'tool_not_app_visible',
    })
    expect(mem.stats).toMatchObject({ connects: 1, lists: 1 })
    await handler.close()
    expect(mem.stats.closes).toBe(1)
  })

  it('finds a tool added since once the negative window (unknownToolTtlMs) has passed, listing once per window', async () => {
    const mem = inMemoryServer()
    let clock = 0
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }], unknownToolTtlMs: 1000, now: () => clock })
    const call = (name: string) =>
      handler(post({ serverHash: 'x', serverId: 'mem', method: 'tools/call', params: { name, arguments: {} } }))
    await call('app_tool')
    mem.server()?.registerTool('late_tool', {}, async () => ({ content: [{ type: 'text', text: 'late' }] }))
    const early = await call('late_tool')
    expect([early.status, await early.json()]).toEqual([404, { error: 'Unknown tool: late_tool', code: 'unknown_tool' }])
    clock = 1001
    const late = await call('late_tool')
    expect(await late.json()).toEqual({ content: [{ type: 'text', text: 'late' }] })
    expect(mem.stats.lists).toBe(2)
    expect((await call('never')).status).toBe(404)
    expect(mem.stats.lists).toBe(2)
    await handler.close()
  })

  it('trusts a cached tool list only for toolsTtlMs: a tool made model-only is refused after that', async () => {
    const mem = inMemoryServer()
    let clock = 0
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }], toolsTtlMs: 1000, now: () => clock })
    const call = () =>
      handler(post({ serverHash: 'x', serverId: 'mem', method: 'tools/call', params: { name: 'both_tool', arguments: {} } }))
    expect((await call()).status).toBe(200)
    mem.handles.both?.update({ _meta: { ui: { visibility: ['model'] } } })
    clock = 500
    expect((await call()).status).toBe(200)
    clock = 1500
    expect((await call()).status).toBe(403)
    expect(mem.stats.lists).toBe(2)
    await handler.close()
  })

  it('does not cache a failed connect; reports it and reconnects on the next request', async () => {
    const mem = inMemoryServer()
    let fail = true
    const errors: McpProxyErrorEvent[] = []
    const handler = proxy({
      servers: [
        {
          id: 'flaky',
          connect: async () => {
            if (fail) throw new Error('ECONNREFUSED 10.0.0.7:5432 secret-internal-host')
            return mem.connect()
          },
        },
      ],
      onError: (e) => errors.push(e),
    })
    const first = await handler(post({ serverHash: 'x', serverId: 'flaky', method: 'ping' }))
    expect(first.status).toBe(502)
    const text = await first.text()
    expect(text).toBe('{"error":"MCP request failed","code":"upstream_failed"}')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ serverId: 'flaky', method: 'ping' })
    fail = false
    expect((await handler(post({ serverHash: 'x', serverId: 'flaky', method: 'ping' }))).status).toBe(200)
    await handler.close()
  })

  it('asks authorize, with the session, before anything reaches the server', async () => {
    const mem = inMemoryServer()
    const seen: string[] = []
    const handler = proxy({
      servers: [{ id: 'mem', connect: mem.connect }],
      authorize: (request, _proxied, sessionId) => {
        seen.push(sessionId)
        return request.headers.get('x-csrf') === 'ok'
      },
    })
    const refused = await handler(post({ serverHash: 'x', serverId: 'mem', method: 'ping' }))
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'Forbidden', code: 'forbidden' }])
    expect(mem.stats.connects).toBe(0)
    const ok = await handler(post({ serverHash: 'x', serverId: 'mem', method: 'ping' }, { 'x-csrf': 'ok' }))
    expect(ok.status).toBe(200)
    expect(seen).toEqual(['user-1', 'user-1'])
    await handler.close()
    const throwing = proxy({
      servers: [{ id: 'mem', connect: mem.connect }],
      authorize: () => {
        throw new Error('session store down')
      },
    })
    expect((await throwing(post({ serverHash: 'x', serverId: 'mem', method: 'ping' }))).status).toBe(403)
  })

  it('forwards notifications/message and answers { success: true }', async () => {
    const mem = inMemoryServer()
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }] })
    const response = await handler(
      post({ serverHash: 'x', serverId: 'mem', method: 'notifications/message', params: { level: 'info', data: 'hi' } }),
    )
    expect(await response.json()).toEqual({ success: true })
    await handler.close()
  })
})

describe('createMcpProxyHandler resource listings', () => {
  it('relays resources/list and resources/templates/list, the listings an ext-apps App sends', async () => {
    const mem = inMemoryServer()
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }] })
    const resources = await (await handler(post({ serverHash: 'x', serverId: 'mem', method: 'resources/list', params: {} }))).json()
    expect(resources).toEqual({ resources: [{ name: 'notes', uri: 'notes://today', mimeType: 'text/plain' }] })
    const templates = await (await handler(post({ serverHash: 'x', serverId: 'mem', method: 'resources/templates/list' }))).json()
    expect(templates).toEqual({ resourceTemplates: [{ name: 'note', uriTemplate: 'notes://{day}', mimeType: 'text/plain' }] })
    const refused = await handler(post({ serverHash: 'x', serverId: 'mem', method: 'prompts/list' }))
    expect([refused.status, (await refused.json()).code]).toEqual([403, 'method_not_proxied'])
    await handler.close()
  })
})

describe('createMcpProxyHandler server lookup', () => {
  const url = 'https://mcp.example.com/mcp'

  it('finds URL servers by hash, by id, and by the middleware-style serverId alias', async () => {
    const mem = inMemoryServer()
    const handler = proxy({
      servers: [{ id: 'factory', type: 'http', url, connect: mem.connect }],
    })
    const hash = computeServerHash({ type: 'http', url })
    expect((await handler(post({ serverHash: hash, method: 'ping' }))).status).toBe(200)
    expect((await handler(post({ serverHash: 'nope', serverId: 'factory', method: 'ping' }))).status).toBe(200)
    // An unknown id falls back to the hash, as in the middleware.
    expect((await handler(post({ serverHash: hash, serverId: 'other', method: 'ping' }))).status).toBe(200)
    const unknown = await handler(post({ serverHash: 'nope', serverId: 'other', method: 'ping' }))
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Unknown server: other', code: 'unknown_server' }])
    await handler.close()
  })

  it('two servers on one endpoint: reachable by id only, and both need an id', async () => {
    const a = inMemoryServer()
    const b = inMemoryServer()
    const handler = proxy({
      servers: [
        { id: 'a', type: 'http', url, connect: a.connect },
        { id: 'b', type: 'http', url, connect: b.connect },
      ],
    })
    const hash = computeServerHash({ type: 'http', url })
    expect((await handler(post({ serverHash: hash, method: 'ping' }))).status).toBe(404)
    expect((await handler(post({ serverHash: hash, serverId: 'b', method: 'ping' }))).status).toBe(200)
    expect([a.stats.connects, b.stats.connects]).toEqual([0, 1])
    await handler.close()
    const misuse = (fn: () => unknown) => {
      try {
        fn()
      } catch (e) {
        return McpHitlError.isInstance(e) && e.code
      }
      return 'no error'
    }
    expect(
      misuse(() =>
        proxy({
          servers: [
            { type: 'http', url },
            { id: 'b', type: 'http', url },
          ],
        }),
      ),
    ).toBe('misuse')
    expect(misuse(() => proxy({ servers: [{ id: 'a', type: 'http', url }, { id: 'a', type: 'sse', url }] }))).toBe(
      'misuse',
    )
  })

  it('refuses, at creation, a URL server with credentials or a non-http scheme, without echoing the password', () => {
    for (const url of ['https://user:pw@mcp.example.com/mcp', 'file:///etc/passwd', 'not a url']) {
      let error: unknown
      try {
        proxy({ servers: [{ id: 'bad', type: 'http', url }] })
      } catch (e) {
        error = e
      }
      expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
      expect((error as Error).message).toContain('without credentials')
      expect((error as Error).message).not.toContain('pw')
    }
  })

})

describe('createMcpProxyHandler sessions', () => {
  it('refuses to be created without getSessionId', () => {
    let error: unknown
    try {
      createMcpProxyHandler({ servers: [] } as unknown as McpProxyHandlerOptions)
    } catch (e) {
      error = e
    }
    expect(McpHitlError.isInstance(error) && [error.code, error.message]).toEqual(['misuse', expect.stringContaining('getSessionId')])
  })

  it('answers 403 to a caller without a session before looking at the body: even a malformed one', async () => {
    const mem = inMemoryServer()
    const handler = proxy({ servers: [{ id: 'mem', connect: mem.connect }] })
    for (const body of ['{', JSON.stringify({ method: 'ping' }), JSON.stringify({ serverHash: 'x', serverId: 'mem', method: 'ping' })]) {
      const response = await handler(post(body, { 'x-session': '' }))
      expect([response.status, await response.json()]).toEqual([403, { error: 'No session', code: 'forbidden' }])
    }
    expect(mem.stats.connects).toBe(0)
    await handler.close()
  })

  it('the documented recipe cannot be bypassed with any cookie: `curl -H "Cookie: x=1"` gets 403 and reaches no tool', async () => {
    const mem = inMemoryServer()
    // The recipe of docs/mcp-apps-ai-sdk.md: the app's own session, as the respond route resolves it.
    const sessions = new Set(['s3cr3t-session'])
    const readSid = sessionFromCookie('sid')
    const handler = createMcpProxyHandler({
      servers: [{ id: 'mem', connect: mem.connect }],
      getSessionId: async (request) => {
        const id = await readSid(request)
        return id && sessions.has(id) ? id : undefined
      },
    })
    const body = { serverHash: 'x', serverId: 'mem', method: 'tools/call', params: { name: 'app_tool', arguments: {} } }
    for (const cookie of ['x=1', 'sid=guess', 'sid=']) {
      const response = await handler(post(body, { cookie, 'x-session': '' }))
      expect([cookie, response.status]).toEqual([cookie, 403])
    }
    expect(mem.stats).toMatchObject({ connects: 0, lists: 0 })
    expect((await handler(post(body, { cookie: 'sid=s3cr3t-session' }))).status).toBe(200)
    await handler.close()
  })

  it('reports a throwing getSessionId to onError and answers 500 internal', async () => {
    const errors: McpProxyErrorEvent[] = []
    const handler = proxy({
      servers: [],
      getSessionId: () => {
        throw new Error('session store down')
      },
      onError: (e) => errors.push(e),
    })
    const response = await handler(post({ serverHash: 'x', method: 'ping' }))
    expect([response.status, await response.json()]).toEqual([500, { error: 'Could not resolve the session', code: 'internal' }])
    expect(errors).toEqual([{ error: expect.objectContaining({ message: 'session store down' }) }])
  })
})
