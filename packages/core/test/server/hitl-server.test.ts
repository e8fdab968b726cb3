/**
 * `createHitlServer`: one object owns the session resolver, the broker and one MCP connection pool,
 * answers every route under one base path, and the integrations take it. The AG-UI flow below is
 * the one a new user writes, counted in kit lines; the pool is seen as MCP `initialize` calls on a
 * real MCP server (TypeScript SDK, Streamable HTTP) on 127.0.0.1.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { HttpAgent, type RunAgentInput } from '@ag-ui/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAgUiProxyTransport } from '../../src/apps/transports/ag-ui'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import { McpHitlError } from '../../src/errors'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { connectMcpTools } from '../../src/server/ai-sdk/connect-mcp-tools'
import { createHitlServer, type HitlServer } from '../../src/server/hitl-server'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { ScriptedAgent, toolCall } from '../ag-ui/scripted-agent'
import { startRun } from '../ag-ui/run-recorder'
import { APP_URI, type McpAppServer, startMcpAppServer } from '../apps/mcp-app-server'

let weather: McpAppServer
let web: TestHttpServer
let hitl: HitlServer

// The agent asks for the weather app once, then ends its turn.
const agent = new ScriptedAgent((input: RunAgentInput) => (input.messages.some((m) => m.role === 'tool') ? [] : toolCall('c1', 'show_weather', { city: 'Paris' })))

beforeAll(async () => {
  weather = await startMcpAppServer()
  const url = weather.url
  // flow:ag-ui:start
  hitl = createHitlServer({ getSessionId: sessionFromHeader('x-session'), servers: [{ id: 'weather', title: 'Weather', type: 'http', url }] })
  const agUi = createAgUiHandler(hitl, { agent: () => agent })
  const api = (request: Request) => (new URL(request.url).pathname === '/api/ag-ui' ? agUi(request) : hitl.fetch(request))
  // flow:ag-ui:end
  web = await startTestHttpServer(toNodeListener(api))
})

afterAll(async () => {
  await hitl?.close()
  await web?.close()
  await weather?.stop()
})

const KIT_NAMES = ['createHitlServer', 'createAgUiHandler', 'connectMcpTools', 'sessionFromHeader', 'hitl.', 'agUi(']

/** Lines of this file between `flow:<name>:start` and its end that import from or call the kit. */
function kitLines(name: string): string[] {
  const source = readFileSync(fileURLToPath(import.meta.url), 'utf8')
  const flow = source.slice(source.indexOf(`// flow:${name}:start`), source.indexOf(`// flow:${name}:end`))
  return flow.split('\n').filter((line) => KIT_NAMES.some((kit) => line.includes(kit)))
}

const headers = (session: string) => ({ 'x-session': session })

describe('createHitlServer', () => {
  it('the AG-UI flow takes 10 kit lines or fewer, and a user turn shows the app', async () => {
    expect(kitLines('ag-ui').length).toBeLessThanOrEqual(10)
    const run = startRun(new HttpAgent({ url: `${web.url}/api/ag-ui`, headers: headers('alice') }), 'Weather in Paris?')
    await run.done
    const activity = run.events.find((event) => event.type === 'ACTIVITY_SNAPSHOT' && event.activityType === 'mcp-apps')
    expect(activity?.content).toMatchObject({ serverId: 'weather', serverName: 'Weather', toolName: 'show_weather', resourceUri: APP_URI })
    expect(weather.calls).toContain('show_weather:Paris')
  })

  it('one MCP connection pool: a caller’s turn, proxied reads and app tool calls over both routes open one connection of the caller’s', async () => {
    const read = { serverHash: '', serverId: 'weather', method: 'resources/read' as const, params: { uri: APP_URI } }
    const refresh = { serverHash: '', serverId: 'weather', method: 'tools/call' as const, params: { name: 'refresh_weather', arguments: { city: 'Paris' } } }
    /** Everything a page does with the server, as `session`; resolves with the `initialize` calls it caused. */
    const visit = async (session: string) => {
      const before = weather.initializeCount()
      await startRun(new HttpAgent({ url: `${web.url}/api/ag-ui`, headers: headers(session) }), 'Weather in Paris?').done
      const viaHttp = createHttpProxyTransport({ url: `${web.url}/api/hitl/mcp-proxy`, headers: headers(session) })
      const viaAgUi = createAgUiProxyTransport({ url: `${web.url}/api/ag-ui`, headers: headers(session) })
      for (const transport of [viaHttp, viaAgUi]) {
        expect(await transport.request(read)).toMatchObject({ contents: [{ uri: APP_URI }] })
        expect(await transport.request(refresh)).toMatchObject({ content: [{ text: 'Still sunny in Paris' }] })
      }
      return weather.initializeCount() - before
    }
    // The first caller may also open the one connection every caller shares.
    expect(await visit('carol')).toBeLessThanOrEqual(2)
    expect(await visit('dan')).toBe(1)
  })

  it('answers the page’s routes under its base path, and names the routes it has for any other', async () => {
    const pending = await hitl.fetch(new Request('http://host/api/hitl/pending', { headers: headers('alice') }))
    expect([pending.status, await pending.json()]).toEqual([200, { elicitations: [] }])
    const respond = await hitl.fetch(
      new Request('http://host/api/hitl/respond', { method: 'POST', headers: { ...headers('alice'), 'content-type': 'application/json' }, body: JSON.stringify({ id: 'x', action: 'cancel' }) }),
    )
    expect(respond.status).toBe(404)
    const events = await hitl.fetch(new Request('http://host/api/hitl/events', { headers: headers('alice') }))
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await events.body?.cancel()
    expect((await hitl.fetch(new Request('http://host/api/hitl/pending'))).status).toBe(403)
    const other = await hitl.fetch(new Request('http://host/api/hitl/toString'))
    expect(other.status).toBe(404)
    expect((await other.json()).error).toContain('/api/hitl/respond, /api/hitl/pending, /api/hitl/events, /api/hitl/mcp-proxy')
  })

  it('connectMcpTools(hitl, …) resolves the chat request’s session and refuses a request without one', async () => {
    const writer = { write: () => undefined }
    const refused = await connectMcpTools(hitl, { request: new Request('http://host/api/chat'), writer }).catch((error: unknown) => error)
    expect(McpHitlError.isInstance(refused) && [refused.code, refused.status]).toEqual(['forbidden', 403])
    const mcp = await connectMcpTools(hitl, { request: new Request('http://host/api/chat', { headers: headers('alice') }), writer })
    try {
      expect(Object.keys(mcp.tools)).toContain('show_weather')
      expect(Object.keys(mcp.tools)).not.toContain('refresh_weather')
    } finally {
      await mcp.close()
    }
  })

  it('refuses to be built without getSessionId or with a base path that is not one', () => {
    const servers = [{ id: 'w', type: 'http' as const, url: weather.url }]
    expect(() => createHitlServer({ servers } as never)).toThrow(/getSessionId/)
    expect(() => createHitlServer({ getSessionId: () => 'a', servers, basePath: 'api' })).toThrow(/basePath/)
  })

  it('close() ends the MCP connections it holds and the broker', async () => {
    const own = createHitlServer({ getSessionId: () => 'dave', servers: [{ id: 'weather', type: 'http', url: weather.url }] })
    const before = weather.sessionCount()
    await createHttpProxyTransport({ url: 'http://host/api/hitl/mcp-proxy', fetch: (input, init) => own.fetch(new Request(input, init)) }).request({
      serverHash: '',
      serverId: 'weather',
      method: 'ping',
    })
    expect(weather.sessionCount()).toBe(before + 1)
    await own.close()
    await expect.poll(() => weather.sessionCount()).toBe(before)
    // A closed broker asks no one: a late request is declined at once.
    expect(await own.broker.request({ message: 'late', requestedSchema: { type: 'object', properties: {} } }, { sessionId: 'dave' })).toEqual({ action: 'decline' })
  })
})
