// @module-tag security
/**
 * A server that stops waiting, seen across replicas: two brokers share one real redis-server, a real
 * MCP SDK server on 127.0.0.1 gives up on its elicitation (its own request timeout, which cancels the
 * request on the client), and the answer the person then sends lands on the other replica. It is
 * refused with 410 `withdrawn` (never 200, never 409 "already answered"), and neither replica lists it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROKER_ELICITATION_CAPABILITY } from '../../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../../src/server/elicitation/adapters/mcp-sdk'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import type { ElicitationStore } from '../../src/server/elicitation/stores/elicitation-store'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { type McpTestServer, startMcpTestServer } from '../../src/server/testing/mcp-test-server'
import { createPartRecorder } from '../../src/server/testing/part-recorder'
import { type RedisServerHandle, startRedisServer } from './redis-server'

let redis: RedisServerHandle
let mcp: McpTestServer
const stores: ElicitationStore[] = []
const brokers: ElicitationBroker[] = []
let client: Client

async function replica(): Promise<ElicitationBroker> {
  const store = await createRedisElicitationStore({ createClient: () => createClient({ url: redis.url }), keyPrefix: 'withdrawn:' })
  const broker = createElicitationBroker({ store })
  stores.push(store)
  brokers.push(broker)
  return broker
}

beforeAll(async () => {
  ;[redis, mcp] = await Promise.all([startRedisServer(), startMcpTestServer()])
})
afterAll(async () => {
  await client?.close()
  for (const broker of brokers) await broker.close()
  for (const store of stores) await store.close()
  await mcp?.close()
  await redis?.stop()
})

describe('Redis store, a server that stops waiting', () => {
  it('an answer posted to another replica after the server’s own timeout withdrew the elicitation gets 410 withdrawn', async () => {
    const [asker, other] = await Promise.all([replica(), replica()])
    const rec = createPartRecorder()
    client = new Client({ name: 'replica-a', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
    attachBrokerToMcpClient(client, asker, {
      schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
      context: { sessionId: 'user-1', emit: rec.emit },
    })
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))

    const call = client.callTool({ name: 'ask_briefly' })
    // The session's first request from the server: JSON-RPC id 0, whose cancellation SDK 1.x drops on its own.
    const pending = await rec.next((p) => p.data.status === 'pending')
    const ended = await rec.next((p) => p.id === pending.id && p.data.status !== 'pending')
    expect(ended.data.status).toBe('withdrawn')
    await call

    const respond = createRespondHandler(other, { getSessionId: () => 'user-1' })
    const response = await respond(
      new Request('http://replica-b/respond', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: pending.id, action: 'accept', content: { color: 'r' } }),
      }),
    )
    expect(response.status).toBe(410)
    expect(await response.json()).toMatchObject({ code: 'withdrawn', error: expect.stringMatching(/not delivered/) })
    expect(await other.listPending('user-1')).toEqual([])
    expect(await asker.listPending('user-1')).toEqual([])
  })
})
