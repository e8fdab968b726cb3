// @module-tag security
import { createClient } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../src/errors'
import type { ElicitationSettlement, ElicitationStore } from '../../src/server/elicitation/stores/elicitation-store'
import { createRedisElicitationStore, type RedisElicitationStoreOptions } from '../../src/server/elicitation/stores/redis-store'
import { accept, deferred, makeRecord } from '../server/store-contract'
import { freePort, type RedisServerHandle, startRedisServer } from './redis-server'
import { startTcpProxy } from './tcp-proxy'

const LIMITS = { maxPendingPerSession: 1000, maxPendingTotal: 100_000, maxPendingBytes: 64 * 1024 * 1024 }
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serverForTest(): Promise<RedisServerHandle> {
  const server = await startRedisServer()
  cleanups.push(() => server.stop())
  return server
}

async function storeOn(
  server: RedisServerHandle,
  options: Partial<RedisElicitationStoreOptions> = {},
  reconnectDelayMs = 50,
): Promise<ElicitationStore> {
  const store = await createRedisElicitationStore({
    createClient: () => createClient({ url: server.url, socket: { reconnectStrategy: () => reconnectDelayMs } }),
    keyPrefix: 'faults:',
    ...options,
  })
  cleanups.push(() => store.close())
  return store
}

/** Polls `check` every 50 ms until it holds, at most `ms`. */
async function eventually<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`condition not met within ${ms} ms`, { cause: lastError })
}

describe('Redis elicitation store under faults', () => {
  it('given no Redis at the address, rejects at start with store_unavailable', async () => {
    const port = await freePort()
    const error = await createRedisElicitationStore({
      createClient: () => createClient({ url: `redis://127.0.0.1:${port}` }),
      connectTimeoutMs: 500,
    }).catch((caught: unknown) => caught)
    expect(McpHitlError.isInstance(error)).toBe(true)
    expect((error as McpHitlError).code).toBe('store_unavailable')
    expect((error as McpHitlError).message).toMatch(/Redis is unreachable: .*ECONNREFUSED/)
  })

  it('given a createClient that hands out the same client twice, rejects with misuse', async () => {
    const server = await serverForTest()
    const client = createClient({ url: server.url })
    const error = await createRedisElicitationStore({ createClient: () => client }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'misuse', message: expect.stringMatching(/must return a new client on each call/) })
    expect(client.isOpen).toBe(false)
  })

  it('after kill -9 of Redis, every waiter ends as cancel with a reason, and writes fail fast', async () => {
    const server = await serverForTest()
    const store = await storeOn(server, { reconnectWindowMs: 800 })
    const records = Array.from({ length: 25 }, () => makeRecord())
    const heard = await Promise.all(
      records.map(async (record) => {
        await store.create(record, LIMITS)
        const { promise, resolve } = deferred<ElicitationSettlement>()
        await store.subscribe(record.id, resolve)
        // Wrapped: an async function returning the promise itself would wait for the settlement.
        return { promise }
      }),
    )
    await server.kill9()
    const settlements = await Promise.all(heard.map((waiter) => waiter.promise))
    for (const [index, settlement] of settlements.entries()) {
      expect(settlement).toMatchObject({ id: records[index]!.id, status: 'cancelled', result: { action: 'cancel' } })
      expect(settlement.reason).toMatch(/Redis connection lost for more than 0.8 s/)
    }
    const error = await store.create(makeRecord(), LIMITS).catch((caught: unknown) => caught)
    expect((error as McpHitlError).code).toBe('store_unavailable')
    await expect(store.subscribe('any', () => {})).rejects.toMatchObject({ code: 'store_unavailable' })
  })

  it('after Redis restarts on the same port, new elicitations work without a new store', async () => {
    const server = await serverForTest()
    const a = await storeOn(server, { reconnectWindowMs: 300 })
    const b = await storeOn(server, { reconnectWindowMs: 300 })
    const before = makeRecord()
    await a.create(before, LIMITS)
    const lost = deferred<ElicitationSettlement>()
    await a.subscribe(before.id, lost.resolve)
    await server.kill9()
    expect((await lost.promise).status).toBe('cancelled')
    await server.restart()

    const record = makeRecord()
    await eventually(async () => ((await a.create(record, LIMITS)).ok ? true : undefined))
    const answered = deferred<ElicitationSettlement>()
    await eventually(async () => (await a.subscribe(record.id, answered.resolve)) && true)
    await eventually(async () => ((await b.settle(accept(record.id, { name: 'back' }))).ok ? true : undefined))
    expect(await answered.promise).toEqual(accept(record.id, { name: 'back' }))
  })

  it('given a settlement published while a replica is cut off from Redis, the re-check after reconnect delivers it', async () => {
    const server = await serverForTest()
    const proxy = await startTcpProxy(server.port)
    cleanups.push(() => proxy.close())
    // Replica A reaches Redis through the proxy, replica B directly.
    const a = await createRedisElicitationStore({
      createClient: () =>
        createClient({ url: `redis://127.0.0.1:${proxy.port}`, socket: { reconnectStrategy: () => 50 } }),
      keyPrefix: 'faults:',
      reconnectWindowMs: 5000,
    })
    cleanups.push(() => a.close())
    const b = await storeOn(server)
    const record = makeRecord()
    await a.create(record, LIMITS)
    const heard = deferred<ElicitationSettlement>()
    await a.subscribe(record.id, heard.resolve)

    await proxy.cut()
    expect(await b.settle(accept(record.id, { name: 'missed on the channel' }))).toMatchObject({ ok: true })
    await proxy.restore()
    expect(await heard.promise).toEqual(accept(record.id, { name: 'missed on the channel' }))
  })

  it('given a replica cut off from Redis for longer than its lease, answers meanwhile get not_waiting and its waiter ends as cancel', async () => {
    const server = await serverForTest()
    const proxy = await startTcpProxy(server.port)
    cleanups.push(() => proxy.close())
    const a = await createRedisElicitationStore({
      createClient: () => createClient({ url: `redis://127.0.0.1:${proxy.port}`, socket: { reconnectStrategy: () => 50 } }),
      keyPrefix: 'lease:',
      leaseMs: 600,
      // Longer than the lease: the lease, not the reconnect window, decides here.
      reconnectWindowMs: 20_000,
    })
    cleanups.push(() => a.close())
    const b = await storeOn(server, { keyPrefix: 'lease:' })
    const record = makeRecord()
    await a.create(record, LIMITS)
    const heard = deferred<ElicitationSettlement>()
    await a.subscribe(record.id, heard.resolve)
    // Renewed while connected: still listed and answerable well past one lease.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await b.listPending(record.sessionId)).map((r) => r.id)).toEqual([record.id])

    await proxy.cut()
    await eventually(async () => ((await b.listPending(record.sessionId)).length === 0 ? true : undefined))
    expect(await b.settle(accept(record.id, { name: 'nobody hears this' }))).toEqual({ ok: false, reason: 'not_waiting' })
    await proxy.restore()
    const settlement = await heard.promise
    expect(settlement).toMatchObject({ id: record.id, status: 'cancelled', result: { action: 'cancel' } })
    expect(settlement.reason).toMatch(/lease .*lapsed/)
  })

  it('given Redis restarted empty within the window, waiters end as cancel because the record is gone', async () => {
    const server = await serverForTest()
    const store = await storeOn(server, { reconnectWindowMs: 10_000 })
    const record = makeRecord()
    await store.create(record, LIMITS)
    const heard = deferred<ElicitationSettlement>()
    await store.subscribe(record.id, heard.resolve)
    await server.restart()
    const settlement = await heard.promise
    expect(settlement).toMatchObject({ status: 'cancelled', result: { action: 'cancel' } })
    expect(settlement.reason).toMatch(/no longer in Redis/)
  })

  it('given a waiter received the answer, its content does not stay in Redis for the retention time', async () => {
    const server = await serverForTest()
    const a = await storeOn(server, { resultRetentionMs: 60_000, keyPrefix: 'content:' })
    const b = await storeOn(server, { resultRetentionMs: 60_000, keyPrefix: 'content:' })
    const record = makeRecord()
    await a.create(record, LIMITS)
    const heard = deferred<ElicitationSettlement>()
    await a.subscribe(record.id, heard.resolve)
    await b.settle(accept(record.id, { name: 'private-answer' }))
    expect(await heard.promise).toEqual(accept(record.id, { name: 'private-answer' }))

    const admin = createClient({ url: server.url })
    admin.on('error', () => {})
    await admin.connect()
    cleanups.push(() => admin.close())
    await eventually(async () => (Number(await admin.sendCommand(['EXISTS', `content:res:${record.id}`])) === 0 ? true : undefined))
    // The tombstone stays, so a second answer still gets already_settled, and it holds no content.
    const tombstone = (await admin.sendCommand(['HGETALL', `content:el:${record.id}`])) as unknown
    expect(JSON.stringify(tombstone)).not.toContain('private-answer')
    expect(await b.settle(accept(record.id))).toMatchObject({ ok: false, reason: 'already_settled' })
  })

  it('leaves no keys behind once settled, expired and abandoned records have run their TTLs', async () => {
    const server = await serverForTest()
    const store = await storeOn(server, { settledRetentionMs: 150, resultRetentionMs: 150, keyPrefix: 'ttl:' })
    const answered = makeRecord()
    const timedOut = makeRecord({ expiresAt: Date.now() + 100 })
    // Its replica "crashed": nobody ever settles it.
    const abandoned = makeRecord({ sessionId: 'session-b', expiresAt: Date.now() + 100 })
    for (const record of [answered, timedOut, abandoned]) await store.create(record, LIMITS)
    await store.settle(accept(answered.id))
    await store.settle(
      { id: timedOut.id, status: 'expired', result: { action: 'cancel' }, reason: 'timed out' },
      timedOut.expiresAt,
    )

    const admin = createClient({ url: server.url })
    admin.on('error', () => {})
    await admin.connect()
    cleanups.push(() => admin.close())
    const scan = async () => {
      const keys: string[] = []
      for await (const page of admin.scanIterator({ MATCH: 'ttl:*', COUNT: 100 })) keys.push(...page)
      return keys
    }
    expect((await scan()).length).toBeGreaterThan(0)
    // Every key carries a TTL while it exists: PTTL is -1 for a key without one (-2: it expired since the scan).
    for (const key of await scan()) expect(Number(await admin.sendCommand(['PTTL', key])), key).not.toBe(-1)
    await eventually(async () => ((await scan()).length === 0 ? true : undefined), 5000)
  })
})

describe('Redis live channel under faults', () => {
  const part = (id: string) => ({
    elicitationId: id,
    message: 'm',
    requestedSchema: { type: 'object' as const, properties: {} },
    mode: 'form' as const,
    status: 'pending' as const,
  })

  it('after Redis restarts, tells each session listener it may have missed parts, and delivers across replicas again', async () => {
    const server = await serverForTest()
    const a = await storeOn(server, { reconnectWindowMs: 5000 })
    const b = await storeOn(server, { reconnectWindowMs: 5000 })
    const heard: string[] = []
    let gaps = 0
    await b.subscribeSession?.('s-1', (data) => heard.push(data.elicitationId), { onGap: () => gaps++ })
    await a.publishSession?.('s-1', part('before'))
    await eventually(async () => (heard.includes('before') ? true : undefined))
    await server.restart()
    await eventually(async () => (gaps > 0 ? true : undefined))
    // Re-subscribed on the new connection: a replica's part reaches the other replica's listener again.
    await eventually(async () => {
      await a.publishSession?.('s-1', part('after'))
      return heard.includes('after') ? true : undefined
    })
  })

  it('given no Redis for a first subscriber, rejects with store_unavailable instead of hanging, and subscribes once Redis is back', async () => {
    const server = await serverForTest()
    const store = await storeOn(server, { connectTimeoutMs: 500, commandTimeoutMs: 500 })
    await server.kill9()
    const error = await store.subscribeSession?.('s-1', () => {}).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'store_unavailable' })
    await server.restart()
    const off = await eventually(async () => store.subscribeSession?.('s-1', () => {}))
    off()
  })
})
