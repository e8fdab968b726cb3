// @module-tag security
/**
 * Integration: a real MCP server (TypeScript SDK, Streamable HTTP) behind `createMcpProxyHandler`
 * served by node:http, driven by `createHttpProxyTransport` as an app frame would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../src/errors'
import { MCP_APP_MIME_TYPE, type ReadResourceResult } from '../../src/apps/protocol'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import { createMcpProxyHandler, type McpProxyErrorEvent, type McpProxyHandler } from '../../src/server/apps/mcp-proxy-handler'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { APP_CSP, APP_HTML, APP_URI, type McpAppServer, SECRET, startMcpAppServer } from './mcp-app-server'
import { serveFetch, type TestHttpServer as ServedFetch } from '../../src/server/testing/node-http-bridge'

let mcp: McpAppServer
let proxy: ServedFetch
let handler: McpProxyHandler
let serverHash = ''
const errors: McpProxyErrorEvent[] = []

beforeAll(async () => {
  mcp = await startMcpAppServer()
  serverHash = computeServerHash({ type: 'http', url: mcp.url })
  handler = createMcpProxyHandler({
    servers: [{ id: 'weather', type: 'http', url: mcp.url }],
    getSessionId: () => 'local',
    onError: (event) => errors.push(event),
    maxBodyBytes: 16 * 1024,
  })
  proxy = await serveFetch(handler)
})

afterAll(async () => {
  await handler.close()
  await proxy.close()
  await mcp.stop()
})

const transport = () => createHttpProxyTransport({ url: `${proxy.url}/mcp-proxy` })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => {
      if (!McpHitlError.isInstance(e)) throw e
      return { code: e.code, status: e.status, message: e.message }
    },
  )

describe('createMcpProxyHandler + createHttpProxyTransport against a real MCP server', () => {
  it('reads the ui:// resource by serverId', async () => {
    const result = (await transport().request({
      serverHash,
      serverId: 'weather',
      method: 'resources/read',
      params: { uri: APP_URI },
    })) as ReadResourceResult
    expect(result.contents[0]).toMatchObject({ uri: APP_URI, mimeType: MCP_APP_MIME_TYPE, text: APP_HTML })
    expect(result.contents[0]?._meta?.ui?.csp).toEqual(APP_CSP)
  })

  it('calls an app-only tool, found by serverHash alone', async () => {
    const result = await transport().request({
      serverHash,
      method: 'tools/call',
      params: { name: 'refresh_weather', arguments: { city: 'Oslo' } },
    })
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Still sunny in Oslo' }] })
    expect(mcp.calls).toContain('refresh_weather:Oslo')
  })

  it('calls a tool visible to both model and app (default visibility)', async () => {
    const result = await transport().request({
      serverHash,
      serverId: 'weather',
      method: 'tools/call',
      params: { name: 'show_weather', arguments: { city: 'Rome' } },
    })
    expect(result).toMatchObject({ structuredContent: { city: 'Rome', temp: 21 } })
  })

  it('refuses a model-only tool with 403, without calling it', async () => {
    const before = mcp.calls.length
    const error = await failure(
      transport().request({ serverHash, method: 'tools/call', params: { name: 'delete_all_forecasts' } }),
    )
    expect(error).toMatchObject({ code: 'tool_not_app_visible', status: 403 })
    expect(error.message).toContain('visibility')
    expect(mcp.calls.slice(before)).toEqual([])
  })

  it('answers 404 for an unknown tool and an unknown server', async () => {
    expect(
      await failure(transport().request({ serverHash, method: 'tools/call', params: { name: 'nope', arguments: {} } })),
    ).toMatchObject({ status: 404, message: 'Unknown tool: nope' })
    expect(
      await failure(transport().request({ serverHash: 'f'.repeat(32), serverId: 'other', method: 'ping' })),
    ).toMatchObject({ status: 404, message: 'Unknown server: other' })
  })

  it('refuses methods outside the allowlist with 403', async () => {
    const response = await fetch(`${proxy.url}/mcp-proxy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serverHash, method: 'tools/list' }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'MCP method not allowed for UI proxy: tools/list', code: 'method_not_proxied' })
  })

  it('does not leak upstream error details; they go to onError', async () => {
    const error = await failure(
      transport().request({ serverHash, method: 'resources/read', params: { uri: `ui://missing/${SECRET}` } }),
    )
    expect(error).toEqual({ code: 'upstream_failed', status: 502, message: 'MCP request failed' })
    expect(errors.at(-1)).toMatchObject({ serverId: 'weather', serverHash, method: 'resources/read' })
    expect(String((errors.at(-1)?.error as Error | undefined)?.message)).toContain('missing')
  })

  it('passes a failing tool through as an isError result (the tool ran), without a stack', async () => {
    const result = await transport().request({ serverHash, method: 'tools/call', params: { name: 'crash' } })
    // The SDK server turns a thrown error into `isError`; that is the tool's own answer to the app.
    expect(result).toMatchObject({ isError: true })
    expect(JSON.stringify(result)).not.toContain('at ')
  })

  it('reuses one MCP session across requests (one initialize)', async () => {
    const before = mcp.initializeCount()
    for (let i = 0; i < 5; i++) await transport().request({ serverHash, method: 'ping' })
    await Promise.all(Array.from({ length: 5 }, () => transport().request({ serverHash, method: 'ping' })))
    expect(mcp.initializeCount() - before).toBe(0)
    expect(mcp.initializeCount()).toBe(1)
  })

  it('reconnects after the server forgot the session, retrying the call once', async () => {
    const before = mcp.initializeCount()
    await mcp.dropSessions()
    const result = await transport().request({
      serverHash,
      method: 'tools/call',
      params: { name: 'refresh_weather', arguments: { city: 'Lima' } },
    })
    expect(result).toMatchObject({ content: [{ text: 'Still sunny in Lima' }] })
    expect(mcp.initializeCount()).toBe(before + 1)
    expect(mcp.calls.filter((c) => c === 'refresh_weather:Lima')).toHaveLength(1)
  })

  it('answers 400 / 405 / 413 / 415 for malformed requests, with the code of the one error table', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${proxy.url}/mcp-proxy`, { method: 'POST', headers: { 'content-type': type }, body })
    expect((await post('{')).status).toBe(400)
    expect((await post(JSON.stringify({ method: 'ping' }))).status).toBe(400)
    expect((await post(JSON.stringify({ serverHash, method: 'ping' }), 'text/plain')).status).toBe(415)
    const utf16 = await post(JSON.stringify({ serverHash, method: 'ping' }), 'application/json; charset=utf-16')
    expect([utf16.status, ((await utf16.json()) as { code: string }).code]).toEqual([415, 'unsupported_media_type'])
    expect((await post(JSON.stringify({ serverHash, method: 'ping', params: { pad: 'x'.repeat(20_000) } }))).status).toBe(
      413,
    )
    const get = await fetch(`${proxy.url}/mcp-proxy`)
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST'])
    expect(await get.json()).toEqual({ error: 'Use POST', code: 'method_not_allowed' })
  })
})
