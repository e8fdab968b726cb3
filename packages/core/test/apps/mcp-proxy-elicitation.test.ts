// @module-tag security
/**
 * Elicitation from app-initiated calls: an app's `tools/call` through `createMcpProxyHandler`
 * reaches a tool that asks the user (`server.elicitInput`, sent on the session's standalone stream
 * as the TypeScript SDK does by default); the proxy's MCP session of the calling user routes it to
 * the broker under that user's session, the answer reaches the tool, the app gets its result.
 * The proxied call has no chat stream: the form reaches the page on the caller's live channel
 * (`broker.subscribeSession`, behind the events route). Real MCP server (Streamable HTTP), real
 * proxy over node:http, memory broker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createHttpProxyTransport } from '../../src/apps/transports/http'
import { McpHitlError } from '../../src/errors'
import { createMcpProxyHandler, type McpProxyHandler } from '../../src/server/apps/mcp-proxy-handler'
import type { ElicitationRequestData } from '../../src/elicitation/wire'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { sessionFromHeader } from '../../src/server/http/session-from-request'
import { serveFetch, type TestHttpServer } from '../../src/server/testing/node-http-bridge'
import { type ServedMcpSessions, serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'

function approvalServer() {
  const server = new McpServer({ name: 'Budget server', version: '1.0.0' })
  server.registerTool('request_approval', { description: 'Asks who approves', inputSchema: { budget: z.string() }, _meta: { ui: { visibility: ['app'] } } }, async ({ budget }) => {
    const answer = await server.server.elicitInput(
      { message: `Who approves ${budget}?`, requestedSchema: { type: 'object', properties: { approver: { type: 'string' } }, required: ['approver'] } },
      { timeout: 60_000 },
    )
    return { content: [{ type: 'text', text: `${answer.action}: ${JSON.stringify(answer.content ?? {})}` }] }
  })
  server.registerTool('hang', { description: 'Never answers', _meta: { ui: { visibility: ['app'] } } }, () => new Promise(() => {}))
  return server
}

let mcp: ServedMcpSessions | undefined
let proxy: TestHttpServer | undefined
let handler: McpProxyHandler | undefined
let brokerInUse: ElicitationBroker | undefined
afterEach(async () => {
  await handler?.close()
  await brokerInUse?.close()
  await proxy?.close()
  await mcp?.close()
})

async function setup(options: { timeoutMs?: number } = {}) {
  const broker = createElicitationBroker({ ttlMs: 60_000 })
  brokerInUse = broker
  mcp = await serveMcpSessions(approvalServer)
  handler = createMcpProxyHandler({
    servers: [{ id: 'budget', type: 'http', url: mcp.url }],
    getSessionId: sessionFromHeader('x-user'),
    broker,
    ...options,
  })
  proxy = await serveFetch(handler)
  const as = (user: string) => createHttpProxyTransport({ url: `${proxy!.url}/mcp-proxy`, headers: { 'x-user': user } })
  const call = (user: string, name: string, args: Record<string, unknown> = {}) =>
    as(user).request({ serverHash: '', serverId: 'budget', method: 'tools/call', params: { name, arguments: args } })
  const pendingOf = async (user: string) => {
    for (let i = 0; i < 200; i++) {
      const pending = await broker.listPending(user)
      if (pending.length > 0) return pending
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return []
  }
  return { broker, call, pendingOf }
}

describe('createMcpProxyHandler with a broker: elicitation from app-initiated calls', () => {
  it("routes the tool's elicitation to the calling user's session; the answer reaches the tool and the app gets the result", async () => {
    const { broker, call, pendingOf } = await setup()
    const result = call('alice', 'request_approval', { budget: 'Q3' })
    const [pending] = await pendingOf('alice')
    expect(pending).toMatchObject({ message: 'Who approves Q3?', serverName: 'Budget server', status: 'pending' })
    // Nobody else sees it, nor can answer it.
    expect(await broker.listPending('bob')).toEqual([])
    expect(await broker.respond({ id: pending!.elicitationId, action: 'accept', content: { approver: 'Mallory' } }, 'bob')).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await broker.respond({ id: pending!.elicitationId, action: 'accept', content: { approver: 'Dana' } }, 'alice')).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ content: [{ type: 'text', text: 'accept: {"approver":"Dana"}' }] })
  })

  it("reaches the caller's live channel (pending, then answered), and no one else's", async () => {
    const { broker, call, pendingOf } = await setup()
    const heard: Record<'alice' | 'bob', ElicitationRequestData[]> = { alice: [], bob: [] }
    for (const user of ['alice', 'bob'] as const) await broker.subscribeSession(user, (data) => heard[user].push(data)).ready
    const result = call('alice', 'request_approval', { budget: 'Q4' })
    const [pending] = await pendingOf('alice')
    expect(heard.alice).toEqual([expect.objectContaining({ elicitationId: pending!.elicitationId, message: 'Who approves Q4?', status: 'pending' })])
    await broker.respond({ id: pending!.elicitationId, action: 'accept', content: { approver: 'Dana' } }, 'alice')
    await expect(result).resolves.toMatchObject({ content: [{ text: 'accept: {"approver":"Dana"}' }] })
    expect(heard.alice.map((d) => d.status)).toEqual(['pending', 'accepted'])
    expect(heard.bob).toEqual([])
  })

  it("two users' concurrent calls each get their own elicitation", async () => {
    const { broker, call, pendingOf } = await setup()
    const forAlice = call('alice', 'request_approval', { budget: 'A' })
    const forBob = call('bob', 'request_approval', { budget: 'B' })
    const [a] = await pendingOf('alice')
    const [b] = await pendingOf('bob')
    expect([a?.message, b?.message]).toEqual(['Who approves A?', 'Who approves B?'])
    await broker.respond({ id: b!.elicitationId, action: 'decline' }, 'bob')
    await broker.respond({ id: a!.elicitationId, action: 'accept', content: { approver: 'Ann' } }, 'alice')
    await expect(forAlice).resolves.toMatchObject({ content: [{ text: 'accept: {"approver":"Ann"}' }] })
    await expect(forBob).resolves.toMatchObject({ content: [{ text: 'decline: {}' }] })
  })

  it('timeoutMs bounds a silent tool, but not the time a person takes to answer', async () => {
    const { broker, call, pendingOf } = await setup({ timeoutMs: 400 })
    const silent = await call('alice', 'hang').catch((e: unknown) => e)
    expect(McpHitlError.isInstance(silent) && [silent.code, silent.status]).toEqual(['upstream_timeout', 504])
    const result = call('alice', 'request_approval', { budget: 'slow' })
    const [pending] = await pendingOf('alice')
    // The person takes three times the bound to answer.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await broker.respond({ id: pending!.elicitationId, action: 'accept', content: { approver: 'Sam' } }, 'alice')
    await expect(result).resolves.toMatchObject({ content: [{ text: 'accept: {"approver":"Sam"}' }] })
  })
})
