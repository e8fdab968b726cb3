/**
 * `createAgUiProxyTransport` against a real route: the kit's `createAgUiHandler` with the kit
 * middleware bound to the request's session, a real MCP server, and the page's chat agent a real
 * `HttpAgent` (`@ag-ui/client` 1.0.0 and CopilotKit's 0.0.59) on the same route.
 *
 * The measurement of the defect: a 3.5 s user turn, sampled every 50 ms (70 samples) while an app
 * polls every 2 s through the transport. Sharing the chat's agent made the turn look idle for most
 * samples, ran the poll as a run of the chat's agent, uploaded the conversation with every poll, and
 * left Stop (`abortRun`) aborting the poll instead of the turn.
 */
import { HttpAgent as HttpAgent100 } from '@ag-ui/client'
import { HttpAgent as HttpAgent059 } from 'ag-ui-client-0.0.59'
import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../src/errors'
import { createAgUiProxyTransport } from '../../src/apps/transports/ag-ui'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import type { ElicitationRequestData } from '../../src/elicitation/wire'
import { type HitlAppServer, startHitlAppServer, TRIP_HTML, TRIP_URI } from './hitl-app-server'

const TURN_MS = 3500
const SAMPLE_MS = 50
const POLL_MS = 2000

/**
 * The model stand-in of a user turn: says something, thinks until the test ends the turn (after its
 * 70 samples, so at least 3.5 s), says it is done; notes when it is stopped instead.
 */
class SlowTurnAgent extends AbstractAgent {
  turns = 0
  stopped = 0
  private finishers: (() => void)[] = []
  /** Ends the turns in progress. */
  finish(): void {
    for (const finish of this.finishers.splice(0)) finish()
  }
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      this.turns++
      const { threadId, runId } = input
      const text = (messageId: string, delta: string) => {
        subscriber.next({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' } as unknown as BaseEvent)
        subscriber.next({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta } as unknown as BaseEvent)
        subscriber.next({ type: 'TEXT_MESSAGE_END', messageId } as unknown as BaseEvent)
      }
      subscriber.next({ type: 'RUN_STARTED', threadId, runId } as unknown as BaseEvent)
      text(`think_${runId}`, 'Thinking…')
      let finished = false
      const finish = () => {
        finished = true
        text(`done_${runId}`, 'Done.')
        subscriber.next({ type: 'RUN_FINISHED', threadId, runId } as unknown as BaseEvent)
        subscriber.complete()
      }
      this.finishers.push(finish)
      return () => {
        this.finishers = this.finishers.filter((f) => f !== finish)
        if (!finished) this.stopped++
      }
    })
  }
}

let trips: HitlAppServer
let web: TestHttpServer
let broker: ElicitationBroker
let mcpApps: McpAppsMiddleware
let model: SlowTurnAgent
/** Every body posted to the AG-UI route. */
const posted: { messages: unknown[]; proxied: boolean }[] = []

beforeAll(async () => {
  trips = await startHitlAppServer()
  broker = createElicitationBroker()
  mcpApps = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: trips.url, serverId: 'trips' }], broker })
  model = new SlowTurnAgent()
  const getSessionId = sessionFromHeader('x-session-id')
  const agUi = createAgUiHandler({
    getSessionId,
    run: (input: RunAgentInput, { sessionId }) => mcpApps.forSession(sessionId)(input, model),
  })
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/api/ag-ui': async (request) => {
          const body = (await request.clone().json()) as RunAgentInput
          posted.push({ messages: body.messages ?? [], proxied: Boolean((body.forwardedProps as Record<string, unknown>)?.__proxiedMCPRequest) })
          return agUi(request)
        },
        '/api/respond': createRespondHandler(broker, { getSessionId }),
      }),
    ),
  )
})

afterAll(async () => {
  await mcpApps.close()
  await broker.close()
  await web.close()
  await trips.close()
})

const HEADERS = { 'x-session-id': 'alice' }
const READ_APP = { serverHash: '', serverId: 'trips', method: 'resources/read' as const, params: { uri: TRIP_URI } }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type ChatAgent = HttpAgent100 | HttpAgent059
const CLIENTS: [string, () => ChatAgent][] = [
  ['@ag-ui/client 1.0.0', () => new HttpAgent100({ url: `${web.url}/api/ag-ui`, headers: HEADERS })],
  ['@ag-ui/client 0.0.59', () => new HttpAgent059({ url: `${web.url}/api/ag-ui`, headers: HEADERS })],
]

const transportFor = (_agent: ChatAgent) => createAgUiProxyTransport({ url: `${web.url}/api/ag-ui`, headers: HEADERS })

/** An app polling every `POLL_MS` through `transport` until stopped; records what each poll got. */
function startPolling(transport: ReturnType<typeof createAgUiProxyTransport>) {
  const results: ('ok' | string)[] = []
  let live = true
  const loop = (async () => {
    while (live) {
      const html = await transport.request(READ_APP).then(
        (result) => ((result as { contents: { text: string }[] }).contents[0]?.text === TRIP_HTML ? 'ok' : 'wrong'),
        (error: unknown) => String(error),
      )
      results.push(html)
      await sleep(POLL_MS)
    }
  })()
  return {
    results,
    stop: async () => {
      live = false
      await loop
    },
  }
}

describe.each(CLIENTS)('app requests beside a user turn, chat agent from %s', (_, makeAgent) => {
  it('a 3.5 s user turn stays running for all 70 samples while the app polls every 2 s, and no poll touches the chat agent', async () => {
    const agent = makeAgent()
    const seen = { runStarted: 0, messagesChanged: 0, runFinalized: 0 }
    agent.subscribe({
      onRunStartedEvent: () => void seen.runStarted++,
      onRunFinalized: () => void seen.runFinalized++,
      onMessagesChanged: () => void seen.messagesChanged++,
    })
    const transport = transportFor(agent)
    const app = startPolling(transport)
    await sleep(100) // the app's first poll is under way when the user sends
    posted.length = 0

    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'Think about it' })
    const messagesChangedBefore = seen.messagesChanged
    const turn = agent.runAgent()
    const samples: boolean[] = []
    for (let i = 0; i < TURN_MS / SAMPLE_MS; i++) {
      samples.push(agent.isRunning)
      await sleep(SAMPLE_MS)
    }
    model.finish()
    await turn
    await app.stop()

    expect(samples).toHaveLength(70)
    expect(samples.filter((running) => !running)).toHaveLength(0)
    // The app kept working during the turn: at least one poll posted while the turn ran.
    const polls = posted.filter((body) => body.proxied)
    expect(polls.length).toBeGreaterThanOrEqual(1)
    expect(app.results.every((r) => r === 'ok')).toBe(true)
    // No poll uploads the conversation.
    expect(polls.every((body) => body.messages.length === 0)).toBe(true)
    // Only the user's turn is a run of the chat agent: one RUN_STARTED, one finalize, and the
    // messages are the turn's own (the user's message, two assistant texts).
    expect(seen.runStarted).toBe(1)
    expect(seen.runFinalized).toBe(1)
    expect(agent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant'])
    expect(seen.messagesChanged - messagesChangedBefore).toBeGreaterThan(0)
  })

  it('Stop (abortRun) while the app polls stops the user’s turn on the server, and the app keeps polling', async () => {
    const agent = makeAgent()
    const transport = transportFor(agent)
    const app = startPolling(transport)
    await sleep(100)
    const stoppedBefore = model.stopped
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'Think about it' })
    const turn = agent.runAgent().catch((error: unknown) => error)
    // Stop once the turn is under way and a poll has come and gone inside it (the app's next one, 2 s in).
    while (!agent.messages.some((m) => m.role === 'assistant')) await sleep(SAMPLE_MS)
    const pollsBefore = app.results.length
    while (app.results.length === pollsBefore) await sleep(SAMPLE_MS)
    // The page still shows the turn as running, so its Stop button is there.
    expect(agent.isRunning).toBe(true)
    expect(model.stopped).toBe(stoppedBefore)
    agent.abortRun()
    await turn
    // The backend's run was torn down (the handler unsubscribes when the client goes away).
    for (let i = 0; i < 100 && model.stopped === stoppedBefore; i++) await sleep(SAMPLE_MS)
    expect(model.stopped).toBe(stoppedBefore + 1)
    expect(agent.isRunning).toBe(false)
    expect(agent.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    const afterStop = app.results.length
    await sleep(POLL_MS + 500)
    await app.stop()
    expect(app.results.length).toBeGreaterThan(afterStop)
    expect(app.results.every((r) => r === 'ok')).toBe(true)
  })
})

describe('createAgUiProxyTransport over the kit route', () => {
  it('answers tools/call and resources/read without a model run and without a conversation', async () => {
    const transport = createAgUiProxyTransport({ url: `${web.url}/api/ag-ui`, headers: HEADERS })
    const turns = model.turns
    posted.length = 0
    const read = (await transport.request(READ_APP)) as { contents: { text: string }[] }
    expect(read.contents[0]?.text).toBe(TRIP_HTML)
    const failed = (await transport.request({ serverHash: '', serverId: 'trips', method: 'tools/call', params: { name: 'fail_trip' } })) as {
      isError?: boolean
    }
    expect(failed.isError).toBe(true)
    expect(model.turns).toBe(turns)
    expect(posted.map((body) => body.messages)).toEqual([[], []])
  })

  it('a model-only tool is refused with the middleware’s message and the HTTP proxy’s code (tool_not_app_visible)', async () => {
    const transport = createAgUiProxyTransport({ url: `${web.url}/api/ag-ui`, headers: HEADERS })
    const calls = trips.calls.length
    const error = await transport
      .request({ serverHash: '', serverId: 'trips', method: 'tools/call', params: { name: 'delete_everything' } })
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.message]).toEqual([
      'tool_not_app_visible',
      'Tool "delete_everything" is not callable from apps (its visibility lacks "app")',
    ])
    expect(trips.calls.length).toBe(calls)
  })

  it('a refusal of the route keeps its code and status (no session: forbidden, 403)', async () => {
    const error = await createAgUiProxyTransport({ url: `${web.url}/api/ag-ui` })
      .request(READ_APP)
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.status]).toEqual(['forbidden', 403])
  })

  it('an elicitation raised by an app’s tool call reaches onElicitation, is answered, and the call resolves', async () => {
    const seen: ElicitationRequestData[] = []
    const transport = createAgUiProxyTransport({
      url: `${web.url}/api/ag-ui`,
      headers: HEADERS,
      onElicitation: (data) => void seen.push(data),
    })
    const call = transport.request({ serverHash: '', serverId: 'trips', method: 'tools/call', params: { name: 'confirm_booking' } })
    for (let i = 0; i < 200 && seen.length === 0; i++) await sleep(20)
    expect(seen[0]).toMatchObject({ status: 'pending', message: 'How many seats?', serverName: 'trips' })
    const answer = await fetch(`${web.url}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...HEADERS },
      body: JSON.stringify({ id: seen[0]?.elicitationId, action: 'accept', content: { seats: 2 } }),
    })
    expect(answer.status).toBe(200)
    const result = (await call) as { content: { text: string }[] }
    expect(JSON.parse(result.content[0]?.text ?? '')).toEqual({ action: 'accept', content: { seats: 2 } })
    expect(seen.map((d) => d.status)).toEqual(['pending', 'accepted'])
  })
})
