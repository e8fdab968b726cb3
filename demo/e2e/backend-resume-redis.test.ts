/**
 * Resume after a reload with `REDIS_URL`: the demo keeps chat turns in a real redis-server through
 * `resumable-stream` (node-redis), and pending elicitations in the kit's Redis store.
 */
import { createElicitationBroker, type ElicitationBroker, type ElicitationStore } from '@mcp-hitl/core/server'
import { createRedisElicitationStore } from '@mcp-hitl/core/server/redis'
import { createClient } from 'redis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RedisServerHandle, startRedisServer } from '../../packages/core/test/redis/redis-server'
import { type ChatStreams, createChatStreams } from '../server/chat/chat-streams'
import { createScriptedModel } from '../server/chat/scripted-model'
import { createDemoApi, type DemoApi } from '../server/demo-api'
import { type McpHttpServer, startMcpHttpServer } from '../server/mcp/mcp-http-server'
import { createBackendClient } from './backend-client'
import { describeResume } from './resume-suite'

let redis: RedisServerHandle
let mcp: McpHttpServer
let store: ElicitationStore
let streams: ChatStreams
let broker: ElicitationBroker
let api: DemoApi
let backend: ReturnType<typeof createBackendClient>

beforeAll(async () => {
  redis = await startRedisServer()
  mcp = await startMcpHttpServer({ host: '127.0.0.1', port: 0, envName: 'DEMO_MCP_PORT' })
  store = await createRedisElicitationStore({ createClient: () => createClient({ url: redis.url }), keyPrefix: 'demo-resume:' })
  streams = await createChatStreams({ redisUrl: redis.url })
  broker = createElicitationBroker({ store })
  api = createDemoApi({ broker, model: createScriptedModel(), modelLabel: 'scripted', mcpUrl: mcp.url, sandboxOrigin: 'http://127.0.0.1:1', streams })
  backend = createBackendClient(api)
})

afterAll(async () => {
  await api?.close()
  await broker?.close()
  await streams?.close()
  await store?.close()
  await mcp?.close()
  await redis?.stop()
})

it('keeps the chat turns in Redis', async () => {
  expect(streams.kind).toBe('redis')
  const probe = createClient({ url: redis.url })
  await probe.connect()
  const cookie = await backend.session()
  const { id } = await backend.savedChat(cookie)
  const turn = await backend.chat(cookie, 'hello')
  expect(turn.status).toBe(200)
  // resumable-stream's sentinel of the finished turn is a Redis key now.
  expect((await probe.keys('mcp-hitl-demo:rs:sentinel:*')).length).toBeGreaterThan(0)
  expect((await backend.resume(cookie, id)).status).toBe(204)
  await probe.close()
})

describeResume('Redis', () => ({ api, backend }))
