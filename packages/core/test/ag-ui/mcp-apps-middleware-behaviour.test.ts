// @module-tag security
/**
 * The kit middleware's own rules, on a real `@ag-ui/client` 1.0 agent (`agent.use(...)`) and a
 * real MCP server: the tool chain and its limit, runs it leaves as they are (frontend tool calls,
 * interrupts, no RUN_FINISHED), chunked tool calls and bad arguments, proxied requests it refuses
 * before connecting, the unbound middleware, and the bounds on callers holding sessions.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../../src/errors'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import type { McpAppsMiddlewareOptions } from '../../src/server/ag-ui/mcp-apps-middleware'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { type McpAppServer, startMcpAppServer } from '../apps/mcp-app-server'
import { type HitlAppServer, startHitlAppServer } from './hitl-app-server'
import { ScriptedAgent, say, toolCall } from './scripted-agent'

let weather: McpAppServer
let trips: HitlAppServer
let broker: ElicitationBroker
const created: McpAppsMiddleware[] = []

beforeAll(async () => {
  ;[weather, trips] = await Promise.all([startMcpAppServer(), startHitlAppServer()])
  broker = createElicitationBroker()
})
afterAll(async () => {
  await Promise.all(created.map((m) => m.close()))
  await broker.close()
  await Promise.all([weather.stop(), trips.close()])
})

function middleware(options: McpAppsMiddlewareOptions = {}): McpAppsMiddleware {
  const made = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: weather.url, serverId: 'weather' }], broker, ...options })
  created.push(made)
  return made
}

type Event = { type: string; [key: string]: unknown }

async function run(agent: ScriptedAgent, forwardedProps?: Record<string, unknown>) {
  const events: Event[] = []
  const outcome = await agent
    .runAgent(forwardedProps ? { forwardedProps } : {}, { onEvent: ({ event }) => void events.push(structuredClone(event) as unknown as Event) })
    .then(
      (value) => ({ ...value, error: undefined }),
      (error: unknown) => ({ result: undefined, newMessages: [], error }),
    )
  return { events, types: events.map((e) => e.type), ...outcome }
}

const weatherCall = (id: string, city = 'Paris') => toolCall(id, 'show_weather', { city })
const resultsIn = (messages: { role: string }[]) => messages.filter((m) => m.role === 'tool').length
// Each app's snapshots as `id:state`: pending when its call starts, then its result or its cancellation.
const appStates = (events: Event[]) =>
  events
    .filter((e) => e.activityType === 'mcp-apps')
    .map((e) => {
      const content = e.content as { result?: unknown; status?: string }
      return `${String(e.messageId)}:${content.result ? 'result' : content.status}`
    })

describe('the tool chain', () => {
  it('resumes the agent after each UI tool until it answers in text; one RUN_STARTED, one RUN_FINISHED', async () => {
    const agent = new ScriptedAgent((input, n) => (resultsIn(input.messages) < 3 ? weatherCall(`c${n}`, `City${n}`) : say('end', 'Three cities.')))
    agent.use(middleware().forSession('alice'))
    const { types, events, newMessages } = await run(agent)
    expect(agent.inputs).toHaveLength(4)
    expect(types.filter((t) => t === 'RUN_STARTED')).toHaveLength(1)
    expect(types.filter((t) => t === 'RUN_FINISHED')).toHaveLength(1)
    expect(appStates(events)).toEqual([
      'mcp-apps:c1:input-streaming',
      'mcp-apps:c1:result',
      'mcp-apps:c2:input-streaming',
      'mcp-apps:c2:result',
      'mcp-apps:c3:input-streaming',
      'mcp-apps:c3:result',
    ])
    expect(newMessages.at(-1)).toMatchObject({ role: 'assistant', content: 'Three cities.' })
  })

  it('fails the run past maxToolCalls with a RUN_ERROR after the results that did run', async () => {
    const agent = new ScriptedAgent((_, n) => weatherCall(`c${n}`))
    agent.use(middleware({ maxToolCalls: 2 }).forSession('alice'))
    const { events, types } = await run(agent)
    // The third app was shown when its call started: it is told the call will not run.
    expect(appStates(events)).toEqual([
      'mcp-apps:c1:input-streaming',
      'mcp-apps:c1:result',
      'mcp-apps:c2:input-streaming',
      'mcp-apps:c2:result',
      'mcp-apps:c3:input-streaming',
      'mcp-apps:c3:cancelled',
    ])
    expect(events.filter((e) => e.activityType === 'mcp-apps').at(-1)?.content).toMatchObject({ reason: 'The run failed before the tool ran' })
    expect(types.at(-1)).toBe('RUN_ERROR')
    expect(events.at(-1)?.message).toBe('The agent called MCP server tools more than 2 times in one run (maxToolCalls)')
    expect(types).not.toContain('RUN_FINISHED')
  })

  it('does not resume while a frontend tool call is open: the UI result is sent, the page runs its tool', async () => {
    const agent = new ScriptedAgent(() => [...weatherCall('ui'), ...toolCall('fe', 'pick_date', {}, 'm_ui')])
    agent.use(middleware().forSession('alice'))
    const { types } = await run(agent)
    expect(agent.inputs).toHaveLength(1)
    expect(types.slice(-3)).toEqual(['TOOL_CALL_RESULT', 'ACTIVITY_SNAPSHOT', 'RUN_FINISHED'])
  })

  it('keeps an interrupted run as it is: no UI tool runs', async () => {
    const before = weather.calls.length
    const agent = new ScriptedAgent((input) => [
      { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
      ...weatherCall('c1'),
      { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, outcome: { type: 'suspended', interruptIds: ['i1'] }, interrupts: [{ id: 'i1', reason: 'approval' }] },
    ])
    agent.use(middleware().forSession('alice'))
    const { types, events } = await run(agent)
    expect(weather.calls.slice(before)).toEqual([])
    expect(types).not.toContain('TOOL_CALL_RESULT')
    // The app shown when the call started is told the tool will not run, before the run ends.
    expect(appStates(events)).toEqual(['mcp-apps:c1:input-streaming', 'mcp-apps:c1:cancelled'])
    expect(types.indexOf('RUN_FINISHED')).toBeGreaterThan(types.lastIndexOf('ACTIVITY_SNAPSHOT'))
    expect(events.filter((e) => e.activityType === 'mcp-apps').at(-1)?.content).toMatchObject({ reason: 'The run ended before the tool ran' })
  })

  it('with earlyActivities: false, shows each app with its result only, as 0.1.1', async () => {
    const agent = new ScriptedAgent((input, n) => (resultsIn(input.messages) > 0 ? [] : weatherCall(`c${n}`)))
    agent.use(middleware({ earlyActivities: false }).forSession('alice'))
    const { events } = await run(agent)
    expect(appStates(events)).toEqual(['mcp-apps:c1:result'])
  })

  it('reads tool calls sent as TOOL_CALL_CHUNK, and answers bad arguments with a failed result', async () => {
    const agent = new ScriptedAgent((input) =>
      resultsIn(input.messages) > 0
        ? []
        : [
            { type: 'TOOL_CALL_CHUNK', toolCallId: 'k1', toolCallName: 'show_weather', parentMessageId: 'm1', delta: '{"city":' },
            { type: 'TOOL_CALL_CHUNK', toolCallId: 'k1', delta: '"Rome"}' },
            { type: 'TOOL_CALL_CHUNK', toolCallId: 'k2', toolCallName: 'show_weather', parentMessageId: 'm1', delta: '{"city":' },
          ],
    )
    agent.use(middleware().forSession('alice'))
    const { events } = await run(agent)
    const results = events.filter((e) => e.type === 'TOOL_CALL_RESULT')
    expect(results.map((r) => [r.toolCallId, r.content])).toEqual([
      ['k1', 'Sunny in Rome'],
      ['k2', '{"error":"The tool call arguments are not valid JSON"}'],
    ])
    expect(results[1]?.metadata).toEqual({ 'ag-ui:tool-result': { error: 'The tool call arguments are not valid JSON' } })
    // Both apps were shown as their chunks started; the second is cancelled with the failure.
    expect(appStates(events)).toEqual(['mcp-apps:k1:input-streaming', 'mcp-apps:k2:input-streaming', 'mcp-apps:k1:result', 'mcp-apps:k2:cancelled'])
    expect(events.filter((e) => e.activityType === 'mcp-apps').at(-1)?.content).toMatchObject({ reason: 'The tool call arguments are not valid JSON' })
  })
})

describe('proxied requests the kit refuses before connecting', () => {
  const serverHash = () => computeServerHash({ type: 'http', url: weather.url })

  it.each([
    ['a falsy value', null, 'Error: Malformed proxied MCP request: expected { serverHash, serverId?, method, params? }'],
    ['params that are not an object', { serverHash: 'h', method: 'ping', params: [] }, 'Error: Malformed proxied MCP request: expected { serverHash, serverId?, method, params? }'],
    ['neither serverHash nor serverId', { method: 'ping' }, 'Error: Malformed proxied MCP request: expected { serverHash, serverId?, method, params? }'],
    ['a method outside the allowlist', { serverId: 'weather', method: 'sampling/createMessage' }, 'Error: MCP method not allowed for UI proxy: sampling/createMessage'],
  ])('%s', async (_, value, error) => {
    const agent = new ScriptedAgent(() => [])
    agent.use(middleware().forSession('alice'))
    const before = weather.initializeCount()
    expect((await run(agent, { __proxiedMCPRequest: value })).result).toEqual({ error })
    expect(agent.inputs).toEqual([])
    expect(weather.initializeCount()).toBe(before)
  })

  it('accepts a serverId without serverHash (upstream’s newer format)', async () => {
    const agent = new ScriptedAgent(() => [])
    agent.use(middleware().forSession('alice'))
    expect((await run(agent, { __proxiedMCPRequest: { serverId: 'weather', method: 'ping' } })).result).toEqual({})
  })

  it('asks authorize with the caller’s session; a refusal (or a throw) answers Forbidden', async () => {
    const authorize = vi.fn((sessionId: string) => {
      if (sessionId === 'mallory') throw new Error('boom')
      return sessionId === 'alice'
    })
    const mw = middleware({ authorize })
    const request = { __proxiedMCPRequest: { serverHash: serverHash(), method: 'ping' } }
    for (const [session, expected] of [['alice', {}], ['bob', { error: 'Error: Forbidden' }], ['mallory', { error: 'Error: Forbidden' }]] as const) {
      const agent = new ScriptedAgent(() => [])
      agent.use(mw.forSession(session))
      expect((await run(agent, request)).result).toEqual(expected)
    }
    expect(authorize.mock.calls.map((c) => c[0])).toEqual(['alice', 'bob', 'mallory'])
  })
})

describe('the unbound middleware (agent.use(mcpApps) without forSession)', () => {
  it('refuses proxied requests: there is no caller to run them for', async () => {
    const agent = new ScriptedAgent(() => [])
    agent.use(middleware())
    const { result } = await run(agent, { __proxiedMCPRequest: { serverId: 'weather', method: 'ping' } })
    expect(result).toEqual({ error: 'Error: The proxied MCP request has no caller session' })
  })

  it('runs UI tools, but an elicitation fails with the reason and the tool gets decline', async () => {
    const mw = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: trips.url }], broker })
    created.push(mw)
    const agent = new ScriptedAgent((input) => (resultsIn(input.messages) > 0 ? [] : toolCall('b1', 'book_trip', { destination: 'Nice' })))
    agent.use(mw)
    const { events } = await run(agent)
    const elicitation = events.find((e) => e.activityType === 'mcp-hitl-elicitation')
    expect(elicitation?.content).toMatchObject({ status: 'failed', reason: 'No sessionId in the request context' })
    expect(trips.finished).toContain('Nice:decline')
  })

  it('forSession refuses an empty session (misuse)', () => {
    expect(() => middleware().forSession('')).toThrow(/forSession\(sessionId\) needs the caller’s session/)
  })
})

describe('bounds', () => {
  it('at most maxSessions callers hold MCP sessions: an idle one is closed to make room', async () => {
    const mw = middleware({ maxSessions: 2 })
    const ping = { __proxiedMCPRequest: { serverId: 'weather', method: 'ping' } }
    const before = weather.initializeCount()
    for (const session of ['a', 'b', 'c', 'a']) {
      const agent = new ScriptedAgent(() => [])
      agent.use(mw.forSession(session))
      expect((await run(agent, ping)).result).toEqual({})
    }
    // a, b, c, then a again after it was closed for c.
    expect(weather.initializeCount() - before).toBe(4)
  })

  it('refuses a new caller when every session is busy, with a message that says so', async () => {
    const mw = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: trips.url, serverId: 'trips' }], broker, maxSessions: 1 })
    created.push(mw)
    const busy = new ScriptedAgent(() => [])
    busy.use(mw.forSession('first'))
    const waiting = run(busy, { __proxiedMCPRequest: { serverId: 'trips', method: 'tools/call', params: { name: 'confirm_booking' } } })
    await expect.poll(async () => (await broker.listPending('first')).length).toBe(1)
    const other = new ScriptedAgent(() => [])
    other.use(mw.forSession('second'))
    const { result } = await run(other, { __proxiedMCPRequest: { serverId: 'trips', method: 'ping' } })
    expect(result).toEqual({ error: 'Error: Too many callers with open MCP sessions (limit 1); try again shortly' })
    const [pending] = await broker.listPending('first')
    await broker.respond({ id: pending!.elicitationId, action: 'cancel' }, 'first')
    await waiting
  })

  it('a caller’s parallel tool calls run on sessions of their own, at most parallelToolCalls; more wait', async () => {
    const confirm = { __proxiedMCPRequest: { serverId: 'trips', method: 'tools/call', params: { name: 'confirm_booking' } } }
    const started = () => trips.calls.filter((c) => c.startsWith('confirm_booking')).length
    const answerAll = async (session: string) => {
      for (const pending of await broker.listPending(session)) await broker.respond({ id: pending.elicitationId, action: 'decline' }, session)
    }
    for (const [parallelToolCalls, sessionsOpened] of [
      [1, 1],
      [2, 2],
    ] as const) {
      const mw = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: trips.url, serverId: 'trips' }], broker, parallelToolCalls })
      created.push(mw)
      const session = `parallel-${parallelToolCalls}`
      const agent = () => {
        const a = new ScriptedAgent(() => [])
        a.use(mw.forSession(session))
        return a
      }
      const [before, initialized] = [started(), trips.initializeCount()]
      const runs = [run(agent(), confirm), run(agent(), confirm)]
      await expect.poll(async () => (await broker.listPending(session)).length).toBe(parallelToolCalls)
      expect(started() - before).toBe(parallelToolCalls)
      await answerAll(session)
      await expect.poll(async () => started() - before).toBe(2)
      // The call that had to wait raises its question only now: answer it once it has arrived.
      await expect.poll(async () => (await broker.listPending(session)).length).toBe(2 - parallelToolCalls)
      await answerAll(session)
      await expect.poll(async () => (await broker.listPending(session)).length).toBe(0)
      const results = await Promise.all(runs)
      expect(results.map((r) => r.result)).toEqual([
        { content: [{ type: 'text', text: '{"action":"decline"}' }] },
        { content: [{ type: 'text', text: '{"action":"decline"}' }] },
      ])
      expect(trips.initializeCount() - initialized).toBe(sessionsOpened)
    }
  })

  it('closes a caller’s sessions after sessionIdleMs without use', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    try {
      const mw = middleware({ sessionIdleMs: 2000 })
      const agent = new ScriptedAgent(() => [])
      agent.use(mw.forSession('idle'))
      const ping = { __proxiedMCPRequest: { serverId: 'weather', method: 'ping' } }
      const before = weather.initializeCount()
      await run(agent, ping)
      await run(agent, ping)
      expect(weather.initializeCount() - before).toBe(1)
      const held = weather.sessionCount()
      await vi.advanceTimersByTimeAsync(3500)
      // The session was ended on the server too (DELETE), not only dropped here.
      await expect.poll(() => weather.sessionCount()).toBe(held - 1)
      await run(agent, ping)
      expect(weather.initializeCount() - before).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('misuse', () => {
  it.each([
    [{ mcpServers: [{ type: 'ws', url: 'http://x/mcp' }] }, /type: "http"/],
    [{ mcpServers: [{ type: 'http', url: 'https://user:pw@x.example/mcp' }] }, /"https:\/\/…@x.example\/mcp" must be an http\(s\) URL without credentials/],
    [{ mcpServers: [{ type: 'http', url: 'ftp://x.example/mcp' }] }, /must be an http\(s\) URL/],
    [{ maxToolCalls: -1 }, /maxToolCalls/],
  ])('createMcpAppsMiddleware(%j) throws a misuse error', (options, message) => {
    const attempt = () => createMcpAppsMiddleware(options as McpAppsMiddlewareOptions)
    expect(attempt).toThrow(message)
    try {
      attempt()
    } catch (error) {
      expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    }
  })
})

describe('a run whose stream ends without RUN_FINISHED', () => {
  it('passes through and executes nothing (as 0.1.1)', async () => {
    const before = weather.calls.length
    const agent = new ScriptedAgent((input) => [{ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }, ...weatherCall('c1')])
    agent.use(middleware().forSession('alice'))
    await run(agent)
    expect(weather.calls.slice(before)).toEqual([])
  })
})
