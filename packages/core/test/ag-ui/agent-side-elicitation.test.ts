/**
 * Elicitation in AG-UI runs where the agent calls the MCP tools itself: a real `HttpAgent`
 * (`@ag-ui/client` 1.0.0 and 0.0.59, CopilotKit's) posts to `createAgUiHandler`, whose `run` builds
 * the agent for the request's session; the agent's MCP client (MCP SDK v1, `@ai-sdk/mcp`, v2) hands
 * `elicitation/create` to the broker with the run's emit. The page's part is played by `fetch` to
 * the respond route: the tool continues in the same run and the activity keeps one id throughout.
 */
import { HttpAgent as HttpAgent100 } from '@ag-ui/client'
import { ElicitationRequestSchema, createMCPClient } from '@ai-sdk/mcp'
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { HttpAgent as HttpAgent059 } from 'ag-ui-client-0.0.59'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ELICITATION_ACTIVITY_TYPE, isElicitationActivity } from '../../src/elicitation/elicitation-activity'
import type { ElicitationRequestData } from '../../src/elicitation/wire'
import { createAgUiHandler } from '../../src/server/ag-ui/ag-ui-handler'
import { AI_SDK_ELICITATION_CAPABILITY, attachBrokerToAiSdkClient } from '../../src/server/elicitation/adapters/ai-sdk'
import { withUrlElicitation } from '../../src/server/elicitation/adapters/ai-sdk-url-mode'
import { attachBrokerToMcpClientV2 } from '../../src/server/elicitation/adapters/mcp-client-v2'
import { BROKER_ELICITATION_CAPABILITY } from '../../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../../src/server/elicitation/adapters/mcp-sdk'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { type InputRequiredServer, startInputRequiredServer } from '../../src/server/testing/input-required-server'
import { type McpTestServer, startMcpTestServer } from '../../src/server/testing/mcp-test-server'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { type ConnectToolCaller, McpToolAgent } from './mcp-tool-agent'
import { startRun } from './run-recorder'

let legacy: McpTestServer
let modern: InputRequiredServer
let web: TestHttpServer
let broker: ElicitationBroker
let shortBroker: ElicitationBroker

type Kind = 'mcp-sdk' | 'ai-sdk' | 'ai-sdk-url' | 'mcp-client-v2'

async function closeAfter(detach: () => void, client: { close(): Promise<void> }): Promise<void> {
  detach()
  await client.close()
}

/** The agent's MCP client for one run, through the kit's adapter for that client. */
function connector(kind: Kind, url: string, to: () => ElicitationBroker): ConnectToolCaller {
  return async (context) => {
    const brokerNow = to()
    if (kind === 'mcp-sdk') {
      const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
      const detach = attachBrokerToMcpClient(client, brokerNow, {
        schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
        context,
      })
      await client.connect(new StreamableHTTPClientTransport(new URL(url)))
      return { callTool: (name, args) => client.callTool({ name, arguments: args }), close: () => closeAfter(detach, client) }
    }
    if (kind === 'mcp-client-v2') {
      const client = new ClientV2(
        { name: 'agent', version: '1.0.0' },
        { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }, versionNegotiation: { mode: 'auto' } },
      )
      const detach = attachBrokerToMcpClientV2(client, brokerNow, { context })
      await client.connect(new TransportV2(new URL(url)))
      return { callTool: (name, args) => client.callTool({ name, arguments: args }), close: () => closeAfter(detach, client) }
    }
    const urlMode = kind === 'ai-sdk-url'
    const client = await createMCPClient({
      transport: urlMode ? withUrlElicitation(new StreamableHTTPClientTransport(new URL(url)), brokerNow, context) : { type: 'http', url },
      capabilities: { elicitation: urlMode ? BROKER_ELICITATION_CAPABILITY : AI_SDK_ELICITATION_CAPABILITY },
    })
    const detach = attachBrokerToAiSdkClient(client, brokerNow, { schema: ElicitationRequestSchema, context })
    return { callTool: (name, args) => client.callTool({ name, arguments: args }), close: () => closeAfter(detach, client) }
  }
}

beforeAll(async () => {
  legacy = await startMcpTestServer()
  modern = await startInputRequiredServer()
  broker = createElicitationBroker()
  shortBroker = createElicitationBroker({ ttlMs: 400 })
  const getSessionId = sessionFromHeader('x-session-id')
  const route = (kind: Kind, url: string, to: () => ElicitationBroker) =>
    createAgUiHandler({
      getSessionId,
      run: (input: Parameters<McpToolAgent['run']>[0], { sessionId }) =>
        new McpToolAgent({ sessionId, connect: connector(kind, url, to) }).run(input),
    })
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/ag-ui/mcp-sdk': route('mcp-sdk', legacy.url, () => broker),
        '/ag-ui/ai-sdk': route('ai-sdk', legacy.url, () => broker),
        '/ag-ui/ai-sdk-url': route('ai-sdk-url', legacy.url, () => broker),
        '/ag-ui/ai-sdk-modern': route('ai-sdk', modern.url, () => broker),
        '/ag-ui/v2-modern': route('mcp-client-v2', modern.url, () => broker),
        '/ag-ui/short-ttl': route('mcp-sdk', legacy.url, () => shortBroker),
        '/respond': createRespondHandler(broker, { getSessionId }),
        '/respond-short': createRespondHandler(shortBroker, { getSessionId }),
      }),
    ),
  )
})

afterAll(async () => {
  await broker.close()
  await shortBroker.close()
  await web.close()
  await modern.close()
  await legacy.close()
})

async function respond(body: unknown, session = 'alice', path = '/respond'): Promise<number> {
  const response = await fetch(`${web.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session },
    body: JSON.stringify(body),
  })
  return response.status
}

const CLIENTS = [
  ['@ag-ui/client 1.0.0', (url: string) => new HttpAgent100({ url, headers: { 'x-session-id': 'alice' } })],
  ['@ag-ui/client 0.0.59', (url: string) => new HttpAgent059({ url, headers: { 'x-session-id': 'alice' } })],
] as const

describe.each(CLIENTS)('agent-side MCP client, HttpAgent from %s', (_, makeAgent) => {
  it('form mode: shown as an activity, answered through the respond route, the tool continues in the same run', async () => {
    const run = startRun(makeAgent(`${web.url}/ag-ui/mcp-sdk`), 'ask_profile')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.event).toMatchObject({ type: 'ACTIVITY_SNAPSHOT', activityType: ELICITATION_ACTIVITY_TYPE, replace: true })
    expect(pending.event.messageId).toBe(pending.data.elicitationId)
    expect(pending.data).toMatchObject({ mode: 'form', message: 'Tell us about you', serverName: 'hitl-test-server' })
    const id = pending.data.elicitationId

    // The same respond semantics as on the AI SDK path.
    expect(await respond({ id, action: 'accept', content: { name: 'Ada', age: 36 } }, 'mallory')).toBe(403)
    expect(await respond({ id, action: 'accept', content: { name: 'Ada', age: 'old' } })).toBe(422)
    expect(await respond({ id, action: 'accept', content: { name: 'Ada', age: 36, tags: ['a'] } })).toBe(200)
    expect(await respond({ id, action: 'decline' })).toBe(409)

    const { newMessages } = await run.done
    const accepted = await run.activity((data) => data.status === 'accepted')
    expect(accepted.event.messageId).toBe(id)
    expect(accepted.data.response).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, tags: ['a'] } })
    // One run: the elicitation's snapshots come before the tool result, which comes before the end.
    expect(run.types()).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'ACTIVITY_SNAPSHOT',
      'ACTIVITY_SNAPSHOT',
      'TOOL_CALL_RESULT',
      'RUN_FINISHED',
    ])
    const activities = newMessages.filter((m) => isElicitationActivity(m))
    expect(activities).toHaveLength(1)
    expect(activities[0]).toMatchObject({ id, role: 'activity', content: { status: 'accepted' } })
    const tool = newMessages.find((m) => m.role === 'tool') as { content: string } | undefined
    expect(JSON.parse(tool?.content ?? '')).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, tags: ['a'] } })
  })

  it('URL mode: consent, then the server’s completion, under one activity id before the tool result', async () => {
    const run = startRun(makeAgent(`${web.url}/ag-ui/mcp-sdk`), 'connect_and_wait')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.data).toMatchObject({ mode: 'url', url: 'https://calendar.example.com/connect', urlElicitationId: 'connect-2' })
    expect(await respond({ id: pending.data.elicitationId, action: 'accept' })).toBe(200)
    await run.activity((data) => data.status === 'accepted')
    legacy.finishConnectAndWait()
    const { newMessages } = await run.done
    const statuses = run.activities().map((a) => [a.event.messageId, a.data.status])
    expect(statuses).toEqual([
      [pending.data.elicitationId, 'pending'],
      [pending.data.elicitationId, 'accepted'],
      [pending.data.elicitationId, 'completed'],
    ])
    expect(run.types().slice(-2)).toEqual(['TOOL_CALL_RESULT', 'RUN_FINISHED'])
    expect((newMessages.find((m) => m.role === 'tool') as { content: string }).content).toBe('{"connected":true}')
  })

  it('decline reaches the tool as decline', async () => {
    const run = startRun(makeAgent(`${web.url}/ag-ui/mcp-sdk`), 'ask_color')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'decline' })).toBe(200)
    const { newMessages } = await run.done
    expect(run.activities().at(-1)?.data).toMatchObject({ status: 'declined', response: { action: 'decline' } })
    expect((newMessages.find((m) => m.role === 'tool') as { content: string }).content).toBe('{"action":"decline"}')
  })
})

describe('agent-side @ai-sdk/mcp and MCP SDK v2 clients', () => {
  const agent = (path: string) => new HttpAgent100({ url: `${web.url}${path}`, headers: { 'x-session-id': 'alice' } })

  it('@ai-sdk/mcp, form mode', async () => {
    const run = startRun(agent('/ag-ui/ai-sdk'), 'ask_color')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { color: 'g' } })).toBe(200)
    const { newMessages } = await run.done
    expect((newMessages.find((m) => m.role === 'tool') as { content: string }).content).toBe('{"action":"accept","content":{"color":"g"}}')
  })

  it('@ai-sdk/mcp wrapped by withUrlElicitation, URL mode with completion', async () => {
    const run = startRun(agent('/ag-ui/ai-sdk-url'), 'connect_and_wait')
    const pending = await run.activity((data) => data.status === 'pending' && data.mode === 'url')
    expect(await respond({ id: pending.data.elicitationId, action: 'accept' })).toBe(200)
    await run.activity((data) => data.status === 'accepted')
    legacy.finishConnectAndWait()
    await run.done
    expect(run.activities().map((a) => a.data.status)).toEqual(['pending', 'accepted', 'completed'])
  })

  it.each([
    ['@ai-sdk/mcp', '/ag-ui/ai-sdk-modern'],
    ['MCP SDK v2 Client', '/ag-ui/v2-modern'],
  ])('2026-07-28 input_required through %s: the retried call carries the answer, in the same run', async (_, path) => {
    const answered = modern.answered()
    const run = startRun(agent(path), 'book')
    const pending = await run.activity((data) => data.status === 'pending')
    expect(pending.data).toMatchObject({ message: 'How many seats?', mode: 'form' })
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { seats: 3 } })).toBe(200)
    const { newMessages } = await run.done
    expect(modern.answered()).toBe(answered + 1)
    expect((newMessages.find((m) => m.role === 'tool') as { content: string }).content).toBe('{"action":"accept","content":{"seats":3}}')
  })
})

describe('expiry', () => {
  it('an unanswered elicitation expires inside the run: 410 from the respond route, the tool gets cancel', async () => {
    const run = startRun(new HttpAgent100({ url: `${web.url}/ag-ui/short-ttl`, headers: { 'x-session-id': 'alice' } }), 'ask_color')
    const pending = await run.activity((data) => data.status === 'pending')
    const expired = await run.activity((data) => data.status === 'expired')
    expect(expired.event.messageId).toBe(pending.data.elicitationId)
    expect(await respond({ id: pending.data.elicitationId, action: 'accept', content: { color: 'r' } }, 'alice', '/respond-short')).toBe(410)
    const { newMessages } = await run.done
    expect((newMessages.find((m) => m.role === 'tool') as { content: string }).content).toBe('{"action":"cancel"}')
  })
})

describe('the route', () => {
  it('refuses a run without a session before the agent runs (403)', async () => {
    const response = await fetch(`${web.url}/ag-ui/mcp-sdk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [], context: [] }),
    })
    expect(response.status).toBe(403)
  })

  it('keeps the pending data the same as the AI SDK part (content is ElicitationRequestData)', async () => {
    const run = startRun(new HttpAgent100({ url: `${web.url}/ag-ui/mcp-sdk`, headers: { 'x-session-id': 'alice' } }), 'ask_color')
    const pending = await run.activity((data) => data.status === 'pending')
    const listed = (await broker.listPending('alice')).find((d) => d.elicitationId === pending.data.elicitationId)
    expect(pending.data).toEqual(listed satisfies ElicitationRequestData | undefined)
    expect(await respond({ id: pending.data.elicitationId, action: 'cancel' })).toBe(200)
    await run.done
  })
})
