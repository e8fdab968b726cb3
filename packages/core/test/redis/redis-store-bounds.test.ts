// @module-tag security
/**
 * What the Redis store keeps, and for how long: a settled record shrinks to its tombstone (no
 * message, schema or answer), tombstones are capped in number, and the pending byte count returns
 * to zero once everything settled.
 */
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ElicitationStore } from '../../src/server/elicitation/stores/elicitation-store'
import { createRedisElicitationStore, type RedisElicitationStoreOptions } from '../../src/server/elicitation/stores/redis-store'
import { accept, makeRecord } from '../server/store-contract'
import { type RedisServerHandle, startRedisServer } from './redis-server'

const LIMITS = { maxPendingPerSession: 1000, maxPendingTotal: 100_000, maxPendingBytes: 64 * 1024 * 1024 }

let server: RedisServerHandle
let admin: ReturnType<typeof createClient>
const stores: ElicitationStore[] = []
let next = 0

beforeAll(async () => {
  server = await startRedisServer()
  admin = createClient({ url: server.url })
  admin.on('error', () => {})
  await admin.connect()
})
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
  await admin?.close()
  await server?.stop()
})

async function open(options: Partial<RedisElicitationStoreOptions> = {}): Promise<{ store: ElicitationStore; prefix: string }> {
  const prefix = `bounds-${++next}:`
  const store = await createRedisElicitationStore({ createClient: () => createClient({ url: server.url }), keyPrefix: prefix, ...options })
  stores.push(store)
  return { store, prefix }
}

describe('Redis elicitation store bounds', () => {
  it('once settled, keeps a tombstone without the message, schema or answer', async () => {
    const { store, prefix } = await open()
    const record = makeRecord({ message: 'm'.repeat(50_000) })
    await store.create(record, LIMITS)
    expect(Number(await admin.sendCommand(['HSTRLEN', `${prefix}el:${record.id}`, 'json']))).toBeGreaterThan(50_000)
    await store.settle(accept(record.id, { name: 'the-answer' }))
    const fields = (await admin.sendCommand(['HKEYS', `${prefix}el:${record.id}`])) as string[]
    expect([...fields].sort()).toEqual(['createdAt', 'expiresAt', 'sessionId', 'settledAt', 'status'])
    expect(Number(await admin.sendCommand(['MEMORY', 'USAGE', `${prefix}el:${record.id}`]))).toBeLessThan(1024)
  })

  it('keeps at most maxSettledRecords tombstones; the oldest are forgotten first', async () => {
    const { store } = await open({ maxSettledRecords: 3 })
    const records = Array.from({ length: 5 }, () => makeRecord())
    for (const record of records) await store.create(record, LIMITS)
    for (const [i, record] of records.entries()) await store.settle(accept(record.id), Date.now() + i)
    const kept = await Promise.all(records.map((record) => store.get(record.id)))
    expect(kept.map((record) => record?.status)).toEqual([undefined, undefined, 'accepted', 'accepted', 'accepted'])
  })

  it('counts pending bytes across replicas and back to zero once everything settled', async () => {
    const a = await open()
    const b = await createRedisElicitationStore({ createClient: () => createClient({ url: server.url }), keyPrefix: a.prefix })
    stores.push(b)
    const records = Array.from({ length: 6 }, (_, i) => makeRecord({ sessionId: `s-${i % 2}`, message: 'x'.repeat(1000 * (i + 1)) }))
    for (const [i, record] of records.entries()) await (i % 2 ? a.store : b).create(record, LIMITS)
    const total = Number(await admin.sendCommand(['HGET', `${a.prefix}bytes`, '@total']))
    expect(total).toBeGreaterThan(21_000)
    expect(total).toBeLessThan(21_000 + 6 * 400)
    for (const [i, record] of records.entries()) await (i % 2 ? b : a.store).settle(accept(record.id))
    expect(Number(await admin.sendCommand(['HGET', `${a.prefix}bytes`, '@total']))).toBe(0)
    expect(await admin.sendCommand(['HLEN', `${a.prefix}bytes`])).toBe(1)
  })
})
