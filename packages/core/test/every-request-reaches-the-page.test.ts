// @module-tag security
/**
 * Every request reaches the person, through the real clients on the page: a real MCP server on
 * 127.0.0.1 writes `elicitation/create` itself (raw-elicitation-server), the kit's broker writes the
 * parts, and the page reads them as a user's page does:
 *
 * - AI SDK: the UI message stream response read by `ai`'s own `DefaultChatTransport` (its secure
 *   JSON parser refuses a `__proto__` key anywhere in a chunk) and `readUIMessageStream`, the parts
 *   fed to the kit's queue as `useElicitation` feeds it;
 * - AG-UI: `createAgUiHandler` read by a real `HttpAgent` (`@ag-ui/client` 1.0.0 and CopilotKit's
 *   0.0.59), the activity messages of `agent.messages` fed to the kit's queue.
 *
 * On both: a form whose fields have every legal name (Object.prototype's keys, path separators,
 * the empty string...) is shown under those names, answered by the page under those names, and the
 * server receives exactly them; a request no form can satisfy is declined and the chat holds the
 * record that says so and why.
 */
import { HttpAgent as HttpAgent100 } from '@ag-ui/client'
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { HttpAgent as HttpAgent059 } from 'ag-ui-client-0.0.59'
import { createUIMessageStream, createUIMessageStreamResponse, DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createElicitationQueue, type ElicitationQueue } from '../src/elicitation/elicitation-queue'
import type { ElicitationRequestData, RespondRequestBody } from '../src/elicitation/wire'
import { createAgUiHandler } from '../src/server/ag-ui/ag-ui-handler'
import { attachBrokerToAiSdkClient } from '../src/server/elicitation/adapters/ai-sdk'
import { withUrlElicitation } from '../src/server/elicitation/adapters/ai-sdk-url-mode'
import { BROKER_ELICITATION_CAPABILITY } from '../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../src/server/elicitation/adapters/mcp-sdk'
import { createElicitationBroker } from '../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker, ElicitationRequestContext } from '../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../src/server/elicitation/respond-handler'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../src/server/testing/node-http-bridge'
import { type ConnectToolCaller, McpToolAgent } from './ag-ui/mcp-tool-agent'
import { startRun } from './ag-ui/run-recorder'
import { EVERY_NAME_ANSWER, EVERY_NAME_FIELDS, EVERY_NAME_PARAMS, PROPERTY_NAMES, sortedNames } from './fixtures/property-names'
import { type RawElicitationServer, startRawElicitationServer } from './server/raw-elicitation-server'

const IMPOSSIBLE = {
  mode: 'form',
  message: 'How old are you?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer', title: 'Age', minimum: 10, maximum: 1 } }, required: ['age'] },
}
const IMPOSSIBLE_REASON = 'No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1, so no answer can be valid, and it is required; swap or correct them.'

let raw: RawElicitationServer
let web: TestHttpServer
let broker: ElicitationBroker
const SESSION = 'page'

/** The page's queue, answering through the respond route as the kit's respond client would. */
function pageQueue(): ElicitationQueue {
  return createElicitationQueue({
    send: async (body: RespondRequestBody) => {
      const response = await fetch(`${web.url}/respond`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      if (!response.ok) throw new Error(`respond ${response.status}: ${await response.text()}`)
    },
  })
}

/** The names of a shown schema's fields, own keys only. */
const fieldNames = (data: ElicitationRequestData | undefined): string[] => sortedNames(Object.getOwnPropertyNames(data?.requestedSchema.properties ?? {}))

type McpClientKind = 'MCP SDK v1 Client' | '@ai-sdk/mcp'

/** The server-side MCP client of one chat turn, its elicitations going to the broker with `context`. */
async function connectMcp(kind: McpClientKind, context: ElicitationRequestContext) {
  if (kind === 'MCP SDK v1 Client') {
    const client = new Client({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    const detach = attachBrokerToMcpClient(client, broker, { schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema }, context })
    await client.connect(new StreamableHTTPClientTransport(new URL(raw.url)))
    return {
      callTool: (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }),
      close: async () => {
        detach()
        await client.close()
      },
    }
  }
  const client = await createMCPClient({
    transport: withUrlElicitation(new StreamableHTTPClientTransport(new URL(raw.url)), broker, context),
    capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY },
  })
  const detach = attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context })
  return {
    callTool: (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }),
    close: async () => {
      detach()
      await client.close()
    },
  }
}

const textOf = (result: unknown): unknown => JSON.parse((result as { content: [{ text: string }] }).content[0].text)

/**
 * One AI SDK chat turn: the server's tool asks with `params`, the page reads the stream with `ai`'s
 * own transport, and answers the first request it shows with `answer` (when given).
 */
async function aiSdkTurn(kind: McpClientKind, params: unknown, answer?: Record<string, unknown>) {
  let emit: ElicitationRequestContext['emit']
  const mcp = await connectMcp(kind, { sessionId: SESSION, serverName: 'Acme', emit: (part) => emit?.(part) })
  const response = createUIMessageStreamResponse({
    stream: createUIMessageStream({
      execute: async ({ writer }) => {
        emit = writer.write
        const result = await mcp.callTool('ask_params', { params })
        writer.write({ type: 'text-start', id: 't' })
        writer.write({ type: 'text-delta', id: 't', delta: JSON.stringify(textOf(result)) })
        writer.write({ type: 'text-end', id: 't' })
      },
    }),
  })
  const transport = new DefaultChatTransport<UIMessage>({ api: `${web.url}/api/chat`, fetch: async () => response })
  const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'c', messageId: undefined, messages: [], abortSignal: undefined })
  const queue = pageQueue()
  let shown: ElicitationRequestData | undefined
  let last: UIMessage | undefined
  try {
    for await (const message of readUIMessageStream<UIMessage>({ stream })) {
      last = message
      queue.syncMessages([structuredClone(message)])
      const current = queue.getSnapshot().current
      if (current && !shown) {
        shown = current.data
        if (answer) void queue.respond({ action: 'accept', content: answer as never })
      }
    }
  } finally {
    await mcp.close()
  }
  const parts = (last?.parts ?? []).filter((part) => part.type === 'data-elicitation-request') as { data: ElicitationRequestData }[]
  const text = last?.parts.find((part) => part.type === 'text') as { text: string } | undefined
  return { shown, parts: parts.map((part) => part.data), server: text ? JSON.parse(text.text) : undefined }
}

beforeAll(async () => {
  raw = await startRawElicitationServer()
  broker = createElicitationBroker({ ttlMs: 20_000 })
  const getSessionId = () => SESSION
  const connect: ConnectToolCaller = (context) => connectMcp('MCP SDK v1 Client', context)
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: Parameters<McpToolAgent['run']>[0], { sessionId }) => new McpToolAgent({ sessionId, serverName: 'Acme', connect }).run(input),
        }),
        '/respond': createRespondHandler(broker, { getSessionId }),
      }),
    ),
  )
})

afterAll(async () => {
  await broker.close()
  await web.close()
  await raw.close()
})

describe.each(['MCP SDK v1 Client', '@ai-sdk/mcp'] as const)('AI SDK chat stream read by ai\'s own transport, the server on %s', (kind) => {
  it('shows a field of every legal name under its own name, and the server receives the answer under those names', async () => {
    const turn = await aiSdkTurn(kind, EVERY_NAME_PARAMS, EVERY_NAME_ANSWER)
    expect(fieldNames(turn.shown)).toEqual(EVERY_NAME_FIELDS)
    expect(turn.shown?.requestedSchema.required).toEqual(PROPERTY_NAMES)
    expect(turn.server).toEqual({ result: { action: 'accept', content: EVERY_NAME_ANSWER } })
    expect(sortedNames(Object.getOwnPropertyNames(turn.server.result.content))).toEqual(EVERY_NAME_FIELDS)
    // The settled part stays in the chat: the record of what was shared.
    expect(turn.parts.map((data) => data.status)).toEqual(['accepted'])
  })

  it('declines a request no form can satisfy, and the chat holds the record that says so and why', async () => {
    const turn = await aiSdkTurn(kind, IMPOSSIBLE)
    expect(turn.server).toEqual({ result: { action: 'decline' } })
    expect(turn.parts).toEqual([
      expect.objectContaining({ status: 'failed', message: 'How old are you?', serverName: 'Acme', response: { action: 'decline' }, reason: IMPOSSIBLE_REASON }),
    ])
  })
})

const AG_UI_CLIENTS = [
  ['@ag-ui/client 1.0.0', () => new HttpAgent100({ url: `${web.url}/ag-ui` })],
  ['@ag-ui/client 0.0.59', () => new HttpAgent059({ url: `${web.url}/ag-ui` })],
] as const

describe.each(AG_UI_CLIENTS)('AG-UI run read by HttpAgent from %s', (_, makeAgent) => {
  it('shows a field of every legal name under its own name, and the server receives the answer under those names', async () => {
    const agent = makeAgent()
    const run = startRun(agent, `ask_params ${JSON.stringify({ params: EVERY_NAME_PARAMS })}`)
    await run.activity((data) => data.status === 'pending')
    const queue = pageQueue()
    await vi.waitFor(() => {
      queue.syncActivities(agent.messages)
      expect(queue.getSnapshot().current).toBeDefined()
    })
    const shown = queue.getSnapshot().current?.data
    expect(fieldNames(shown)).toEqual(EVERY_NAME_FIELDS)
    await queue.respond({ action: 'accept', content: EVERY_NAME_ANSWER as never })
    const { newMessages } = await run.done
    const result = newMessages.find((message) => message.role === 'tool')
    const server = JSON.parse(String(result?.content))
    expect(server).toEqual({ result: { action: 'accept', content: EVERY_NAME_ANSWER } })
    expect(sortedNames(Object.getOwnPropertyNames(server.result.content))).toEqual(EVERY_NAME_FIELDS)
  })

  it('declines a request no form can satisfy, and the run leaves the activity that says so and why', async () => {
    const agent = makeAgent()
    const run = startRun(agent, `ask_params ${JSON.stringify({ params: IMPOSSIBLE })}`)
    const { newMessages } = await run.done
    expect(JSON.parse(String(newMessages.find((message) => message.role === 'tool')?.content))).toEqual({ result: { action: 'decline' } })
    const activity = newMessages.find((message) => message.role === 'activity') as { content?: unknown } | undefined
    expect(activity?.content).toMatchObject({ status: 'failed', message: 'How old are you?', serverName: 'Acme', response: { action: 'decline' }, reason: IMPOSSIBLE_REASON })
  })
})
