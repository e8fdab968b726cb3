// @module-tag security
/**
 * Redis loses its data while every connection stays up (FLUSHALL, a failover to an empty replica
 * without a reconnect, an eviction): the replica that waits notices within its lease renewal (a
 * third of `leaseMs`) and settles its waiters as it does when Redis is gone: the person is told
 * why, the MCP server gets `cancel`. Before, the waiters hung until their own expiry.
 */
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { createPartRecorder } from '../../src/server/testing/part-recorder'
import { type RedisServerHandle, startRedisServer } from './redis-server'

const FORM = { message: 'Your name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }

let redis: RedisServerHandle
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await redis?.stop()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('Redis store after data loss without a reconnect', () => {
  it('FLUSHALL: every waiter is settled within a lease renewal, the person told why, the server answered cancel', async () => {
    const store = await createRedisElicitationStore({ createClient: () => createClient({ url: redis.url }), keyPrefix: 'loss:', leaseMs: 900 })
    const broker = createElicitationBroker({ store, ttlMs: 10 * 60_000 })
    cleanups.push(async () => {
      await broker.close()
      await store.close()
    })
    const rec = createPartRecorder()
    const answers = [1, 2, 3].map(() => broker.request(FORM, { sessionId: 'user-1', emit: rec.emit }))
    await rec.next(() => rec.parts.filter((p) => p.data.status === 'pending').length === 3)
    const ids = rec.parts.map((p) => p.id)

    const admin = createClient({ url: redis.url })
    await admin.connect()
    cleanups.push(() => admin.close())
    await admin.flushAll()

    await expect(Promise.all(answers)).resolves.toEqual([{ action: 'cancel' }, { action: 'cancel' }, { action: 'cancel' }])
    for (const id of ids) {
      const ended = await rec.next((p) => p.id === id && p.data.status !== 'pending')
      expect(ended.data).toMatchObject({ status: 'cancelled', reason: expect.stringMatching(/no longer in Redis/) })
    }
    expect(await broker.respond({ id: ids[0] as string, action: 'accept', content: { name: 'Ada' } }, 'user-1')).toMatchObject({ ok: false })
  })
})
