// @module-tag security
/**
 * One identity for each server, from the host, on every path. The server below is configured by the
 * host as "Weather" but calls itself "Acme Chat" (with a lock icon) and asks for an "Acme Chat
 * password": on every path the request is named by the host's title, the server's name comes only as
 * its claim, and what raised the request (the tool call, the app) is said when the host can tell and
 * left out when it cannot. Real MCP SDK server over Streamable HTTP on 127.0.0.1, real proxy handler,
 * real kit middleware and `connectMcpTools`, memory broker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { Observable } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import type { ElicitationDataPart, ElicitationRequestData } from '../../src/elicitation/wire'
import { createMcpAppsGuard } from '../../src/server/ag-ui/mcp-apps-guard'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import type { McpAppsDataPart } from '../../src/server/apps/mcp-apps-data-part'
import { createMcpProxyHandler, type McpProxyHandler } from '../../src/server/apps/mcp-proxy-handler'
import { connectMcpTools, type McpTools } from '../../src/server/ai-sdk/connect-mcp-tools'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { serveFetch, type TestHttpServer } from '../../src/server/testing/node-http-bridge'
import { type ServedMcpSessions, serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'
import { ScriptedAgent, toolCall } from '../ag-ui/scripted-agent'
import { createImpostorServer, FORECAST_URI, LOCK_ICON } from './impostor-server'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function start() {
  const mcp: ServedMcpSessions = await serveMcpSessions(createImpostorServer)
  const broker: ElicitationBroker = createElicitationBroker({ ttlMs: 60_000 })
  closers.push(() => mcp.close(), () => broker.close())
  return { mcp, broker }
}

async function pendingOf(broker: ElicitationBroker, user: string, count = 1): Promise<ElicitationRequestData[]> {
  for (let i = 0; i < 300; i++) {
    const pending = await broker.listPending(user)
    if (pending.length >= count) return pending
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${user} has fewer than ${count} pending elicitations`)
}

/** The identity the host gave, the claim apart: what every path must produce for the impostor. */
const HOST_NAMED = { serverName: 'Weather', serverTitle: 'Weather', serverClaimedName: 'Acme Chat', serverIcon: LOCK_ICON }

describe('the MCP proxy handler (an app’s button, app -> proxy -> server -> elicitation)', () => {
  async function proxyFor(title: string | undefined) {
    const { mcp, broker } = await start()
    const handler: McpProxyHandler = createMcpProxyHandler({
      servers: [{ id: 'weather', type: 'http', url: mcp.url, ...(title ? { title } : {}) }],
      getSessionId: sessionFromHeader('x-user'),
      broker,
    })
    const web: TestHttpServer = await serveFetch(handler)
    closers.push(() => web.close(), () => handler.close())
    const transport = createHttpProxyTransport({ url: `${web.url}/mcp-proxy`, headers: { 'x-user': 'alice' } })
    const call = (name: string, args: Record<string, unknown>) => transport.request({ serverHash: '', serverId: 'weather', method: 'tools/call', params: { name, arguments: args } })
    return { broker, call }
  }

  it('names the request by the host’s title, the server’s own name only as its claim, and says which app and tool asked', async () => {
    const { broker, call } = await proxyFor('Weather')
    const result = call('sign_in', { city: 'Oslo', apiKey: 'sk-live-123', days: 3, units: 'metric' })
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject({ ...HOST_NAMED, message: 'Acme Chat needs your password to continue' })
    expect(pending?.raisedBy).toEqual({
      toolName: 'sign_in',
      toolTitle: 'Sign in',
      // A few arguments, the sensitive-looking one hidden, the rest counted.
      arguments: [{ name: 'city', value: 'Oslo' }, { name: 'apiKey', hidden: true }, { name: 'days', value: '3' }],
      moreArguments: 1,
      app: { resourceUri: FORECAST_URI, title: 'Forecast' },
    })
    expect(JSON.stringify(pending)).not.toContain('sk-live-123')
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await expect(result).resolves.toMatchObject({ content: [{ text: 'decline: {}' }] })
  })

  it('a server that lists no resources: the app is named by its UI resource only, and the form is not held back', async () => {
    const mcp = await serveMcpSessions(() => {
      const server = new McpServer({ name: 'bare', version: '1.0.0' })
      server.registerTool('ask', { description: 'Asks', _meta: { ui: { resourceUri: FORECAST_URI, visibility: ['app'] } } }, async () => {
        const answer = await server.server.elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })
        return { content: [{ type: 'text', text: answer.action }] }
      })
      return server
    })
    const broker = createElicitationBroker({ ttlMs: 60_000 })
    const handler = createMcpProxyHandler({ servers: [{ id: 'bare', title: 'Bare', type: 'http', url: mcp.url }], getSessionId: sessionFromHeader('x-user'), broker })
    const web = await serveFetch(handler)
    closers.push(() => mcp.close(), () => broker.close(), () => web.close(), () => handler.close())
    const transport = createHttpProxyTransport({ url: `${web.url}/mcp-proxy`, headers: { 'x-user': 'alice' } })
    const result = transport.request({ serverHash: '', serverId: 'bare', method: 'tools/call', params: { name: 'ask', arguments: {} } })
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending?.raisedBy).toEqual({ toolName: 'ask', app: { resourceUri: FORECAST_URI } })
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await expect(result).resolves.toMatchObject({ content: [{ text: 'decline' }] })
  })

  it('without a title, the server’s name is shown as its claim, never as the host’s', async () => {
    const { broker, call } = await proxyFor(undefined)
    const result = call('sign_in', { city: 'Oslo' })
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject({ serverName: 'Acme Chat', serverClaimedName: 'Acme Chat' })
    expect(pending).not.toHaveProperty('serverTitle')
    await broker.respond({ id: pending!.elicitationId, action: 'cancel' }, 'alice')
    await result
  })
})

describe('the kit’s AG-UI middleware and its sessions', () => {
  async function middlewareFor() {
    const { mcp, broker } = await start()
    const mcpApps: McpAppsMiddleware = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: mcp.url, serverId: 'weather', title: 'Weather' }], broker })
    closers.push(() => mcpApps.close())
    return { broker, mcpApps }
  }

  it('an app’s proxied call: the host’s title, the claim, the tool and the app', async () => {
    const { broker, mcpApps } = await middlewareFor()
    const agent = new ScriptedAgent(() => [])
    agent.use(mcpApps.forSession('alice'))
    const proxied = { serverHash: '', serverId: 'weather', method: 'tools/call', params: { name: 'sign_in', arguments: { city: 'Bergen' } } }
    const run = agent.runAgent({ forwardedProps: { __proxiedMCPRequest: proxied } })
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject(HOST_NAMED)
    expect(pending?.raisedBy).toEqual({
      toolName: 'sign_in',
      toolTitle: 'Sign in',
      arguments: [{ name: 'city', value: 'Bergen' }],
      app: { resourceUri: FORECAST_URI, title: 'Forecast' },
    })
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await run
  })

  it('a model’s UI tool call: its activities carry the host’s title (never the server id), its elicitation names the tool and no app', async () => {
    const { broker, mcpApps } = await middlewareFor()
    const agent = new ScriptedAgent((input) => (input.messages.some((m) => m.role === 'tool') ? [] : toolCall('c1', 'show_forecast', { city: 'Tromsø' })))
    agent.use(mcpApps.forSession('alice'))
    const activities: Record<string, unknown>[] = []
    const onEvent = ({ event }: { event: unknown }) => {
      const e = event as { activityType?: string; content?: Record<string, unknown> }
      if (e.activityType === 'mcp-apps' && e.content) activities.push(structuredClone(e.content))
    }
    const run = agent.runAgent({}, { onEvent })
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject(HOST_NAMED)
    expect(pending?.raisedBy).toEqual({ toolName: 'show_forecast', toolTitle: 'Show the forecast', arguments: [{ name: 'city', value: 'Tromsø' }] })
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await run
    expect(activities.length).toBe(2)
    for (const content of activities) expect(content).toMatchObject({ serverId: 'weather', serverTitle: 'Weather', serverName: 'Weather' })
  })
})

describe('the guard in front of the upstream MCPAppsMiddleware', () => {
  it('gives the upstream’s mcp-apps activities the host’s title for their server', async () => {
    const guard = createMcpAppsGuard({ mcpServers: [{ type: 'http', url: 'http://127.0.0.1:9/mcp', serverId: 'weather', title: 'Weather' }] })
    closers.push(() => guard.close())
    // The upstream middleware's snapshot (0.1.1 knows no names), as it leaves the chain behind the guard.
    const upstream = { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'mcp-apps', replace: true, content: { result: { content: [] }, resourceUri: FORECAST_URI, serverHash: 'x', serverId: 'weather', toolInput: {} } }
    const other = { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' }
    const next = { run: () => new Observable((subscriber) => { subscriber.next(upstream); subscriber.next(other); subscriber.complete() }) }
    const seen: unknown[] = []
    await new Promise<void>((resolve, reject) => {
      guard.forSession('alice')({ threadId: 't', runId: 'r', messages: [], tools: [] }, next).subscribe({ next: (e) => seen.push(e), error: reject, complete: resolve })
    })
    expect(seen).toEqual([{ ...upstream, content: { ...upstream.content, serverTitle: 'Weather', serverName: 'Weather' } }, other])
  })
})

describe('connectMcpTools (AI SDK)', () => {
  type Executable = { execute: (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown> }
  const run = (mcp: McpTools, name: string, input: unknown, toolCallId: string) => (mcp.tools[name] as unknown as Executable).execute(input, { toolCallId, messages: [] })

  async function connect(title: string | undefined) {
    const { mcp, broker } = await start()
    const parts: (ElicitationDataPart | McpAppsDataPart)[] = []
    const tools = await connectMcpTools({ server: { type: 'http', url: mcp.url, ...(title ? { title } : {}) }, broker, sessionId: 'alice', writer: { write: (p) => parts.push(p) } })
    closers.push(() => tools.close())
    return { broker, parts, tools }
  }

  it('names the model-raised request and the app by the host’s title, and the one call in flight raised it', async () => {
    const { broker, parts, tools } = await connect('Weather')
    const result = run(tools, 'show_forecast', { city: 'Oslo' }, 'call-1')
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject(HOST_NAMED)
    expect(pending?.raisedBy).toEqual({ toolName: 'show_forecast', toolTitle: 'Show the forecast', arguments: [{ name: 'city', value: 'Oslo' }] })
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await result
    const app = parts.find((p): p is McpAppsDataPart => p.type === 'data-mcp-apps' && 'result' in p.data)
    expect(app?.data).toMatchObject({ serverTitle: 'Weather', serverName: 'Weather' })
  })

  it('without a title: the server’s name on the app part is what it calls itself, and the elicitation marks it as its claim', async () => {
    const { broker, parts, tools } = await connect(undefined)
    const result = run(tools, 'show_forecast', { city: 'Oslo' }, 'call-1')
    const [pending] = await pendingOf(broker, 'alice')
    expect(pending).toMatchObject({ serverName: 'Acme Chat', serverClaimedName: 'Acme Chat' })
    expect(pending).not.toHaveProperty('serverTitle')
    await broker.respond({ id: pending!.elicitationId, action: 'decline' }, 'alice')
    await result
    const app = parts.find((p): p is McpAppsDataPart => p.type === 'data-mcp-apps' && 'result' in p.data)
    expect(app?.data).toMatchObject({ serverName: 'Acme Chat' })
    expect(app?.data).not.toHaveProperty('serverTitle')
  })

  it('parallel calls asking on their own response streams: each request names its own call', async () => {
    const { broker, tools } = await connect('Weather')
    const a = run(tools, 'confirm', { item: 'A' }, 'call-a')
    const b = run(tools, 'confirm', { item: 'B' }, 'call-b')
    const pending = await pendingOf(broker, 'alice', 2)
    const byMessage = Object.fromEntries(pending.map((p) => [p.message, p.raisedBy]))
    expect(byMessage).toEqual({
      'Confirm A?': { toolName: 'confirm', toolTitle: 'Confirm', arguments: [{ name: 'item', value: 'A' }] },
      'Confirm B?': { toolName: 'confirm', toolTitle: 'Confirm', arguments: [{ name: 'item', value: 'B' }] },
    })
    for (const p of pending) await broker.respond({ id: p.elicitationId, action: 'decline' }, 'alice')
    await Promise.all([a, b])
  })

  it('parallel calls asking on the session’s standalone stream: nothing says which call asked, so no tool is named', async () => {
    const { broker, tools } = await connect('Weather')
    const a = run(tools, 'ask_standalone', { item: 'A' }, 'call-a')
    const b = run(tools, 'ask_standalone', { item: 'B' }, 'call-b')
    const pending = await pendingOf(broker, 'alice', 2)
    for (const p of pending) {
      expect(p).toMatchObject({ serverTitle: 'Weather' })
      expect(p).not.toHaveProperty('raisedBy')
    }
    for (const p of pending) await broker.respond({ id: p.elicitationId, action: 'decline' }, 'alice')
    await Promise.all([a, b])
  })
})
