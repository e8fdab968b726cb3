// @module-tag security
/**
 * The broker between real peers on 127.0.0.1: an McpServer over Streamable HTTP whose tools call
 * `elicitInput`, a real `@ai-sdk/mcp` client and a real SDK `Client`, and respond / list calls made
 * with `fetch` to a node:http server that mounts the Fetch-API handlers.
 */
import { ElicitationRequestSchema, createMCPClient } from '@ai-sdk/mcp'
import type { MCPClient } from '@ai-sdk/mcp'
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ElicitationDataPart } from '../../elicitation/wire'
import { AI_SDK_ELICITATION_CAPABILITY, attachBrokerToAiSdkClient } from './adapters/ai-sdk'
import { attachBrokerToMcpClientV2 } from './adapters/mcp-client-v2'
import { BROKER_ELICITATION_CAPABILITY } from './adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from './adapters/mcp-sdk'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createListHandler } from './list-handler'
import { createRespondHandler } from './respond-handler'
import { startMcpTestServer } from '../testing/mcp-test-server'
import { elicitRequiredUrls, getRequiredUrlElicitations } from './url-elicitation-required'
import type { McpTestServer } from '../testing/mcp-test-server'
import { routeFetch, startTestHttpServer, toNodeListener } from '../testing/node-http-bridge'
import type { TestHttpServer } from '../testing/node-http-bridge'
import { createPartRecorder } from '../testing/part-recorder'
import type { PartRecorder } from '../testing/part-recorder'

const getSessionId = (request: Request) => request.headers.get('x-session-id')

let mcp: McpTestServer
let web: TestHttpServer
let broker: ElicitationBroker
let shortBroker: ElicitationBroker

beforeAll(async () => {
  mcp = await startMcpTestServer()
  broker = createElicitationBroker()
  shortBroker = createElicitationBroker({ ttlMs: 250 })
  web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/api/elicitation/respond': createRespondHandler(broker, { getSessionId }),
        '/api/elicitation/pending': createListHandler(broker, { getSessionId }),
        '/short/respond': createRespondHandler(shortBroker, { getSessionId }),
      }),
    ),
  )
})

afterAll(async () => {
  await broker.close()
  await shortBroker.close()
  await web.close()
  await mcp.close()
})

interface PostOptions {
  session?: string | null
  contentType?: string
  path?: string
}

async function post(body: unknown, options: PostOptions = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' }
  const session = options.session === undefined ? 'alice' : options.session
  if (session !== null) headers['x-session-id'] = session
  const response = await fetch(`${web.url}${options.path ?? '/api/elicitation/respond'}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const toolJson = (result: unknown): unknown => JSON.parse((result as { content: [{ text: string }] }).content[0].text)
const isPending = (part: ElicitationDataPart) => part.data.status === 'pending'

describe('with a real @ai-sdk/mcp client', () => {
  let client: MCPClient
  let rec: PartRecorder
  let detach: () => void

  beforeAll(async () => {
    client = await createMCPClient({
      transport: { type: 'http', url: mcp.url },
      capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY },
    })
  })
  afterAll(async () => {
    await client.close()
  })
  afterEach(() => detach?.())

  const attach = (target: ElicitationBroker = broker) => {
    rec = createPartRecorder()
    detach = attachBrokerToAiSdkClient(client, target, {
      schema: ElicitationRequestSchema,
      context: () => ({ sessionId: 'alice', emit: rec.emit }),
    })
  }

  it('accept: the server receives exactly the validated content, with the right types', async () => {
    attach()
    const call = client.callTool({ name: 'ask_profile' })
    const part = await rec.next(isPending)
    expect(part.data).toMatchObject({ message: 'Tell us about you', mode: 'form', serverName: 'hitl-test-server' })
    const res = await post({
      id: part.id,
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true, color: 'green', tags: ['a', 'c'], unknown: 'dropped' },
    })
    expect(res).toEqual({ status: 200, json: { success: true } })
    expect(toolJson(await call)).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true, color: 'green', tags: ['a', 'c'] },
    })
    expect((await rec.next((p) => p.data.status === 'accepted')).id).toBe(part.id)
  })

  it('decline and cancel reach the server without content', async () => {
    attach()
    const first = client.callTool({ name: 'ask_color' })
    const a = await rec.next(isPending)
    expect((await post({ id: a.id, action: 'decline', content: { color: 'r' } })).status).toBe(200)
    expect(toolJson(await first)).toEqual({ action: 'decline' })

    const second = client.callTool({ name: 'ask_color' })
    const b = await rec.next((p) => isPending(p) && p.id !== a.id)
    expect((await post({ id: b.id, action: 'cancel' })).status).toBe(200)
    expect(toolJson(await second)).toEqual({ action: 'cancel' })
  })

  it('422 keeps the elicitation pending with field errors; the corrected accept goes through; then 409', async () => {
    attach()
    const call = client.callTool({ name: 'ask_profile' })
    const part = await rec.next(isPending)
    const bad = await post({ id: part.id, action: 'accept', content: { name: 'Ada', age: '36' } })
    expect(bad.status).toBe(422)
    expect(bad.json).toMatchObject({ code: 'invalid_content', fieldErrors: [{ field: 'age', pointer: '/age', keyword: 'type' }] })
    const listed = await fetch(`${web.url}/api/elicitation/pending`, { headers: { 'x-session-id': 'alice' } })
    expect(((await listed.json()) as { elicitations: { elicitationId: string }[] }).elicitations.map((e) => e.elicitationId)).toContain(part.id)
    expect((await post({ id: part.id, action: 'accept', content: { name: 'Ada', age: 36 } })).status).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } })
    const again = await post({ id: part.id, action: 'decline' })
    expect(again).toMatchObject({ status: 409, json: { code: 'already_settled' } })
  })

  it('refuses malformed, foreign, unknown, oversized and non-JSON answers with the right statuses', async () => {
    attach()
    const call = client.callTool({ name: 'ask_color' })
    const part = await rec.next(isPending)
    expect(await post('{"id":', {})).toMatchObject({ status: 400, json: { code: 'bad_request' } })
    expect(await post({ id: part.id, action: 'maybe' })).toMatchObject({ status: 400, json: { code: 'bad_request' } })
    expect(await post({ id: part.id, action: 'accept', content: 'r' })).toMatchObject({ status: 400 })
    expect(await post({ id: part.id, action: 'accept', content: { color: 'r' } }, { session: 'mallory' })).toMatchObject({
      status: 403,
      json: { code: 'forbidden' },
    })
    expect(await post({ id: part.id, action: 'decline' }, { session: null })).toMatchObject({ status: 403 })
    expect(await post({ id: 'no-such-id', action: 'decline' })).toEqual({
      status: 404,
      json: { error: 'Elicitation request not found or already resolved', code: 'not_found' },
    })
    const big = await post({ id: part.id, action: 'accept', content: { color: 'x'.repeat(70_000) } })
    expect(big).toMatchObject({ status: 413, json: { code: 'payload_too_large' } })
    expect(await post(JSON.stringify({ id: part.id, action: 'decline' }), { contentType: 'text/plain' })).toMatchObject({
      status: 415,
      json: { code: 'unsupported_media_type' },
    })
    // None of the refused calls touched the elicitation: it is still pending and answerable.
    expect((await post({ id: part.id, action: 'accept', content: { color: 'g' } })).status).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'accept', content: { color: 'g' } })
  })

  it('two concurrent elicitations from two tools are both answered correctly', async () => {
    attach()
    const profile = client.callTool({ name: 'ask_profile' })
    const color = client.callTool({ name: 'ask_color' })
    await rec.next(() => rec.parts.filter(isPending).length === 2)
    const byMessage = new Map(rec.parts.filter(isPending).map((p) => [p.data.message, p.id]))
    // Answer in the opposite order of arrival.
    expect((await post({ id: byMessage.get('Pick a color'), action: 'accept', content: { color: 'r' } })).status).toBe(200)
    expect((await post({ id: byMessage.get('Tell us about you'), action: 'accept', content: { name: 'Bo', age: 7 } })).status).toBe(200)
    expect(toolJson(await color)).toEqual({ action: 'accept', content: { color: 'r' } })
    expect(toolJson(await profile)).toEqual({ action: 'accept', content: { name: 'Bo', age: 7 } })
  })

  it('expiry answers cancel to the server, shows expired, and a late answer gets 410', async () => {
    attach(shortBroker)
    const call = client.callTool({ name: 'ask_color' })
    const part = await rec.next(isPending)
    expect(toolJson(await call)).toEqual({ action: 'cancel' })
    expect((await rec.next((p) => p.data.status === 'expired')).id).toBe(part.id)
    expect(await post({ id: part.id, action: 'decline' }, { path: '/short/respond' })).toMatchObject({
      status: 410,
      json: { code: 'expired' },
    })
  })

  it('detaching answers a waiting elicitation cancel', async () => {
    attach()
    const call = client.callTool({ name: 'ask_color' })
    await rec.next(isPending)
    detach()
    expect(toolJson(await call)).toEqual({ action: 'cancel' })
    expect((await rec.next((p) => p.data.status === 'cancelled')).data.status).toBe('cancelled')
  })
})

describe('with a real MCP SDK Client', () => {
  let client: Client
  let rec: PartRecorder

  beforeAll(async () => {
    rec = createPartRecorder()
    client = new Client({ name: 'hitl-host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    attachBrokerToMcpClient(client, broker, {
      schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
      context: { sessionId: 'bob', emit: rec.emit },
    })
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))
  })
  afterAll(async () => {
    await client.close()
  })

  it('form accept: the tool gets the typed content', async () => {
    const call = client.callTool({ name: 'ask_profile' })
    const part = await rec.next(isPending)
    expect(part.data.serverName).toBe('hitl-test-server')
    const res = await post({ id: part.id, action: 'accept', content: { name: 'Cy', age: 41, subscribe: false } }, { session: 'bob' })
    expect(res.status).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'accept', content: { name: 'Cy', age: 41, subscribe: false } })
  })

  it('URL mode: consent returns accept, and the completion notification marks it completed', async () => {
    const call = client.callTool({ name: 'connect_account' })
    const part = await rec.next((p) => isPending(p) && p.data.mode === 'url')
    expect(part.data).toMatchObject({ url: 'https://auth.example.com/connect?state=abc', urlElicitationId: 'connect-1' })
    expect((await post({ id: part.id, action: 'accept' }, { session: 'bob' })).status).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'accept' })
    await mcp.completeUrlElicitation('connect-1')
    const completed = await rec.next((p) => p.id === part.id && p.data.status === 'completed')
    expect(completed.data.mode).toBe('url')
    // A second notification for the same id is ignored.
    expect(await broker.complete('connect-1')).toBe(false)
  })

  it('a -32042 URLElicitationRequiredError becomes URL elicitations the user can consent to and complete', async () => {
    const error = await client.callTool({ name: 'needs_login' }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(getRequiredUrlElicitations(error)).toEqual([
      { mode: 'url', message: 'Log in to continue', elicitationId: 'login-1', url: 'https://login.example.com/start' },
    ])
    const answers = elicitRequiredUrls(broker, error, { sessionId: 'bob', serverName: 'hitl-test-server', emit: rec.emit })
    const part = await rec.next((p) => isPending(p) && p.data.urlElicitationId === 'login-1')
    expect((await post({ id: part.id, action: 'accept' }, { session: 'bob' })).status).toBe(200)
    await expect(answers).resolves.toEqual([{ action: 'accept' }])
    await mcp.completeUrlElicitation('login-1')
    await rec.next((p) => p.id === part.id && p.data.status === 'completed')
  })

  it('the server’s own elicitInput timeout withdraws the elicitation: shown as withdrawn, a late answer gets 410', async () => {
    const call = client.callTool({ name: 'ask_briefly' })
    const part = await rec.next((p) => isPending(p) && p.data.message === 'Pick a color' && !rec.parts.some((q) => q.id === p.id && q.data.status !== 'pending'))
    const withdrawn = await rec.next((p) => p.id === part.id && p.data.status !== 'pending')
    expect(withdrawn.data).toMatchObject({ status: 'withdrawn', reason: expect.stringMatching(/server cancelled its request/) })
    expect(toolJson(await call)).toMatchObject({ error: expect.stringMatching(/timed out/i) })
    expect(await post({ id: part.id, action: 'accept', content: { color: 'r' } }, { session: 'bob' })).toMatchObject({
      status: 410,
      json: { code: 'withdrawn', error: expect.stringMatching(/not delivered/) },
    })
    expect(rec.parts.filter((p) => p.id === part.id).map((p) => p.data.status)).toEqual(['pending', 'withdrawn'])
  })

  it('the session’s first elicitation (JSON-RPC id 0, whose cancellation SDK 1.x drops) is withdrawn by the server’s timeout too', async () => {
    const first = createPartRecorder()
    const fresh = new Client({ name: 'hitl-host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    attachBrokerToMcpClient(fresh, broker, {
      schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
      context: { sessionId: 'erin', emit: first.emit },
    })
    await fresh.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))
    try {
      const call = fresh.callTool({ name: 'ask_briefly' })
      const part = await first.next(isPending)
      expect((await first.next((p) => p.id === part.id && p.data.status !== 'pending')).data.status).toBe('withdrawn')
      await call
      expect(await post({ id: part.id, action: 'accept', content: { color: 'r' } }, { session: 'erin' })).toMatchObject({ status: 410 })
    } finally {
      await fresh.close()
    }
  })

  it('the list handler shows only the caller’s pending elicitations and refuses callers without a session', async () => {
    const call = client.callTool({ name: 'ask_color' })
    const part = await rec.next((p) => isPending(p) && !rec.parts.some((q) => q.id === p.id && q.data.status !== 'pending'))
    const mine = await fetch(`${web.url}/api/elicitation/pending`, { headers: { 'x-session-id': 'bob' } })
    expect(mine.headers.get('cache-control')).toBe('no-store')
    expect(((await mine.json()) as { elicitations: { elicitationId: string }[] }).elicitations.map((e) => e.elicitationId)).toEqual([
      part.id,
    ])
    const theirs = await fetch(`${web.url}/api/elicitation/pending`, { headers: { 'x-session-id': 'carol' } })
    expect(await theirs.json()).toEqual({ elicitations: [] })
    expect((await fetch(`${web.url}/api/elicitation/pending`)).status).toBe(403)
    await post({ id: part.id, action: 'cancel' }, { session: 'bob' })
    expect(toolJson(await call)).toEqual({ action: 'cancel' })
  })
})

describe('with a real MCP SDK v2 Client (@modelcontextprotocol/client)', () => {
  let client: ClientV2
  let rec: PartRecorder

  beforeAll(async () => {
    rec = createPartRecorder()
    client = new ClientV2({ name: 'hitl-host-v2', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    attachBrokerToMcpClientV2(client, broker, { context: { sessionId: 'dora', emit: rec.emit } })
    await client.connect(new StreamableHTTPClientTransportV2(new URL(mcp.url)))
  })
  afterAll(async () => {
    await client.close()
  })

  it('form accept and URL mode with its completion notification', async () => {
    const form = client.callTool({ name: 'ask_color' })
    const part = await rec.next(isPending)
    expect(part.data.serverName).toBe('hitl-test-server')
    expect((await post({ id: part.id, action: 'accept', content: { color: 'g' } }, { session: 'dora' })).status).toBe(200)
    expect(toolJson(await form)).toEqual({ action: 'accept', content: { color: 'g' } })

    const url = client.callTool({ name: 'connect_account' })
    const consent = await rec.next((p) => isPending(p) && p.data.mode === 'url')
    expect((await post({ id: consent.id, action: 'accept' }, { session: 'dora' })).status).toBe(200)
    expect(toolJson(await url)).toEqual({ action: 'accept' })
    await mcp.completeUrlElicitation('connect-1')
    expect((await rec.next((p) => p.id === consent.id && p.data.status === 'completed')).data.mode).toBe('url')
  })

  it('the server’s own elicitInput timeout withdraws the elicitation and a late answer gets 410', async () => {
    const call = client.callTool({ name: 'ask_briefly' })
    const part = await rec.next((p) => isPending(p) && !rec.parts.some((q) => q.id === p.id && q.data.status !== 'pending'))
    expect((await rec.next((p) => p.id === part.id && p.data.status !== 'pending')).data.status).toBe('withdrawn')
    expect(toolJson(await call)).toMatchObject({ error: expect.stringMatching(/timed out/i) })
    expect(await post({ id: part.id, action: 'accept', content: { color: 'g' } }, { session: 'dora' })).toMatchObject({
      status: 410,
      json: { code: 'withdrawn' },
    })
  })
})
