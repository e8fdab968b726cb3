/**
 * Integration: the real `MCPAppsMiddleware` (@ag-ui/mcp-apps-middleware 0.1.1) around an AG-UI
 * agent, driven through @ag-ui/client, against a real MCP server. Checks that our activity types
 * and server hash match what the middleware emits, and that `createAgUiProxyTransport` gets
 * proxied requests answered by it behind the kit's AG-UI route (unguarded here, to document its gaps).
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { getServerHash, MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import { Observable } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../../src/errors'
import {
  isMcpAppsActivity,
  MCP_APP_MIME_TYPE,
  MCP_APPS_ACTIVITY_TYPE,
  type McpAppsActivityContent,
  type ReadResourceResult,
} from '../../src/apps/protocol'
import { createAgUiProxyTransport } from '../../src/apps/transports/ag-ui'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { APP_HTML, APP_URI, type McpAppServer, startMcpAppServer } from './mcp-app-server'

/** A model stand-in: every user run asks for `show_weather({ city: 'Paris' })`. */
class WeatherAgent extends AbstractAgent {
  modelRuns = 0
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      this.modelRuns++
      const base = { threadId: input.threadId, runId: input.runId }
      const toolCallId = `call-${this.modelRuns}`
      const events = [
        { type: EventType.RUN_STARTED, ...base },
        { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'show_weather', parentMessageId: `m-${toolCallId}` },
        { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify({ city: 'Paris' }) },
        { type: EventType.TOOL_CALL_END, toolCallId },
        { type: EventType.RUN_FINISHED, ...base },
      ]
      for (const event of events) subscriber.next(event as BaseEvent)
      subscriber.complete()
    })
  }
}

let mcp: McpAppServer
let agent: WeatherAgent
let config: { type: 'http'; url: string; serverId: string }
let route: (request: Request) => Promise<Response>

beforeAll(async () => {
  mcp = await startMcpAppServer()
  config = { type: 'http', url: mcp.url, serverId: 'weather' }
  agent = new WeatherAgent()
  const middleware = new MCPAppsMiddleware({ mcpServers: [config] })
  agent.use(middleware)
  // The AG-UI route the page's transport posts to, served in-process.
  route = createAgUiHandler({ getSessionId: () => 'local', run: (input: RunAgentInput) => middleware.run(input, agent) })
})

const transportToRoute = () =>
  createAgUiProxyTransport({ url: 'http://127.0.0.1/api/ag-ui', fetch: async (input, init) => route(new Request(input, init)) })
afterAll(() => mcp.stop())

async function runAndCollectActivity(): Promise<{ activityType: string; content: unknown }[]> {
  const snapshots: { activityType: string; content: unknown }[] = []
  await agent.runAgent(
    {},
    {
      onActivitySnapshotEvent: ({ event }) => {
        snapshots.push({ activityType: event.activityType, content: event.content })
      },
    },
  )
  return snapshots
}

describe('MCPAppsMiddleware 0.1.1 with a real MCP server', () => {
  it('emits an ACTIVITY_SNAPSHOT whose content is McpAppsActivityContent', async () => {
    const [snapshot, ...rest] = await runAndCollectActivity()
    expect(rest).toEqual([])
    expect(isMcpAppsActivity(snapshot)).toBe(true)
    expect(snapshot?.activityType).toBe(MCP_APPS_ACTIVITY_TYPE)
    const content = snapshot?.content as McpAppsActivityContent
    expect(Object.keys(content).sort()).toEqual(['resourceUri', 'result', 'serverHash', 'serverId', 'toolInput'])
    expect(content).toMatchObject({
      resourceUri: APP_URI,
      serverId: 'weather',
      toolInput: { city: 'Paris' },
      result: { content: [{ type: 'text', text: 'Sunny in Paris' }], structuredContent: { city: 'Paris', temp: 21 } },
    })
  })

  it('uses the same serverHash as computeServerHash (headers excluded)', async () => {
    const [snapshot] = await runAndCollectActivity()
    const hash = computeServerHash(config)
    expect((snapshot?.content as McpAppsActivityContent | undefined)?.serverHash).toBe(hash)
    expect(getServerHash(config)).toBe(hash)
    expect(computeServerHash({ ...config, headers: { authorization: 'x' } } as typeof config)).toBe(hash)
  })

  it('answers proxied resources/read and tools/call through createAgUiProxyTransport, skipping the model', async () => {
    const transport = transportToRoute()
    const serverHash = computeServerHash(config)
    const modelRuns = agent.modelRuns
    const read = (await transport.request({
      serverHash,
      serverId: 'weather',
      method: 'resources/read',
      params: { uri: APP_URI },
    })) as ReadResourceResult
    expect(read.contents[0]).toMatchObject({ uri: APP_URI, mimeType: MCP_APP_MIME_TYPE, text: APP_HTML })
    const called = await transport.request({
      serverHash,
      method: 'tools/call',
      params: { name: 'refresh_weather', arguments: { city: 'Paris' } },
    })
    expect(called).toMatchObject({ content: [{ type: 'text', text: 'Still sunny in Paris' }] })
    expect(await transport.request({ serverHash, method: 'ping' })).toEqual({})
    expect(agent.modelRuns).toBe(modelRuns)
  })

  it('answers proxied requests while a user run is in progress, without running the model for them', async () => {
    const transport = transportToRoute()
    const serverHash = computeServerHash(config)
    const modelRuns = agent.modelRuns
    const userRun = agent.runAgent()
    const results = await Promise.all(
      ['A', 'B', 'C'].map((city) =>
        transport.request({ serverHash, method: 'tools/call', params: { name: 'refresh_weather', arguments: { city } } }),
      ),
    )
    await userRun
    expect(results.map((r) => (r as { content: { text: string }[] }).content[0]?.text)).toEqual([
      'Still sunny in A',
      'Still sunny in B',
      'Still sunny in C',
    ])
    expect(agent.modelRuns).toBe(modelRuns + 1)
  })

  it("turns the middleware's { error } into McpHitlError transport", async () => {
    const transport = transportToRoute()
    const unknown = await transport.request({ serverHash: 'f'.repeat(32), method: 'ping' }).catch((e: unknown) => e)
    expect(McpHitlError.isInstance(unknown) && [unknown.code, unknown.message]).toEqual([
      'transport',
      `Unknown server: ${'f'.repeat(32)}`,
    ])
    // The middleware logs upstream failures itself.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failed = await transport
      .request({ serverHash: computeServerHash(config), method: 'resources/read', params: { uri: 'ui://missing' } })
      .catch((e: unknown) => e)
    log.mockRestore()
    expect(McpHitlError.isInstance(failed) && [failed.code, failed.message]).toEqual([
      'transport',
      'MCP request failed',
    ])
  })

  it('documents the gap our proxy handler closes: the middleware lets an app call a model-only tool', async () => {
    const before = mcp.calls.length
    await transportToRoute().request({
      serverHash: computeServerHash(config),
      method: 'tools/call',
      params: { name: 'delete_all_forecasts', arguments: {} },
    })
    expect(mcp.calls.slice(before)).toEqual(['delete_all_forecasts'])
  })

  it('documents the other gap: the middleware opens a new MCP session for every proxied request', async () => {
    const transport = transportToRoute()
    const before = mcp.initializeCount()
    for (let i = 0; i < 3; i++) await transport.request({ serverHash: computeServerHash(config), method: 'ping' })
    expect(mcp.initializeCount() - before).toBe(3)
  })
})
