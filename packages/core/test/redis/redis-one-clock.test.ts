// @module-tag security
/**
 * Replicas whose wall clocks disagree by minutes, sharing one real redis-server: every expiry
 * decision (answerable or expired, listed or hidden, counted against the caps) is made on Redis's
 * clock, so a replica whose clock is off behaves like the others. Before, a replica whose clock ran
 * ahead refused live answers with 410, hid the others' elicitations from its list, and pruned them
 * from the session's list for every replica when it created one of its own.
 */
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createListHandler } from '../../src/server/elicitation/list-handler'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { createPartRecorder, type PartRecorder } from '../../src/server/testing/part-recorder'
import { type RedisServerHandle, startRedisServer } from './redis-server'

const FORM = { message: 'Your name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }
const MINUTES_5 = 5 * 60_000
const SESSION = 'user-1'

let redis: RedisServerHandle
let prefix = 0
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

interface Replica {
  broker: ElicitationBroker
  rec: PartRecorder
  respond(body: unknown): Promise<number>
  list(): Promise<{ elicitationId: string; expiresAt?: number }[]>
}

/** A replica (broker and store) whose wall clock is `skewMs` off, on the test's shared prefix. */
async function replica(keyPrefix: string, skewMs: number): Promise<Replica> {
  const now = () => Date.now() + skewMs
  const store = await createRedisElicitationStore({ createClient: () => createClient({ url: redis.url }), keyPrefix, now })
  const broker = createElicitationBroker({ store, now })
  cleanups.push(async () => {
    await broker.close()
    await store.close()
  })
  const getSessionId = () => SESSION
  const respondHandler = createRespondHandler(broker, { getSessionId })
  const listHandler = createListHandler(broker, { getSessionId })
  return {
    broker,
    rec: createPartRecorder(),
    async respond(body) {
      const response = await respondHandler(
        new Request('http://replica/respond', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      )
      return response.status
    },
    async list() {
      const response = await listHandler(new Request('http://replica/list'))
      return ((await response.json()) as { elicitations: { elicitationId: string; expiresAt?: number }[] }).elicitations
    },
  }
}

async function replicas(...skews: number[]): Promise<Replica[]> {
  const keyPrefix = `clock-${process.pid}-${++prefix}:`
  return Promise.all(skews.map((skew) => replica(keyPrefix, skew)))
}

describe('Redis store, replicas with skewed wall clocks', () => {
  it('a replica whose clock runs 5 minutes ahead lists and answers an elicitation another replica asked (200, delivered), not 410', async () => {
    const [asker, ahead] = (await replicas(0, MINUTES_5)) as [Replica, Replica]
    const answer = asker.broker.request(FORM, { sessionId: SESSION, emit: asker.rec.emit, ttlMs: 60_000 })
    const part = await asker.rec.next((p) => p.data.status === 'pending')
    expect((await ahead.list()).map((e) => e.elicitationId)).toEqual([part.id])
    expect(await ahead.respond({ id: part.id, action: 'accept', content: { name: 'Ada' } })).toBe(200)
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('an elicitation asked on a replica whose clock runs 5 minutes behind is listed and answerable everywhere', async () => {
    const [behind, other] = (await replicas(-MINUTES_5, 0)) as [Replica, Replica]
    const answer = behind.broker.request(FORM, { sessionId: SESSION, emit: behind.rec.emit, ttlMs: 60_000 })
    const part = await behind.rec.next((p) => p.data.status === 'pending')
    expect((await other.list()).map((e) => e.elicitationId)).toEqual([part.id])
    expect(await other.respond({ id: part.id, action: 'decline' })).toBe(200)
    await expect(answer).resolves.toEqual({ action: 'decline' })
  })

  it('a replica ahead that asks too leaves the others’ elicitations in the session’s list, and every replica shows one expiry time', async () => {
    const [first, ahead] = (await replicas(0, MINUTES_5)) as [Replica, Replica]
    const one = first.broker.request(FORM, { sessionId: SESSION, emit: first.rec.emit, ttlMs: 60_000 })
    const a = await first.rec.next((p) => p.data.status === 'pending')
    const two = ahead.broker.request(FORM, { sessionId: SESSION, emit: ahead.rec.emit, ttlMs: 60_000 })
    const b = await ahead.rec.next((p) => p.data.status === 'pending')
    const listed = await first.list()
    expect(listed.map((e) => e.elicitationId)).toEqual([a.id, b.id])
    // Asked a moment apart with the same time to answer: the person is shown (nearly) the same end, not one 5 minutes later.
    expect(Math.abs((b.data.expiresAt as number) - (a.data.expiresAt as number))).toBeLessThan(MINUTES_5 / 10)
    expect(listed.find((e) => e.elicitationId === b.id)?.expiresAt).toBe(b.data.expiresAt)
    expect(await ahead.respond({ id: a.id, action: 'cancel' })).toBe(200)
    expect(await first.respond({ id: b.id, action: 'cancel' })).toBe(200)
    await expect(Promise.all([one, two])).resolves.toEqual([{ action: 'cancel' }, { action: 'cancel' }])
  })

  it('an answer after the elicitation’s time is refused as expired on every replica, whatever its clock says', async () => {
    const [asker, behind] = (await replicas(0, -MINUTES_5)) as [Replica, Replica]
    const answer = asker.broker.request(FORM, { sessionId: SESSION, emit: asker.rec.emit, ttlMs: 300 })
    const part = await asker.rec.next((p) => p.data.status === 'pending')
    await expect(answer).resolves.toEqual({ action: 'cancel' })
    expect(await behind.respond({ id: part.id, action: 'accept', content: { name: 'late' } })).toBe(410)
    expect(await behind.list()).toEqual([])
  })
})
