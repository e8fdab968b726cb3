// @module-tag security
/**
 * Drop-in: the kit's `createMcpAppsMiddleware` and the real `MCPAppsMiddleware`
 * (@ag-ui/mcp-apps-middleware 0.1.1) side by side, on the same scripted agent (`@ag-ui/client`
 * 1.0.0, so the client's own enforcement and verification run on both outputs) and the same real
 * MCP servers: the tools offered to the model, the event sequence of a UI tool call, the `mcp-apps`
 * activity content, proxied requests and their error strings, configuration rules. Then the
 * deliberate differences, each shown on both.
 */
import type { RunAgentInput } from '@ag-ui/client'
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MCP_APP_MIME_TYPE, type McpAppsActivityContent } from '../../src/apps/protocol'
import { McpHitlError } from '../../src/errors'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { APP_HTML, APP_URI, type McpAppServer, startMcpAppServer } from '../apps/mcp-app-server'
import { type HitlAppServer, startHitlAppServer } from './hitl-app-server'
import { type Script, ScriptedAgent, toolCall } from './scripted-agent'

let weather: McpAppServer
let weather2: McpAppServer
let trips: HitlAppServer
const kits: McpAppsMiddleware[] = []

beforeAll(async () => {
  ;[weather, weather2, trips] = await Promise.all([startMcpAppServer(), startMcpAppServer(), startHitlAppServer()])
})
afterAll(async () => {
  await Promise.all(kits.map((kit) => kit.close()))
  await Promise.all([weather.stop(), weather2.stop(), trips.close()])
})

type Servers = { type: 'http'; url: string; serverId?: string }[]

function kit(mcpServers: Servers, options: Parameters<typeof createMcpAppsMiddleware>[0] = {}): McpAppsMiddleware {
  const created = createMcpAppsMiddleware({ mcpServers, ...options })
  kits.push(created)
  return created
}

/**
 * The same script behind each middleware; the kit's is bound to a caller session, as a route binds
 * it. Its early activities (an app shown when its call starts) are off unless asked for: they are
 * one of the deliberate differences, shown below.
 */
function pair(mcpServers: Servers, script: Script, options: { earlyActivities?: boolean } = {}) {
  const real = new ScriptedAgent(script)
  real.use(new MCPAppsMiddleware({ mcpServers }))
  const ours = new ScriptedAgent(script)
  ours.use(kit(mcpServers, { earlyActivities: options.earlyActivities ?? false }).forSession('alice'))
  return { real, ours }
}

// The names the kit adds to the activity content (for the frame's accessible name and host bar).
const withoutNames = (events: Event[]) =>
  events.map((e) => {
    if (e.type !== 'ACTIVITY_SNAPSHOT') return e
    const { toolName: _t, serverName: _s, ...content } = e.content as Record<string, unknown>
    return { ...e, content }
  })

type Event = { type: string; [key: string]: unknown }

async function run(agent: ScriptedAgent, forwardedProps?: Record<string, unknown>) {
  const events: Event[] = []
  const { result, newMessages } = await agent.runAgent(forwardedProps ? { forwardedProps } : {}, {
    onEvent: ({ event }) => void events.push(structuredClone(event) as unknown as Event),
  })
  return { events, result, newMessages }
}

// The offered tools that name a UI resource (all that 0.1.1 offers).
const uiTools = (agent: ScriptedAgent) => agent.inputs[0]?.tools.filter((t) => t.description.includes('\n[UI Resource: '))

// Random ids (and each agent's own thread and run ids) differ between any two runs; everything else must not.
const withoutIds = (events: Event[]) => events.map(({ messageId: _m, timestamp: _t, threadId: _th, runId: _r, ...rest }) => rest)

const callOnce: Script = (input) => (input.messages.some((m) => m.role === 'tool') ? [] : toolCall('c1', 'show_weather', { city: 'Paris' }))

describe('drop-in for MCPAppsMiddleware 0.1.1', () => {
  it('offers the model the same UI tools (UI resource and model visibility), with the same definitions', async () => {
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], () => [])
    await run(real)
    await run(ours)
    expect(uiTools(ours)).toEqual(uiTools(real))
    expect(uiTools(ours)?.map((t) => t.name)).toEqual(['show_weather'])
    expect(uiTools(ours)?.[0]?.description).toBe(`Shows the weather for a city in an app\n[UI Resource: ${APP_URI}]`)
  })

  it('a UI tool call: same event sequence, same TOOL_CALL_RESULT, same mcp-apps activity content', async () => {
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], callOnce)
    const a = await run(real)
    const b = await run(ours)
    expect(b.events.map((e) => e.type)).toEqual(a.events.map((e) => e.type))
    expect(b.events.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'ACTIVITY_SNAPSHOT',
      'RUN_FINISHED',
    ])
    expect(withoutIds(withoutNames(b.events))).toEqual(withoutIds(a.events))
    const activity = b.events.find((e) => e.type === 'ACTIVITY_SNAPSHOT')?.content as McpAppsActivityContent
    expect(activity).toEqual({
      result: { content: [{ type: 'text', text: 'Sunny in Paris' }], structuredContent: { city: 'Paris', temp: 21 } },
      resourceUri: APP_URI,
      serverHash: computeServerHash({ type: 'http', url: weather.url }),
      serverId: 'weather',
      toolInput: { city: 'Paris' },
      toolName: 'show_weather',
      serverName: 'weather',
    })
    expect(b.newMessages.map((m) => m.role)).toEqual(a.newMessages.map((m) => m.role))
  })

  it('a tool that reports isError: same events (the app still shows), and the kit marks the failure in metadata', async () => {
    const script: Script = (input) => (input.messages.some((m) => m.role === 'tool') ? [] : toolCall('c1', 'fail_trip'))
    const { real, ours } = pair([{ type: 'http', url: trips.url }], script)
    const a = await run(real)
    const b = await run(ours)
    expect(b.events.map((e) => e.type)).toEqual(a.events.map((e) => e.type))
    const result = (events: Event[]) => events.find((e) => e.type === 'TOOL_CALL_RESULT')
    expect(result(a.events)).not.toHaveProperty('metadata')
    expect(result(b.events)).toMatchObject({ content: 'No trains today', metadata: { 'ag-ui:tool-result': { error: 'No trains today' } } })
  })

  it('proxied requests: the same results and 0.1.1’s error strings, the agent never runs', async () => {
    const servers: Servers = [{ type: 'http', url: weather.url, serverId: 'weather' }]
    const serverHash = computeServerHash(servers[0]!)
    const { real, ours } = pair(servers, () => {
      throw new Error('the agent must not run for a proxied request')
    })
    const requests = [
      { serverHash, serverId: 'weather', method: 'resources/read', params: { uri: APP_URI } },
      { serverHash, method: 'tools/call', params: { name: 'refresh_weather', arguments: { city: 'Lyon' } } },
      { serverHash, method: 'ping' },
      { serverHash: 'f'.repeat(32), method: 'ping' },
      { serverHash: 'f'.repeat(32), serverId: 'nope', method: 'ping' },
      { serverHash, method: 'tools/list' },
    ]
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const request of requests) {
        const a = await run(real, { __proxiedMCPRequest: request })
        const b = await run(ours, { __proxiedMCPRequest: request })
        expect(b.result).toEqual(a.result)
        expect(b.events.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_FINISHED'])
        expect(a.events.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_FINISHED'])
      }
    } finally {
      log.mockRestore()
    }
    const read = await run(ours, { __proxiedMCPRequest: requests[0] })
    expect((read.result as { contents: { mimeType: string; text: string }[] }).contents[0]).toMatchObject({ mimeType: MCP_APP_MIME_TYPE, text: APP_HTML })
    expect((await run(ours, { __proxiedMCPRequest: requests[3] })).result).toEqual({ error: `Unknown server: ${'f'.repeat(32)}` })
    expect((await run(ours, { __proxiedMCPRequest: requests[5] })).result).toEqual({ error: 'Error: MCP method not allowed for UI proxy: tools/list' })
    expect(real.inputs).toEqual([])
    expect(ours.inputs).toEqual([])
  })

  it('relays the resource listings an ext-apps App sends (listServerResources); 0.1.1 refuses them', async () => {
    const servers: Servers = [{ type: 'http', url: weather.url, serverId: 'weather' }]
    const serverHash = computeServerHash(servers[0]!)
    const { real, ours } = pair(servers, () => {
      throw new Error('the agent must not run for a proxied request')
    })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const method of ['resources/list', 'resources/templates/list']) {
        const request = { serverHash, serverId: 'weather', method, params: {} }
        expect((await run(real, { __proxiedMCPRequest: request })).result).toMatchObject({ error: expect.stringContaining('not allowed') })
        const listing = (await run(ours, { __proxiedMCPRequest: request })).result as Record<string, unknown>
        expect(listing).not.toHaveProperty('error')
        expect(Array.isArray(listing[method === 'resources/list' ? 'resources' : 'resourceTemplates'])).toBe(true)
      }
    } finally {
      log.mockRestore()
    }
    const listed = (await run(ours, { __proxiedMCPRequest: { serverHash, serverId: 'weather', method: 'resources/list' } })).result as { resources: { uri: string }[] }
    expect(listed.resources.map((r) => r.uri)).toContain(APP_URI)
  })

  it('the same configuration rules: a shared endpoint needs a serverId on each, ids are distinct', () => {
    const url = weather.url
    const both = (mcpServers: Servers) => {
      const errors: string[] = []
      for (const make of [() => new MCPAppsMiddleware({ mcpServers }), () => kit(mcpServers)]) {
        try {
          make()
          errors.push('no error')
        } catch (error) {
          errors.push(McpHitlError.isInstance(error) ? `kit: ${error.message}` : `real: ${(error as Error).message}`)
        }
      }
      return errors
    }
    expect(both([{ type: 'http', url }, { type: 'http', url, serverId: 'b' }])).toEqual([
      'real: MCP servers sharing an endpoint require distinct serverId values',
      'kit: createMcpAppsMiddleware: MCP servers sharing an endpoint require distinct serverId values; give each one a serverId',
    ])
    expect(both([{ type: 'http', url, serverId: 'a' }, { type: 'http', url: weather2.url, serverId: 'a' }])).toEqual([
      'real: MCP servers require distinct serverId values',
      'kit: createMcpAppsMiddleware: MCP servers require distinct serverId values ("a" twice)',
    ])
    expect(both([{ type: 'http', url, serverId: 'a' }, { type: 'http', url, serverId: 'b' }])).toEqual(['no error', 'no error'])
  })

  it('discoveryFailureMode: continue skips the server, throw fails the run before the agent runs', async () => {
    const down: Servers = [{ type: 'http', url: 'http://127.0.0.1:9/mcp' }, { type: 'http', url: weather.url }]
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const { real, ours } = pair(down, () => [])
      await run(real)
      await run(ours)
      expect(uiTools(ours)?.map((t) => t.name)).toEqual(uiTools(real)?.map((t) => t.name))
      for (const middleware of [new MCPAppsMiddleware({ mcpServers: down, discoveryFailureMode: 'throw' }), kit(down, { discoveryFailureMode: 'throw' })]) {
        const agent = new ScriptedAgent(() => [])
        agent.use(middleware)
        await expect(run(agent)).rejects.toThrow('MCP tool discovery failed')
        expect(agent.inputs).toEqual([])
      }
    } finally {
      log.mockRestore()
    }
  })
})

describe('where the kit deliberately differs (each shown on both)', () => {
  it('tools without UI: the kit offers the model-visible ones (and runs them as ordinary tool calls); 0.1.1 offers none', async () => {
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], () => [])
    await run(real)
    await run(ours)
    expect(real.inputs[0]?.tools.map((t) => t.name)).toEqual(['show_weather'])
    // refresh_weather is app-only: offered by neither.
    expect(ours.inputs[0]?.tools.map((t) => t.name)).toEqual(['show_weather', 'delete_all_forecasts', 'crash'])
    expect(ours.inputs[0]?.tools.find((t) => t.name === 'delete_all_forecasts')?.description).toBe('Model-only admin tool')
  })

  it('visibility: a proxied tools/call of a model-only tool is refused by the kit and never runs; 0.1.1 runs it', async () => {
    const servers: Servers = [{ type: 'http', url: weather.url, serverId: 'weather' }]
    const { real, ours } = pair(servers, () => [])
    const request = { serverHash: computeServerHash(servers[0]!), method: 'tools/call', params: { name: 'delete_all_forecasts', arguments: {} } }
    const before = weather.calls.length
    expect((await run(ours, { __proxiedMCPRequest: request })).result).toEqual({
      error: 'Error: Tool "delete_all_forecasts" is not callable from apps (its visibility lacks "app")',
    })
    expect(weather.calls.slice(before)).toEqual([])
    await run(real, { __proxiedMCPRequest: request })
    expect(weather.calls.slice(before)).toEqual(['delete_all_forecasts'])
  })

  it('sessions: one persistent MCP session per server and caller; 0.1.1 opens one per request', async () => {
    const servers: Servers = [{ type: 'http', url: weather2.url, serverId: 'w2' }]
    const request = { serverHash: computeServerHash(servers[0]!), method: 'ping' }
    const real = new ScriptedAgent(() => [])
    real.use(new MCPAppsMiddleware({ mcpServers: servers }))
    const middleware = kit(servers)
    const alice = new ScriptedAgent(callOnce)
    alice.use(middleware.forSession('alice'))
    const bob = new ScriptedAgent(() => [])
    bob.use(middleware.forSession('bob'))

    let before = weather2.initializeCount()
    for (let i = 0; i < 3; i++) await run(real, { __proxiedMCPRequest: request })
    expect(weather2.initializeCount() - before).toBe(3)

    before = weather2.initializeCount()
    await run(alice) // discovery + a UI tool call + the resumed agent
    for (let i = 0; i < 3; i++) await run(alice, { __proxiedMCPRequest: request })
    await run(bob, { __proxiedMCPRequest: request })
    await run(bob, { __proxiedMCPRequest: request })
    expect(weather2.initializeCount() - before).toBe(2)
  })

  it('same-named tools on two servers: both reachable through the kit (qualified names); 0.1.1 offers both names, one server answers', async () => {
    const servers: Servers = [
      { type: 'http', url: weather.url, serverId: 'north' },
      { type: 'http', url: weather2.url, serverId: 'south' },
    ]
    const script: Script = (input, n) => {
      if (input.messages.some((m) => m.role === 'tool')) return []
      const names = input.tools.map((t) => t.name).filter((name) => name.includes('show_weather'))
      return names.flatMap((name, i) => toolCall(`c${n}_${i}`, name, { city: `City${i}` }))
    }
    const { real, ours } = pair(servers, script)
    const before = [weather.calls.length, weather2.calls.length]
    const a = await run(real)
    expect(real.inputs[0]?.tools.map((t) => t.name)).toEqual(['show_weather', 'show_weather'])
    const realCalls = [weather.calls.slice(before[0]), weather2.calls.slice(before[1])]
    expect(realCalls).toEqual([[], ['show_weather:City0', 'show_weather:City1']])
    const middle = [weather.calls.length, weather2.calls.length]
    const b = await run(ours)
    expect(ours.inputs[0]?.tools.map((t) => t.name).filter((name) => name.includes('show_weather'))).toEqual(['north__show_weather', 'south__show_weather'])
    expect([weather.calls.slice(middle[0]), weather2.calls.slice(middle[1])]).toEqual([['show_weather:City0'], ['show_weather:City1']])
    const serverIds = (events: Event[]) =>
      events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT').map((e) => (e.content as McpAppsActivityContent).serverId)
    expect(serverIds(a.events)).toEqual(['south', 'south'])
    expect(serverIds(b.events)).toEqual(['north', 'south'])
  })

  it('the app is shown when its call starts (pending, then the result under the same id); 0.1.1 shows it with the result only', async () => {
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], callOnce, { earlyActivities: true })
    const a = await run(real)
    const b = await run(ours)
    expect(a.events.map((e) => e.type)).toEqual(['RUN_STARTED', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT', 'ACTIVITY_SNAPSHOT', 'RUN_FINISHED'])
    expect(b.events.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'ACTIVITY_SNAPSHOT',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'ACTIVITY_SNAPSHOT',
      'RUN_FINISHED',
    ])
    const [pending, final] = b.events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT')
    expect(pending).toMatchObject({
      messageId: 'mcp-apps:c1',
      activityType: 'mcp-apps',
      replace: true,
      content: {
        status: 'input-streaming',
        toolCallId: 'c1',
        resourceUri: APP_URI,
        serverHash: computeServerHash({ type: 'http', url: weather.url }),
        serverId: 'weather',
        toolName: 'show_weather',
      },
    })
    expect(pending?.content).not.toHaveProperty('result')
    expect(final).toMatchObject({ messageId: 'mcp-apps:c1', content: { result: { structuredContent: { city: 'Paris', temp: 21 } } } })
    // One activity message in the end: the result replaced the pending content in place.
    expect(b.newMessages.filter((m) => m.role === 'activity')).toHaveLength(1)
    expect(b.newMessages.map((m) => m.role)).toEqual(a.newMessages.map((m) => m.role))
  })

  it('only this run’s UI tool calls run: 0.1.1 also re-runs an unresolved call from the history', async () => {
    const history: RunAgentInput['messages'] = [
      { id: 'u0', role: 'user', content: 'weather?' },
      { id: 'a0', role: 'assistant', toolCalls: [{ id: 'old', type: 'function', function: { name: 'show_weather', arguments: '{"city":"Oslo"}' } }] },
    ]
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], () => [])
    real.setMessages(history)
    ours.setMessages(history)
    const before = weather.calls.length
    await run(ours)
    expect(weather.calls.slice(before)).toEqual([])
    await run(real)
    expect(weather.calls.slice(before)).toEqual(['show_weather:Oslo'])
  })

  it('the README’s tool chain: the kit resumes the agent with the UI tool’s result, in the same run; 0.1.1 stops', async () => {
    const script: Script = (input) =>
      input.messages.some((m) => m.role === 'tool')
        ? [{ type: 'TEXT_MESSAGE_CHUNK', messageId: 'done', role: 'assistant', delta: 'It is sunny.' }]
        : toolCall('c1', 'show_weather', { city: 'Paris' })
    const { real, ours } = pair([{ type: 'http', url: weather.url, serverId: 'weather' }], script)
    const a = await run(real)
    const b = await run(ours)
    expect(real.inputs).toHaveLength(1)
    expect(ours.inputs).toHaveLength(2)
    const resumed = ours.inputs[1]!
    expect(resumed.threadId).toBe(ours.inputs[0]!.threadId)
    expect(resumed.messages.map((m) => m.role)).toEqual(['assistant', 'tool'])
    expect(resumed.messages[1]).toMatchObject({ role: 'tool', toolCallId: 'c1', content: 'Sunny in Paris' })
    expect(b.events.filter((e) => e.type === 'RUN_STARTED')).toHaveLength(1)
    expect(b.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', runId: b.events[0]?.runId })
    expect(b.newMessages.map((m) => m.role)).toEqual(['assistant', 'tool', 'activity', 'assistant'])
    expect(a.newMessages.map((m) => m.role)).toEqual(['assistant', 'tool', 'activity'])
  })
})
