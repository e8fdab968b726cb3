// @module-tag security
/**
 * The visibility attack on both secure paths, through a real AG-UI route: `HttpAgent` posts a run
 * whose `forwardedProps.__proxiedMCPRequest` asks for a model-only tool, to (a) the kit middleware
 * and (b) the guard in front of the real `MCPAppsMiddleware` 0.1.1. Both refuse it and the MCP
 * server (which counts its calls) never runs it; what apps may call still works. Then the guard's
 * other checks, and both middlewares on CopilotKit's `@ag-ui/client` 0.0.59 agent.
 */
import { HttpAgent, type RunAgentInput } from '@ag-ui/client'
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import {
  AbstractAgent as AbstractAgent059,
  type BaseEvent as BaseEvent059,
  type RunAgentInput as RunAgentInput059,
} from 'ag-ui-client-0.0.59'
import { Observable } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { asAgUiMiddleware } from '../../src/server/ag-ui/as-ag-ui-middleware'
import { createMcpAppsGuard, type McpAppsGuard } from '../../src/server/ag-ui/mcp-apps-guard'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { APP_URI, type McpAppServer, startMcpAppServer } from '../apps/mcp-app-server'
import { startRun } from './run-recorder'
import { ScriptedAgent, toolCall } from './scripted-agent'

let weather: McpAppServer
let web: TestHttpServer
let mcpApps: McpAppsMiddleware
let guard: McpAppsGuard
let real: MCPAppsMiddleware
let servers: { type: 'http'; url: string; serverId: string }[]
let agent: ScriptedAgent

const callsWeather = () => toolCall('c1', 'show_weather', { city: 'Paris' })

beforeAll(async () => {
  weather = await startMcpAppServer()
  servers = [{ type: 'http', url: weather.url, serverId: 'weather' }]
  mcpApps = createMcpAppsMiddleware({ mcpServers: servers })
  guard = createMcpAppsGuard({ mcpServers: servers })
  real = new MCPAppsMiddleware({ mcpServers: servers })
  agent = new ScriptedAgent((input) => (input.messages.some((m) => m.role === 'tool') ? [] : callsWeather()))
  const getSessionId = sessionFromHeader('x-session-id')
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/kit/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: RunAgentInput, { sessionId }) => mcpApps.forSession(sessionId)(input, agent),
        }),
        '/guarded/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: RunAgentInput, { sessionId }) => guard.forSession(sessionId)(input, { run: (checked) => real.run(checked, agent) }),
        }),
        // The documented hole, for contrast: the real middleware alone.
        '/unguarded/ag-ui': createAgUiHandler({ getSessionId, run: (input: RunAgentInput) => real.run(input, agent) }),
      }),
    ),
  )
})

afterAll(async () => {
  await mcpApps.close()
  await guard.close()
  await web.close()
  await weather.stop()
})

const proxied = (path: string, request: unknown, session = 'alice') =>
  startRun(new HttpAgent({ url: `${web.url}${path}`, headers: { 'x-session-id': session } }), undefined, { __proxiedMCPRequest: request })

const hash = () => computeServerHash(servers[0]!)

describe.each([
  ['the kit middleware', '/kit/ag-ui'],
  ['the guard before MCPAppsMiddleware 0.1.1', '/guarded/ag-ui'],
])('through %s', (_, path) => {
  it('a model-only tool requested through the AG-UI route is refused and never executed', async () => {
    const before = weather.calls.length
    const { result } = await proxied(path, { serverHash: hash(), method: 'tools/call', params: { name: 'delete_all_forecasts', arguments: {} } }).done
    expect(result).toEqual({ error: 'Error: Tool "delete_all_forecasts" is not callable from apps (its visibility lacks "app")' })
    expect(weather.calls.slice(before)).toEqual([])
  })

  it('what apps may call still works: an app-only tool, a resource, a ping', async () => {
    const before = weather.calls.length
    const called = await proxied(path, { serverHash: hash(), method: 'tools/call', params: { name: 'refresh_weather', arguments: { city: 'Lyon' } } }).done
    expect(called.result).toEqual({ content: [{ type: 'text', text: 'Still sunny in Lyon' }] })
    expect(weather.calls.slice(before)).toEqual(['refresh_weather:Lyon'])
    const read = await proxied(path, { serverHash: hash(), serverId: 'weather', method: 'resources/read', params: { uri: APP_URI } }).done
    expect((read.result as { contents: { uri: string }[] }).contents[0]?.uri).toBe(APP_URI)
  })

  it('an unknown tool, an unlisted method and a malformed request are refused', async () => {
    const unknown = await proxied(path, { serverHash: hash(), method: 'tools/call', params: { name: 'nope' } }).done
    expect(unknown.result).toEqual({ error: 'Error: Unknown tool: nope' })
    const method = await proxied(path, { serverHash: hash(), method: 'tools/list' }).done
    expect(method.result).toEqual({ error: 'Error: MCP method not allowed for UI proxy: tools/list' })
    const malformed = await proxied(path, 'ping').done
    expect(malformed.result).toEqual({ error: 'Error: Malformed proxied MCP request: expected { serverHash, serverId?, method, params? }' })
  })

  it('a user turn still gets its UI tool run and its mcp-apps activity', async () => {
    const run = startRun(new HttpAgent({ url: `${web.url}${path}`, headers: { 'x-session-id': 'alice' } }), 'weather in Paris?')
    await run.done
    // The kit shows the app as the call starts, then gives it its result under the same id; 0.1.1 shows it with the result.
    const apps = run.events.filter((e) => e.activityType === 'mcp-apps')
    const expected = path === '/kit/ag-ui' ? ['pending', 'result'] : ['result']
    expect(apps.map((e) => ('result' in (e.content as object) ? 'result' : 'pending'))).toEqual(expected)
    expect(new Set(apps.map((e) => e.messageId)).size).toBe(1)
  })
})

describe('the hole both paths close', () => {
  it('the real middleware alone runs the model-only tool for anyone', async () => {
    const before = weather.calls.length
    await proxied('/unguarded/ag-ui', { serverHash: hash(), method: 'tools/call', params: { name: 'delete_all_forecasts' } }, 'anyone').done
    expect(weather.calls.slice(before)).toEqual(['delete_all_forecasts'])
  })
})

describe('the guard', () => {
  const runGuarded = async (middleware: ReturnType<McpAppsGuard['forSession']>, request: unknown) => {
    const next = { run: vi.fn((input: RunAgentInput) => real.run(input, agent)) }
    const events: { type: string; result?: unknown }[] = []
    const input: RunAgentInput = { threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: { __proxiedMCPRequest: request } }
    await new Promise<void>((resolve, reject) => {
      middleware(input, next).subscribe({ next: (e) => void events.push(e as never), error: reject, complete: resolve })
    })
    return { events, next }
  }

  it('unbound (no caller session), it refuses every proxied request without calling the middleware', async () => {
    const { events, next } = await runGuarded(guard, { serverHash: hash(), method: 'ping' })
    expect(events.at(-1)?.result).toEqual({ error: 'Error: The proxied MCP request has no caller session' })
    expect(next.run).not.toHaveBeenCalled()
  })

  it('asks authorize with the session, and hands on the checked copy of the request', async () => {
    const authorize = vi.fn((sessionId: string) => sessionId === 'alice')
    const gated = createMcpAppsGuard({ mcpServers: servers, authorize })
    try {
      const refused = await runGuarded(gated.forSession('bob'), { serverHash: hash(), method: 'ping' })
      expect(refused.events.at(-1)?.result).toEqual({ error: 'Error: Forbidden' })
      expect(refused.next.run).not.toHaveBeenCalled()
      const passed = await runGuarded(gated.forSession('alice'), { serverHash: hash(), method: 'ping', extra: 'dropped' })
      expect(passed.next.run.mock.calls[0]?.[0].forwardedProps).toEqual({ __proxiedMCPRequest: { serverHash: hash(), method: 'ping', params: undefined } })
      expect(passed.events.at(-1)?.result).toEqual({})
    } finally {
      await gated.close()
    }
  })

  it('fails closed when the tool list cannot be read', async () => {
    const onError = vi.fn()
    const down = createMcpAppsGuard({ mcpServers: [{ type: 'http', url: 'http://127.0.0.1:9/mcp' }], onError })
    try {
      const { events, next } = await runGuarded(down.forSession('alice'), {
        serverHash: computeServerHash({ type: 'http', url: 'http://127.0.0.1:9/mcp' }),
        method: 'tools/call',
        params: { name: 'anything' },
      })
      expect(events.at(-1)?.result).toEqual({ error: 'Error: MCP request failed' })
      expect(next.run).not.toHaveBeenCalled()
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ phase: 'proxied_request', method: 'tools/list' }))
    } finally {
      await down.close()
    }
  })
})

/** CopilotKit 1.74's agents are @ag-ui/client 0.0.59 ones: both middlewares go on them without a cast. */
class Agent059 extends AbstractAgent059 {
  runs = 0
  override run(input: RunAgentInput059): Observable<BaseEvent059> {
    return new Observable<BaseEvent059>((subscriber) => {
      this.runs++
      const ids = { threadId: input.threadId, runId: input.runId }
      const done = input.messages.some((m) => m.role === 'tool')
      const events = [{ type: 'RUN_STARTED', ...ids }, ...(done ? [] : callsWeather()), { type: 'RUN_FINISHED', ...ids }]
      for (const event of events) subscriber.next(event as unknown as BaseEvent059)
      subscriber.complete()
    })
  }
}

describe('on an @ag-ui/client 0.0.59 agent', () => {
  it.each([
    ['the kit middleware', () => [mcpApps.forSession('alice')]],
    ['the guard + the real middleware (asAgUiMiddleware)', () => [guard.forSession('alice'), asAgUiMiddleware(real)]],
  ])('%s: the attack is refused, the UI tool of a user turn runs', async (_, middlewares) => {
    const agent059 = new Agent059()
    agent059.use(...middlewares())
    const before = weather.calls.length
    const attack = await agent059.runAgent({
      forwardedProps: { __proxiedMCPRequest: { serverHash: hash(), method: 'tools/call', params: { name: 'delete_all_forecasts' } } },
    })
    expect(attack.result).toMatchObject({ error: expect.stringContaining('not callable from apps') })
    expect(agent059.runs).toBe(0)
    const turn = await agent059.runAgent({})
    expect(turn.newMessages.filter((m) => m.role === 'activity')).toHaveLength(1)
    expect(weather.calls.slice(before)).toEqual(['show_weather:Paris'])
  })
})
