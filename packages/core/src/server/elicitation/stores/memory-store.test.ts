// @module-tag security
import { describe, expect, it } from 'vitest'
import type { ElicitationSettlement, StoredElicitation } from './elicitation-store'
import { createMemoryElicitationStore } from './memory-store'

const LIMITS = { maxPendingPerSession: 10, maxPendingTotal: 100, maxPendingBytes: 1024 * 1024 }

function record(id: string, sessionId = 's1', expiresAt = 1_000_000): StoredElicitation {
  return {
    id,
    sessionId,
    mode: 'form',
    message: 'm',
    requestedSchema: { type: 'object', properties: {} },
    createdAt: 0,
    expiresAt,
    status: 'pending',
  }
}

const accept = (id: string): ElicitationSettlement => ({ id, status: 'accepted', result: { action: 'accept', content: {} } })

describe('createMemoryElicitationStore', () => {
  it('settles a record exactly once and tells its subscribers', async () => {
    const store = createMemoryElicitationStore({ now: () => 10 })
    await store.create(record('a'), LIMITS)
    const heard: ElicitationSettlement[] = []
    await store.subscribe('a', (s) => heard.push(s))
    const outcomes = await Promise.all([store.settle(accept('a')), store.settle({ id: 'a', status: 'declined', result: { action: 'decline' } })])
    expect(outcomes.map((o) => o.ok)).toEqual([true, false])
    expect(outcomes[1]).toMatchObject({ ok: false, reason: 'already_settled' })
    expect(heard).toEqual([accept('a')])
    expect((await store.get('a'))?.status).toBe('accepted')
    expect(await store.settle(accept('zzz'))).toEqual({ ok: false, reason: 'not_found' })
  })

  it('enforces the per-session and total caps atomically with the insert', async () => {
    const store = createMemoryElicitationStore({ now: () => 0 })
    const limits = { maxPendingPerSession: 2, maxPendingTotal: 3, maxPendingBytes: 1024 * 1024 }
    expect(await store.create(record('a', 's1'), limits)).toEqual({ ok: true })
    expect(await store.create(record('b', 's1'), limits)).toEqual({ ok: true })
    expect(await store.create(record('c', 's1'), limits)).toEqual({ ok: false, reason: 'session_limit' })
    expect(await store.create(record('d', 's2'), limits)).toEqual({ ok: true })
    expect(await store.create(record('e', 's3'), limits)).toEqual({ ok: false, reason: 'total_limit' })
    await store.settle(accept('a'))
    expect(await store.create(record('c', 's1'), limits)).toEqual({ ok: true })
  })

  it('refuses to settle past expiresAt unless the settlement is the expiry', async () => {
    const store = createMemoryElicitationStore({ now: () => 100 })
    await store.create(record('a', 's1', 100), LIMITS)
    expect(await store.settle(accept('a'), 100)).toMatchObject({ ok: false, reason: 'expired' })
    expect(await store.settle({ id: 'a', status: 'expired', result: { action: 'cancel' } }, 100)).toMatchObject({ ok: true })
    expect(await store.settle(accept('a'), 100)).toMatchObject({ ok: false, reason: 'expired' })
  })

  it('lists a session’s pending, unexpired records oldest first', async () => {
    let now = 0
    const store = createMemoryElicitationStore({ now: () => now })
    await store.create(record('a', 's1', 50), LIMITS)
    await store.create(record('b', 's1', 500), LIMITS)
    await store.create(record('c', 's2', 500), LIMITS)
    await store.create(record('d', 's1', 500), LIMITS)
    await store.settle(accept('d'))
    expect((await store.listPending('s1')).map((r) => r.id)).toEqual(['a', 'b'])
    now = 60
    expect((await store.listPending('s1')).map((r) => r.id)).toEqual(['b'])
  })

  it('forgets settled records after the retention and stays within maxRecords', async () => {
    let now = 0
    const store = createMemoryElicitationStore({ now: () => now, settledRetentionMs: 100, maxRecords: 3 })
    await store.create(record('a'), LIMITS)
    await store.settle(accept('a'))
    now = 50
    await store.create(record('b'), LIMITS)
    expect(await store.get('a')).toBeDefined()
    now = 200
    await store.create(record('c'), LIMITS)
    expect(await store.get('a')).toBeUndefined()
    await store.create(record('d'), LIMITS)
    await store.settle(accept('b'))
    // Full with b settled: the oldest settled record makes room.
    expect(await store.create(record('e'), LIMITS)).toEqual({ ok: true })
    expect(await store.get('b')).toBeUndefined()
    // Full of pending records: refused, never evicting someone's pending elicitation.
    expect(await store.create(record('f'), LIMITS)).toEqual({ ok: false, reason: 'total_limit' })
  })

  it('on close wakes every subscriber with a cancel and refuses further writes', async () => {
    const store = createMemoryElicitationStore()
    await store.create(record('a'), LIMITS)
    const heard: ElicitationSettlement[] = []
    await store.subscribe('a', (s) => heard.push(s))
    const unsubscribed: ElicitationSettlement[] = []
    const off = await store.subscribe('a', (s) => unsubscribed.push(s))
    off()
    await store.close()
    expect(heard).toMatchObject([{ id: 'a', status: 'cancelled', result: { action: 'cancel' } }])
    expect(unsubscribed).toEqual([])
    await expect(store.create(record('b'), LIMITS)).rejects.toThrow(/closed/)
  })

  it('keeps a record nobody subscribed to answerable for leaseMs only; a subscriber holds it for as long as it stays', async () => {
    let now = 0
    const store = createMemoryElicitationStore({ now: () => now, leaseMs: 100 })
    await store.create(record('unheld'), LIMITS)
    await store.create(record('held'), LIMITS)
    await store.subscribe('held', () => {})
    now = 500
    expect((await store.listPending('s1')).map((r) => r.id)).toEqual(['held'])
    expect(await store.settle(accept('unheld'))).toEqual({ ok: false, reason: 'not_waiting' })
    expect(await store.settle(accept('held'))).toEqual({ ok: true })
  })
})
