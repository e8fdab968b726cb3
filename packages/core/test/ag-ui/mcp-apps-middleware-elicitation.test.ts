/**
 * Elicitation through the kit middleware, end to end over HTTP: a real `HttpAgent` (`@ag-ui/client`
 * 1.0.0 and CopilotKit's 0.0.59) posts to `createAgUiHandler`, whose `run` binds the request's
 * session with `mcpApps.forSession(sessionId)` around a scripted agent; the middleware runs the
 * UI tool on the caller's MCP session, the MCP server elicits, the run shows the elicitation
 * activity, `fetch` plays the page's answer through the respond route, and the tool (and then the
 * resumed agent) continues in the same run.
 */
import { HttpAgent as HttpAgent100 } from '@ag-ui/client'
import { HttpAgent as HttpAgent059 } from 'ag-ui-client-0.0.59'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ELICITATION_ACTIVITY_TYPE } from '../../src/elicitation/elicitation-activity'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { computeServerHash } from '../../src/server/apps/server-hash'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { BOOKING_URI, type InputRequiredServer, startInputRequiredServer } from '../../src/server/testing/input-required-server'
import { type HitlAppServer, startHitlAppServer, TRIP_URI } from './hitl-app-server'
import { startRun } from './run-recorder'
import { type Script, ScriptedAgent, say, toolCall } from './scripted-agent'

let trips: HitlAppServer
let modern: InputRequiredServer
let web: TestHttpServer
let broker: ElicitationBroker
let mcpApps: McpAppsMiddleware
let modernApps: McpAppsMiddleware
let agent: ScriptedAgent

/** The user names a tool and its arguments ("book_trip {...}"); once it has a result, the agent says so. */
const script: Script = (input, n) => {
  const result = [...input.messages].reverse().find((m) => m.role === 'tool')
  const last = [...input.messages].reverse().find((m) => m.role === 'user' || m.role === 'tool')
  if (last?.role === 'tool') return say(`done_${n}`, `Result: ${String(result?.content)}`)
  const text = typeof last?.content === 'string' ? last.content : ''
  const [name = '', args = '{}'] = text.split(/ (.*)/s)
  return toolCall(`call_${n}`, name, JSON.parse(args))
}

beforeAll(async () => {
  ;[trips, modern] = await Promise.all([startHitlAppServer(), startInputRequiredServer()])
  broker = createElicitationBroker()
  mcpApps = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: trips.url, serverId: 'trips' }], broker })
  // 2026-07-28 servers ask through input_required results, which the v2 SDK's client speaks.
  modernApps = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: modern.url, serverId: 'modern' }], broker, sdk: 'v2' })
  agent = new ScriptedAgent(script)
  const getSessionId = sessionFromHeader('x-session-id')
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        // The session comes from the request; forwardedProps never name it.
        '/api/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: Parameters<ScriptedAgent['run']>[0], { sessionId }) => mcpApps.forSession(sessionId)(input, agent),
        }),
        '/api/modern/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: Parameters<ScriptedAgent['run']>[0], { sessionId }) => modernApps.forSession(sessionId)(input, agent),
        }),
        '/api/respond': createRespondHandler(broker, { getSessionId }),
      }),
    ),
  )
})

afterAll(async () => {
  await mcpApps.close()
  await modernApps.close()
  await modern.close()
  await broker.close()
  await web.close()
  await trips.close()
})

async function respond(body: unknown, session = 'alice'): Promise<number> {
  const response = await fetch(`${web.url}/api/respond`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session },
    body: JSON.stringify(body),
  })
  return response.status
}

const CLIENTS = [
  ['@ag-ui/client 1.0.0', (session: string) => new HttpAgent100({ url: `${web.url}/api/ag-ui`, headers: { 'x-session-id': session } })],
  ['@ag-ui/client 0.0.59', (session: string) => new HttpAgent059({ url: `${web.url}/api/ag-ui`, headers: { 'x-session-id': session } })],
] as const

describe.each(CLIENTS)('kit middleware over HTTP, HttpAgent from %s', (_, makeAgent) => {
  it('form mode in a UI tool: pending, answered through the respond route, the tool and the resumed agent continue in the same run', async () => {
    const run = startRun(makeAgent('alice'), 'book_trip {"destination":"Rome"}')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.event).toMatchObject({ activityType: ELICITATION_ACTIVITY_TYPE, messageId: pending.data.elicitationId, replace: true })
    expect(pending.data).toMatchObject({ mode: 'form', message: 'How many seats?', serverName: 'trips' })
    const id = pending.data.elicitationId
    expect(await respond({ id, action: 'accept', content: { seats: 2 } }, 'bob')).toBe(403)
    expect(await respond({ id, action: 'accept', content: { seats: 12 } })).toBe(422)
    expect(await respond({ id, action: 'accept', content: { seats: 2 } })).toBe(200)
    expect(await respond({ id, action: 'accept', content: { seats: 3 } })).toBe(409)
    const { newMessages } = await run.done

    expect(run.types()).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'ACTIVITY_SNAPSHOT', // mcp-apps: shown as the call starts
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'ACTIVITY_SNAPSHOT', // elicitation: pending
      'ACTIVITY_SNAPSHOT', // elicitation: accepted
      'TOOL_CALL_RESULT',
      'ACTIVITY_SNAPSHOT', // mcp-apps: the result
      'TEXT_MESSAGE_START', // the resumed agent
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ])
    expect(run.activities().map((a) => [a.event.messageId, a.data.status])).toEqual([
      [id, 'pending'],
      [id, 'accepted'],
    ])
    const app = run.events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT' && e.activityType === 'mcp-apps').at(-1)
    expect(app?.content).toMatchObject({
      resourceUri: TRIP_URI,
      serverId: 'trips',
      serverHash: computeServerHash({ type: 'http', url: trips.url }),
      toolInput: { destination: 'Rome' },
      result: { structuredContent: { destination: 'Rome', answer: { action: 'accept', content: { seats: 2 } } } },
    })
    // The client files the tool result right after the call's assistant message.
    expect(newMessages.map((m) => m.role)).toEqual(['assistant', 'tool', 'activity', 'activity', 'assistant'])
    expect(String(newMessages.at(-1)?.content)).toContain('"seats":2')
  })
})

describe('kit middleware: URL mode, proxied requests, sessions', () => {
  const alice = () => new HttpAgent100({ url: `${web.url}/api/ag-ui`, headers: { 'x-session-id': 'alice' } })

  it('URL mode: consent, then the server’s completion on the call’s stream, then the tool result', async () => {
    const run = startRun(alice(), 'connect_calendar {}')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.data).toMatchObject({ mode: 'url', url: 'https://calendar.example.com/connect', urlElicitationId: 'cal-1' })
    expect(await respond({ id: pending.data.elicitationId, action: 'accept' })).toBe(200)
    await run.activity((data) => data.status === 'accepted')
    trips.finishConnect()
    await run.done
    expect(run.activities().map((a) => a.data.status)).toEqual(['pending', 'accepted', 'completed'])
    const result = run.events.find((e) => e.type === 'TOOL_CALL_RESULT')
    expect(result?.content).toBe('{"connected":true}')
  })

  it('the server’s own request timeout withdraws the form in the run, and the respond route answers 410 withdrawn', async () => {
    const run = startRun(alice(), 'book_briefly {}')
    const pending = await run.activity((data) => data.status === 'pending')
    const ended = await run.activity((data) => data.elicitationId === pending.data.elicitationId && data.status !== 'pending')
    // Whichever the client hears first: the server's cancellation (its standalone stream) or the call's result (the call's stream).
    expect(ended.data).toMatchObject({ status: 'withdrawn', reason: expect.stringMatching(/server cancelled its request|server finished the tool call/) })
    const response = await fetch(`${web.url}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': 'alice' },
      body: JSON.stringify({ id: pending.data.elicitationId, action: 'accept', content: { seats: 2 } }),
    })
    expect(response.status).toBe(410)
    expect(await response.json()).toMatchObject({ code: 'withdrawn' })
    await run.done
    expect(run.activities().map((a) => a.data.status)).toEqual(['pending', 'withdrawn'])
    expect(String(run.events.find((e) => e.type === 'TOOL_CALL_RESULT')?.content)).toMatch(/timed out/i)
  })

  it('URL mode: when the tool call ends without the server’s completion, the consented step shows failed in the run', async () => {
    const run = startRun(alice(), 'connect_calendar {}')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'accept' })).toBe(200)
    await run.activity((data) => data.status === 'accepted')
    trips.denyConnect()
    const failed = await run.activity((data) => data.status === 'failed')
    expect(failed.data.reason).toMatch(/ended before the server confirmed/)
    await run.done
    expect(run.activities().map((a) => a.data.status)).toEqual(['pending', 'accepted', 'failed'])
  })

  it('an app’s proxied tools/call that elicits: the activity travels in the proxied run, the answer in RUN_FINISHED.result', async () => {
    const request = { serverHash: computeServerHash({ type: 'http', url: trips.url }), serverId: 'trips', method: 'tools/call', params: { name: 'confirm_booking' } }
    const run = startRun(alice(), undefined, { __proxiedMCPRequest: request })
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { seats: 4 } })).toBe(200)
    const { result } = await run.done
    expect(result).toEqual({ content: [{ type: 'text', text: '{"action":"accept","content":{"seats":4}}' }] })
    expect(run.types()).toEqual(['RUN_STARTED', 'ACTIVITY_SNAPSHOT', 'ACTIVITY_SNAPSHOT', 'RUN_FINISHED'])
  })

  it('the session is the request’s: one named in forwardedProps is ignored, the elicitation is bob’s', async () => {
    const bob = new HttpAgent100({ url: `${web.url}/api/ag-ui`, headers: { 'x-session-id': 'bob' } })
    const run = startRun(bob, 'book_trip {"destination":"Oslo"}', { sessionId: 'alice', __mcpHitlSession: 'alice' })
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'decline' }, 'alice')).toBe(403)
    expect(await respond({ id: pending.data.elicitationId, action: 'decline' }, 'bob')).toBe(200)
    await run.done
    expect(run.activities().at(-1)?.data.status).toBe('declined')
  })

  it('two runs of one caller at once, on one MCP session: each elicitation shows in the run whose call raised it', async () => {
    const first = startRun(alice(), 'book_trip {"destination":"Paris"}')
    const second = startRun(alice(), 'book_trip {"destination":"Kyoto"}')
    const [a, b] = await Promise.all([first.activity((d) => d.status === 'pending'), second.activity((d) => d.status === 'pending')])
    expect(a.data.elicitationId).not.toBe(b.data.elicitationId)
    // Each run saw only its own request.
    expect(first.activities().map((x) => x.data.elicitationId)).toEqual([a.data.elicitationId])
    expect(second.activities().map((x) => x.data.elicitationId)).toEqual([b.data.elicitationId])
    expect(await respond({ id: b.data.elicitationId, action: 'accept', content: { seats: 2 } })).toBe(200)
    expect(await respond({ id: a.data.elicitationId, action: 'accept', content: { seats: 1 } })).toBe(200)
    await Promise.all([first.done, second.done])
    const destination = (run: typeof first) => (run.events.filter((e) => e.activityType === 'mcp-apps').at(-1)?.content as { toolInput?: unknown } | undefined)?.toolInput
    expect([destination(first), destination(second)]).toEqual([{ destination: 'Paris' }, { destination: 'Kyoto' }])
    expect(first.events.find((e) => e.type === 'TOOL_CALL_RESULT')?.content).toContain('"seats":1')
    expect(second.events.find((e) => e.type === 'TOOL_CALL_RESULT')?.content).toContain('"seats":2')
  })

  it('a page that goes away leaves the elicitation pending: after a reload the list shows it, the answer reaches the tool', async () => {
    const page = alice()
    const run = startRun(page, 'book_trip {"destination":"Lima"}')
    const pending = await run.activity((data) => data.status === 'pending')
    page.abortRun()
    await run.done.catch(() => undefined)
    const listed = await broker.listPending('alice')
    expect(listed.map((d) => d.elicitationId)).toContain(pending.data.elicitationId)
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { seats: 1 } })).toBe(200)
    await expect.poll(() => trips.finished).toContain('Lima:accept')
  })
})

describe('kit middleware with sdk: v2, a 2026-07-28 server', () => {
  const alice = () => new HttpAgent100({ url: `${web.url}/api/modern/ag-ui`, headers: { 'x-session-id': 'alice' } })

  it('input_required in a UI tool call: shown, answered, the call retried with the answer, in the same run', async () => {
    const answered = modern.answered()
    const run = startRun(alice(), 'book {}')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.data).toMatchObject({ mode: 'form', message: 'How many seats?', serverName: 'modern-server' })
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { seats: 3 } })).toBe(200)
    await run.done
    expect(modern.answered()).toBe(answered + 1)
    expect(run.events.find((e) => e.type === 'TOOL_CALL_RESULT')?.content).toBe('{"action":"accept","content":{"seats":3}}')
    const app = run.events.find((e) => e.activityType === 'mcp-apps')
    expect(app?.content).toMatchObject({ resourceUri: BOOKING_URI, serverId: 'modern' })
    expect(run.types().at(-1)).toBe('RUN_FINISHED')
  })

  it('input_required in an app’s proxied tools/call', async () => {
    const request = { serverId: 'modern', method: 'tools/call', params: { name: 'book' } }
    const run = startRun(alice(), undefined, { __proxiedMCPRequest: request })
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'decline' })).toBe(200)
    const { result } = await run.done
    expect(result).toMatchObject({ content: [{ type: 'text', text: '{"action":"decline"}' }] })
  })
})
