// @module-tag security
/**
 * The 25 real-world schemas on every adapter path, against a real MCP server on 127.0.0.1 that writes
 * each `elicitation/create` itself and checks answers with Ajv against the schema it sent:
 *
 * - the AI SDK client (`@ai-sdk/mcp`, as `connectMcpTools` sets it up);
 * - the MCP SDK v1 `Client` (`attachBrokerToMcpClient`);
 * - the MCP SDK v2 `Client` (`attachBrokerToMcpClientV2`);
 * - the AG-UI middleware's clients, v1 and v2 (`connectUrlServer`, what `createMcpAppsMiddleware`
 *   and the proxy open for each configured server).
 *
 * On each: the user sees the schema the kit shows (every constraint kept), an answer the server
 * would refuse is refused with the same field, the server's accepted answer reaches it and the
 * server accepts it; a schema with a flaw a form can work around is shown worked around and its
 * answer reaches the server, one no form can satisfy is declined with the reason in the chat's part;
 * a field of every legal property name is answered under its own name; a replayed request gets the recorded answer without a second dialog; the
 * header names the server by its title and shows its one safe icon.
 *
 * On every path, a server's `notifications/cancelled` withdraws the elicitation (the AI SDK client
 * itself drops that notification; the transport wrapper reads it). On the MCP SDK paths (v1 and v2;
 * on v2 the kit reaches past the `Client`'s own zod check of the request): a `ping` is still answered,
 * params that are not an object are dropped by the SDK's transport without harm, params over 1 MiB
 * get a JSON-RPC error. On v2 the SDK still refuses a mode the client did not declare, and attaching
 * after `connect` works. (The `input_required` rounds: real-world-schemas.input-required.test.ts.)
 */
import { createMCPClient, ElicitationRequestSchema, mcpAppClientCapabilities } from '@ai-sdk/mcp'
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachBrokerToAiSdkClient } from '../src/server/elicitation/adapters/ai-sdk'
import { withUrlElicitation } from '../src/server/elicitation/adapters/ai-sdk-url-mode'
import { BROKER_ELICITATION_CAPABILITY } from '../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../src/server/elicitation/adapters/mcp-sdk'
import { attachBrokerToMcpClientV2 } from '../src/server/elicitation/adapters/mcp-client-v2'
import { createElicitationBroker } from '../src/server/elicitation/elicitation-broker'
import { createPartRecorder } from '../src/server/testing/part-recorder'
import { decodeElicitationNames } from '../src/elicitation/elicitation-name-stand-ins'
import { UNSATISFIABLE_SCHEMAS, WORKED_AROUND_SCHEMAS } from './fixtures/flawed-schemas'
import { EVERY_NAME_ANSWER, EVERY_NAME_FIELDS, EVERY_NAME_PARAMS, sortedNames } from './fixtures/property-names'
import { REAL_WORLD_SCHEMAS } from './fixtures/real-world-schemas'
import { type RawAnswer, type RawElicitationServer, startRawElicitationServer } from './server/raw-elicitation-server'
import { type ConnectPath, connectAgUiPath, expectFixtureRoundTrip, pendingAfter, textOf, usePathSession } from './server/real-world-paths'

const PATHS: [string, ConnectPath][] = [
  [
    'AI SDK client',
    async (url, broker, context) => {
      const client = await createMCPClient({
        transport: withUrlElicitation(new StreamableHTTPClientTransport(new URL(url)), broker, context),
        capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY, ...mcpAppClientCapabilities },
      })
      const detach = attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context })
      return {
        call: async (name, args) => textOf(await client.callTool({ name, arguments: args })),
        close: async () => {
          detach()
          await client.close()
        },
      }
    },
  ],
  [
    'MCP SDK v1 Client',
    async (url, broker, context) => {
      const client = new Client({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
      attachBrokerToMcpClient(client, broker, { schemas: { request: (await import('@modelcontextprotocol/sdk/types.js')).ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema }, context })
      await client.connect(new StreamableHTTPClientTransport(new URL(url)))
      return { call: async (name, args) => textOf(await client.callTool({ name, arguments: args })), close: () => client.close() }
    },
  ],
  [
    'MCP SDK v2 Client',
    async (url, broker, context) => {
      const client = new ClientV2({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
      const errors: string[] = []
      client.onerror = (error) => errors.push(String(error))
      attachBrokerToMcpClientV2(client, broker, { context })
      await client.connect(new TransportV2(new URL(url)))
      return { call: async (name, args) => textOf(await client.callTool({ name, arguments: args })), close: () => client.close(), errors }
    },
  ],
  ['AG-UI middleware client (SDK v1)', connectAgUiPath('v1')],
  ['AG-UI middleware client (SDK v2)', connectAgUiPath('v2')],
]

let server: RawElicitationServer
beforeAll(async () => {
  server = await startRawElicitationServer()
})
afterAll(async () => {
  await server.close()
})

describe.each(PATHS)('%s', (_pathName, connect) => {
  const session = usePathSession(connect, () => server.url, 'alice')

  it.each(REAL_WORLD_SCHEMAS.map((fixture, index) => [fixture.name, index] as const))('%s', async (_name, index) => {
    await expectFixtureRoundTrip(session, index)
  })

  it('names the server by its serverInfo title and shows its one https icon', async () => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask', { index: 0 })
    const part = await pendingAfter(rec, from)
    expect(part.data).toMatchObject({ serverName: 'Acme Support', serverIcon: 'https://acme.example.com/icon.png' })
    await broker.respond({ id: part.id, action: 'decline' }, sessionId)
    expect(await call).toEqual({ action: 'decline', serverAccepts: true })
  })

  it('answers a replayed request (same JSON-RPC id) with the recorded answer, without a second dialog', async () => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask_replayed', { index: 2 })
    const part = await pendingAfter(rec, from)
    const answer = REAL_WORLD_SCHEMAS[2]?.answer ?? {}
    expect(await broker.respond({ id: part.id, action: 'accept', content: answer }, sessionId)).toEqual({ ok: true })
    const both = (await call) as { first: RawAnswer; replayed: RawAnswer }
    expect(both.replayed).toEqual(both.first)
    expect(both.first).toEqual({ action: 'accept', content: answer, serverAccepts: true })
    // One elicitation was shown: pending then accepted, and nothing after.
    expect(rec.parts.slice(from).map((p) => [p.id === part.id, p.data.status])).toEqual([
      [true, 'pending'],
      [true, 'accepted'],
    ])
  })
})

describe.each(PATHS)('%s, a schema with a flaw', (_pathName, connect) => {
  const session = usePathSession(connect, () => server.url, 'dora')

  it.each(WORKED_AROUND_SCHEMAS.map((fixture) => [fixture.name, fixture] as const))('%s: shown with the flaw worked around, answered by the person', async (_name, fixture) => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask_params', { params: { mode: 'form', message: 'Flawed', requestedSchema: fixture.input } })
    const part = await pendingAfter(rec, from)
    expect(part.data.requestedSchema).toEqual(fixture.shown)
    if (fixture.refused) {
      const refused = await broker.respond({ id: part.id, action: 'accept', content: fixture.refused.content as never }, sessionId)
      expect(refused).toMatchObject({ ok: false, code: 'invalid_content' })
    }
    expect(await broker.respond({ id: part.id, action: 'accept', content: fixture.answer }, sessionId)).toEqual({ ok: true })
    expect(await call).toEqual({ result: { action: 'accept', content: fixture.answer } })
  })

  it('a field of every legal name (__proto__, constructor, "" ...): shown and answered under its own name, the server gets those names', async () => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask_params', { params: EVERY_NAME_PARAMS })
    const part = await pendingAfter(rec, from)
    // What the page decodes: the broker's part carries a name no JSON reader takes under a stand-in.
    const shown = decodeElicitationNames(part.data)
    expect(sortedNames(Object.getOwnPropertyNames(shown.requestedSchema.properties))).toEqual(EVERY_NAME_FIELDS)
    expect(await broker.respond({ id: part.id, action: 'accept', content: EVERY_NAME_ANSWER }, sessionId)).toEqual({ ok: true })
    const reply = (await call) as { result: { content: Record<string, unknown> } }
    expect(reply).toEqual({ result: { action: 'accept', content: EVERY_NAME_ANSWER } })
    expect(sortedNames(Object.getOwnPropertyNames(reply.result.content))).toEqual(EVERY_NAME_FIELDS)
  })

  it.each(UNSATISFIABLE_SCHEMAS.map((fixture) => [fixture.name, fixture] as const))('%s: declined, and the chat is told what and why', async (_name, fixture) => {
    const { rec, client } = session
    const from = rec.parts.length
    const reply = await client.call('ask_params', { params: { mode: 'form', message: 'Impossible', requestedSchema: fixture.input } })
    expect(reply).toEqual({ result: { action: 'decline' } })
    const shown = rec.parts.slice(from)
    expect(shown.map((p) => p.data.status)).toEqual(['failed'])
    expect(shown[0]?.data).toMatchObject({ message: 'Impossible', response: { action: 'decline' }, reason: expect.stringMatching(/^No form can satisfy this request: .*it is required/) })
  })
})


describe.each(PATHS)('%s, when the server stops waiting', (_pathName, connect) => {
  const session = usePathSession(connect, () => server.url, 'carol')

  it('withdraws the elicitation on the server’s notifications/cancelled: shown as withdrawn, a late answer refused as withdrawn (410)', async () => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask', { index: 0 })
    const part = await pendingAfter(rec, from)
    const id = server.sent.at(-1)
    if (id === undefined) throw new Error('nothing sent')
    expect(await server.cancel(id)).toBe(true)
    expect(await call).toEqual({ error: 'cancelled' })
    await rec.next((p) => p.id === part.id && p.data.status === 'withdrawn')
    expect(await broker.respond({ id: part.id, action: 'accept', content: REAL_WORLD_SCHEMAS[0]?.answer ?? {} }, sessionId)).toMatchObject({
      ok: false,
      code: 'withdrawn',
    })
    expect(rec.parts.slice(from).filter((p) => p.id === part.id).map((p) => p.data.status)).toEqual(['pending', 'withdrawn'])
  })
})

// The MCP SDK paths, v1 and v2 (the AI SDK client has no 1 MiB bound of its own: the broker's limit declines it with a notice).
const SDK_PATHS = PATHS.filter(([name]) => !name.startsWith('AI SDK'))

describe.each(SDK_PATHS)('%s, around the elicitations it answers', (_, connect) => {
  const session = usePathSession(connect, () => server.url, 'bob')
  const first = REAL_WORLD_SCHEMAS[0]

  it('answers a request that is not an elicitation (ping) as before', async () => {
    const { client } = session
    expect(await client.call('ping_client', {})).toEqual({ result: {} })
  })

  it.each([
    ['a string', 'not an object'],
    ['an array', [{ mode: 'form' }]],
    ['a number', 42],
    ['null', null],
  ])('drops params that are %s as the SDK transport does (not JSON-RPC), shows nothing and serves the next request', async (_kind, params) => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const call = client.call('ask_params_then', { params, index: 0 })
    const part = await pendingAfter(rec, from)
    expect(await broker.respond({ id: part.id, action: 'accept', content: first?.answer ?? {} }, sessionId)).toEqual({ ok: true })
    expect(await call).toEqual({ malformed: 'unanswered', valid: { action: 'accept', content: first?.answer, serverAccepts: true } })
    expect(rec.parts.slice(from).map((p) => [p.id, p.data.status])).toEqual([
      [part.id, 'pending'],
      [part.id, 'accepted'],
    ])
    // The transport reports it to `onerror` (its JSON-RPC schema refuses the message) and goes on.
    if (client.errors) expect(client.errors.at(-1)).toMatch(/expected object/)
  })

  it('refuses params that are an object but no elicitation with a notice the user sees, and declines', async () => {
    const { rec, client } = session
    const from = rec.parts.length
    const reply = (await client.call('ask_params', { params: { message: 'Bad', requestedSchema: 'not a schema' } })) as { result?: unknown }
    expect(reply.result).toEqual({ action: 'decline' })
    const failed = await rec.next((p) => rec.parts.indexOf(p) >= from && p.data.status === 'failed')
    expect(failed.data.message).toBe('Bad')
  })

  it('refuses params over 1 MiB with a JSON-RPC error before parsing them, and serves the next request', async () => {
    const { broker, rec, client, sessionId } = session
    const from = rec.parts.length
    const reply = (await client.call('ask_huge', { bytes: 2 * 1024 * 1024 })) as { error?: { code?: number; message?: string } }
    expect(reply.error).toMatchObject({ code: -32602, message: expect.stringMatching(/over the limit of 1,048,576 bytes/) })
    expect(rec.parts.slice(from)).toEqual([])
    const call = client.call('ask', { index: 0 })
    const part = await pendingAfter(rec, from)
    expect(await broker.respond({ id: part.id, action: 'accept', content: first?.answer ?? {} }, sessionId)).toEqual({ ok: true })
    expect(await call).toEqual({ action: 'accept', content: first?.answer, serverAccepts: true })
  })
})

describe('MCP SDK v2 Client, how the broker is attached', () => {
  it('leaves the SDK its own check of the mode the client declared: a URL-only client refuses a form (-32602), nothing shown', async () => {
    const broker = createElicitationBroker()
    const rec = createPartRecorder()
    const client = new ClientV2({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } })
    attachBrokerToMcpClientV2(client, broker, { context: { sessionId: 'carol', emit: rec.emit } })
    // The registration hook is extended for the broker's handler only, not left on the client.
    expect(Object.hasOwn(client, '_wrapHandler')).toBe(false)
    await client.connect(new TransportV2(new URL(server.url)))
    try {
      const reply = textOf(await client.callTool({ name: 'ask', arguments: { index: 0 } })) as { error?: { code?: number; message?: string } }
      expect(reply.error).toMatchObject({ code: -32602, message: expect.stringMatching(/does not support form-mode/) })
      expect(rec.parts).toEqual([])
    } finally {
      await client.close()
      await broker.close()
    }
  })

  it('attached after the client connected, still shows, with every constraint, what its own schema would refuse, and the server accepts the answer', async () => {
    const broker = createElicitationBroker()
    const rec = createPartRecorder()
    const client = new ClientV2({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    await client.connect(new TransportV2(new URL(server.url)))
    const detach = attachBrokerToMcpClientV2(client, broker, { context: { sessionId: 'carol', emit: rec.emit } })
    try {
      const index = REAL_WORLD_SCHEMAS.findIndex((fixture) => fixture.name === 'Pydantic Optional fields: anyOf with null')
      const fixture = REAL_WORLD_SCHEMAS[index]
      if (!fixture) throw new Error('no fixture')
      const call = client.callTool({ name: 'ask', arguments: { index } })
      const part = await pendingAfter(rec, 0)
      expect(part.data.requestedSchema).toEqual(fixture.shown)
      expect(await broker.respond({ id: part.id, action: 'accept', content: fixture.answer }, 'carol')).toEqual({ ok: true })
      expect(textOf(await call)).toEqual({ action: 'accept', content: fixture.answer, serverAccepts: true })
    } finally {
      detach()
      await client.close()
      await broker.close()
    }
  })
})
