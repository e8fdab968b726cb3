/**
 * The behaviour every {@link ElicitationStore} must show, as a reusable suite: call it once per store
 * (memory, Redis) so both keep the same 404/409/410 rules, caps and wake-ups the broker relies on.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ElicitationRequestData } from '../../src/elicitation/wire'
import type { CreateOutcome, ElicitationSettlement, ElicitationStore, StoredElicitation } from '../../src/server/elicitation/stores/elicitation-store'

/** How the suite gets stores. */
export interface StoreContractHarness {
  /** A fresh store over an empty backend. */
  createStore(): Promise<ElicitationStore>
  /**
   * Another replica over the same backend as `store` (a second Redis connection pair), or `store`
   * itself for a single-process store.
   */
  createPeer(store: ElicitationStore): Promise<ElicitationStore>
}

const NO_LIMITS = { maxPendingPerSession: 1000, maxPendingTotal: 100_000, maxPendingBytes: 64 * 1024 * 1024 }
let counter = 0

/** A pending record with a fresh id; `overrides` win. */
export function makeRecord(overrides: Partial<StoredElicitation> = {}): StoredElicitation {
  const now = Date.now()
  counter += 1
  return {
    id: `el-${process.pid}-${now}-${counter}`,
    sessionId: 'session-a',
    serverName: 'demo',
    mode: 'form',
    message: 'Who are you?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: [] },
    createdAt: now,
    expiresAt: now + 60_000,
    status: 'pending',
    ...overrides,
  }
}

/** The record as the store keeps it: with the times its `create` answered, when it answered any. */
export function timesOf(record: StoredElicitation, created: CreateOutcome): StoredElicitation {
  return created.ok && created.createdAt !== undefined && created.expiresAt !== undefined
    ? { ...record, createdAt: created.createdAt, expiresAt: created.expiresAt }
    : record
}

/** An accept settlement carrying `content`. */
export function accept(id: string, content: Record<string, string> = { name: 'Ada' }): ElicitationSettlement {
  return { id, status: 'accepted', result: { action: 'accept', content } }
}

/** A promise with its resolver (Node 20 has no Promise.withResolvers). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** Polls `check` every 20 ms until it holds, at most 2 s (a shared backend hears of a release asynchronously). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 2000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Registers the contract tests for one store kind. */
export function describeElicitationStoreContract(name: string, harness: StoreContractHarness): void {
  describe(`ElicitationStore contract: ${name}`, () => {
    const opened: ElicitationStore[] = []
    const open = async () => {
      const store = await harness.createStore()
      opened.push(store)
      return store
    }
    const peerOf = async (store: ElicitationStore) => {
      const peer = await harness.createPeer(store)
      if (peer !== store) opened.push(peer)
      return peer
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()))
    })

    it('given a created record, get returns it as stored (with the times create answered) and unknown ids are undefined', async () => {
      const store = await open()
      const record = makeRecord({ mode: 'url', url: 'https://example.com/connect', urlElicitationId: 'u-1' })
      const created = await store.create(record, NO_LIMITS)
      expect(created).toMatchObject({ ok: true })
      const kept = timesOf(record, created)
      expect(await store.get(record.id)).toEqual(kept)
      // A store's own clock may set the times, never the time to answer.
      expect(kept.expiresAt - kept.createdAt).toBe(record.expiresAt - record.createdAt)
      expect(await store.get('nope')).toBeUndefined()
    })

    it('lists only the session’s pending, unexpired records, oldest first', async () => {
      const store = await open()
      const t = Date.now()
      const first = makeRecord({ createdAt: t - 20 })
      const second = makeRecord({ createdAt: t - 10 })
      const otherSession = makeRecord({ sessionId: 'session-b' })
      const settled = makeRecord()
      const shortLived = makeRecord({ expiresAt: Date.now() + 30 })
      for (const record of [first, second, otherSession, settled, shortLived]) await store.create(record, NO_LIMITS)
      await store.settle(accept(settled.id))
      await new Promise((resolve) => setTimeout(resolve, 60))
      const listed = await store.listPending('session-a')
      expect(listed.map((record) => record.id)).toEqual([first.id, second.id])
      expect(await store.listPending('session-c')).toEqual([])
    })

    it('keeps each session’s list to its own records through creates, settles and expiries in any order', async () => {
      const store = await open()
      const sessions = ['s-1', 's-2', 's-3']
      const expected = new Map(sessions.map((session) => [session, [] as string[]]))
      const shortLived: StoredElicitation[] = []
      for (let i = 0; i < 30; i++) {
        const sessionId = sessions[i % 3] as string
        const short = i % 5 === 0
        const record = makeRecord({ sessionId, expiresAt: Date.now() + (short ? 40 : 60_000) })
        await store.create(record, NO_LIMITS)
        if (short) shortLived.push(record)
        else expected.get(sessionId)?.push(record.id)
        // Settle every fourth long-lived record right away, interleaved with the creates.
        if (!short && i % 4 === 1) {
          await store.settle({ id: record.id, status: 'declined', result: { action: 'decline' } })
          const ids = expected.get(sessionId) as string[]
          ids.splice(ids.indexOf(record.id), 1)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 80))
      // One short-lived record ends as expired through the store, the others are just past their time.
      const first = shortLived[0] as StoredElicitation
      await store.settle({ id: first.id, status: 'expired', result: { action: 'cancel' } }, first.expiresAt)
      for (const session of sessions) {
        const listed = await store.listPending(session)
        expect(listed.map((record) => record.id)).toEqual(expected.get(session))
        expect(listed.every((record) => record.sessionId === session && record.status === 'pending')).toBe(true)
      }
      const later = makeRecord({ sessionId: 's-2' })
      await store.create(later, NO_LIMITS)
      expect((await store.listPending('s-2')).map((record) => record.id)).toEqual([...(expected.get('s-2') ?? []), later.id])
      expect((await store.listPending('s-1')).map((record) => record.id)).toEqual(expected.get('s-1'))
    })

    it('refuses past the per-session cap with session_limit and past the total cap with total_limit', async () => {
      const store = await open()
      const limits = { ...NO_LIMITS, maxPendingPerSession: 2, maxPendingTotal: 3 }
      expect(await store.create(makeRecord(), limits)).toMatchObject({ ok: true })
      expect(await store.create(makeRecord(), limits)).toMatchObject({ ok: true })
      expect(await store.create(makeRecord(), limits)).toEqual({ ok: false, reason: 'session_limit' })
      expect(await store.create(makeRecord({ sessionId: 'session-b' }), limits)).toMatchObject({ ok: true })
      expect(await store.create(makeRecord({ sessionId: 'session-c' }), limits)).toEqual({
        ok: false,
        reason: 'total_limit',
      })
    })

    it('frees a cap slot once a record is settled', async () => {
      const store = await open()
      const limits = { ...NO_LIMITS, maxPendingPerSession: 1, maxPendingTotal: 1 }
      const record = makeRecord()
      await store.create(record, limits)
      expect(await store.create(makeRecord(), limits)).toMatchObject({ ok: false })
      await store.settle({ id: record.id, status: 'declined', result: { action: 'decline' } })
      expect(await store.create(makeRecord(), limits)).toMatchObject({ ok: true })
    })

    it('settles once: the first call wins, a second gets already_settled, an unknown id not_found', async () => {
      const store = await open()
      const record = makeRecord()
      await store.create(record, NO_LIMITS)
      const first = await store.settle(accept(record.id))
      expect(first).toEqual({ ok: true })
      const second = await store.settle({ id: record.id, status: 'declined', result: { action: 'decline' } })
      expect(second).toEqual({ ok: false, reason: 'already_settled' })
      expect((await store.get(record.id))?.status).toBe('accepted')
      expect(await store.settle(accept('unknown-id'))).toEqual({ ok: false, reason: 'not_found' })
    })

    it('once settled, keeps only id, session, status and times: no message, schema or answer', async () => {
      const store = await open()
      const peer = await peerOf(store)
      const record = makeRecord({ message: 'the-message-text', serverName: 'the-server' })
      const kept = timesOf(record, await store.create(record, NO_LIMITS))
      await store.settle(accept(record.id, { name: 'the-answer' }))
      const settled = await peer.get(record.id)
      expect(settled).toEqual({
        id: record.id,
        sessionId: record.sessionId,
        status: 'accepted',
        createdAt: kept.createdAt,
        expiresAt: kept.expiresAt,
        settledAt: expect.any(Number),
      })
    })

    it('refuses a record that would take the pending bytes past maxPendingBytes, and frees its bytes once settled', async () => {
      const store = await open()
      const big = (sessionId: string) => makeRecord({ sessionId, message: 'm'.repeat(3000) })
      const limits = { ...NO_LIMITS, maxPendingBytes: 11_000 }
      const first = big('s-1')
      expect(await store.create(first, limits)).toMatchObject({ ok: true })
      expect(await store.create(big('s-2'), limits)).toMatchObject({ ok: true })
      expect(await store.create(big('s-3'), limits)).toMatchObject({ ok: true })
      // Three records of ~3.3 KB each: a fourth would pass 11,000 bytes, whichever session asks.
      expect(await store.create(big('s-4'), limits)).toEqual({ ok: false, reason: 'bytes_limit' })
      // A small record still fits.
      expect(await store.create(makeRecord({ sessionId: 's-4' }), limits)).toMatchObject({ ok: true })
      await store.settle({ id: first.id, status: 'declined', result: { action: 'decline' } })
      expect(await store.create(big('s-4'), limits)).toMatchObject({ ok: true })
    })

    it('frees the bytes of records that expired without a settlement (their replica crashed)', async () => {
      const store = await open()
      const limits = { ...NO_LIMITS, maxPendingBytes: 5000 }
      const abandoned = makeRecord({ message: 'm'.repeat(3000), expiresAt: Date.now() + 40 })
      expect(await store.create(abandoned, limits)).toMatchObject({ ok: true })
      expect(await store.create(makeRecord({ message: 'm'.repeat(3000) }), limits)).toEqual({ ok: false, reason: 'bytes_limit' })
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(await store.create(makeRecord({ message: 'm'.repeat(3000) }), limits)).toMatchObject({ ok: true })
    })

    it('never keeps the answer’s content in the record', async () => {
      const store = await open()
      const record = makeRecord()
      await store.create(record, NO_LIMITS)
      await store.settle(accept(record.id, { name: 'secret-value-42' }))
      expect(JSON.stringify(await store.get(record.id))).not.toContain('secret-value-42')
    })

    it('refuses an answer past expiresAt with expired, but accepts the expiry itself', async () => {
      const store = await open()
      const record = makeRecord({ expiresAt: Date.now() + 40 })
      const kept = timesOf(record, await store.create(record, NO_LIMITS))
      await until(async () => Date.now() > kept.expiresAt + 5)
      const late = kept.expiresAt + 1
      expect(await store.settle(accept(record.id), late)).toMatchObject({ ok: false, reason: 'expired' })
      const expiry: ElicitationSettlement = {
        id: record.id,
        status: 'expired',
        result: { action: 'cancel' },
        reason: 'timed out',
      }
      expect(await store.settle(expiry, late)).toEqual({ ok: true })
      expect((await store.get(record.id))?.status).toBe('expired')
      expect(await store.settle(accept(record.id), late)).toMatchObject({ ok: false, reason: 'expired' })
    })

    it('of concurrent settles of one id from two replicas, exactly one wins', async () => {
      const store = await open()
      const peer = await peerOf(store)
      const record = makeRecord()
      await store.create(record, NO_LIMITS)
      const attempts = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? peer : store).settle(accept(record.id, { name: `answer-${i}` })),
      )
      const outcomes = await Promise.all(attempts)
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'already_settled')).toHaveLength(19)
    })

    it('wakes a subscriber once with the full settlement when another replica settles', async () => {
      const store = await open()
      const peer = await peerOf(store)
      const record = makeRecord()
      await store.create(record, NO_LIMITS)
      const heard: ElicitationSettlement[] = []
      const { promise: settled, resolve } = deferred<void>()
      // subscribe resolves once live, so a settlement right after it cannot slip past.
      await store.subscribe(record.id, (settlement) => {
        heard.push(settlement)
        resolve()
      })
      await peer.settle(accept(record.id, { name: 'Grace' }))
      await settled
      await peer.settle(accept(record.id, { name: 'again' }))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(heard).toEqual([accept(record.id, { name: 'Grace' })])
    })

    it('after unsubscribe, and for other ids, the listener is not called', async () => {
      const store = await open()
      const peer = await peerOf(store)
      const a = makeRecord()
      const b = makeRecord()
      await store.create(a, NO_LIMITS)
      await store.create(b, NO_LIMITS)
      const heard: string[] = []
      const unsubscribe = await store.subscribe(a.id, (settlement) => heard.push(`a:${settlement.id}`))
      const { promise: bHeard, resolve: resolveB } = deferred<void>()
      await store.subscribe(b.id, (settlement) => {
        heard.push(`b:${settlement.id}`)
        resolveB()
      })
      unsubscribe()
      await peer.settle(accept(a.id))
      await peer.settle(accept(b.id))
      await bHeard
      expect(heard).toEqual([`b:${b.id}`])
    })

    it('given its waiter unsubscribed without a settlement, refuses answers with not_waiting and drops it from the list', async () => {
      const store = await open()
      const peer = await peerOf(store)
      const abandoned = makeRecord()
      const waited = makeRecord()
      for (const record of [abandoned, waited]) await store.create(record, NO_LIMITS)
      const unsubscribe = await store.subscribe(abandoned.id, () => {})
      const { promise: heard, resolve } = deferred<ElicitationSettlement>()
      await store.subscribe(waited.id, resolve)
      expect((await peer.listPending(abandoned.sessionId)).map((record) => record.id)).toEqual([abandoned.id, waited.id])
      unsubscribe()
      await until(async () => (await peer.listPending(abandoned.sessionId)).length === 1)
      expect((await peer.listPending(abandoned.sessionId)).map((record) => record.id)).toEqual([waited.id])
      expect(await peer.settle({ id: abandoned.id, status: 'declined', result: { action: 'decline' } })).toEqual({
        ok: false,
        reason: 'not_waiting',
      })
      expect(await peer.settle(accept(abandoned.id))).toEqual({ ok: false, reason: 'not_waiting' })
      // The one still waited on is answered as usual, and the expiry of the other still goes through.
      expect(await peer.settle(accept(waited.id))).toEqual({ ok: true })
      expect(await heard).toEqual(accept(waited.id))
      const expiry: ElicitationSettlement = { id: abandoned.id, status: 'expired', result: { action: 'cancel' } }
      expect(await store.settle(expiry, abandoned.expiresAt)).toEqual({ ok: true })
    })

    it('live channel: a part published on one replica reaches the session’s subscribers on every replica, once each, and no other session’s', async () => {
      const store = await open()
      const peer = await peerOf(store)
      if (!store.subscribeSession || !peer.publishSession || !store.publishSession) throw new Error('the store has no live channel')
      const here: ElicitationRequestData[] = []
      const there: ElicitationRequestData[] = []
      const otherSession: ElicitationRequestData[] = []
      const offHere = await store.subscribeSession('session-a', (data) => here.push(data))
      const offThere = await (peer.subscribeSession ?? store.subscribeSession)('session-a', (data) => there.push(data))
      await store.subscribeSession('session-b', (data) => otherSession.push(data))
      const part = (id: string, status: ElicitationRequestData['status']): ElicitationRequestData => ({
        elicitationId: id,
        message: 'Who are you?',
        requestedSchema: { type: 'object', properties: {} },
        mode: 'form',
        status,
      })
      await peer.publishSession('session-a', part('e-1', 'pending'))
      // As in use: an answer follows the request it answers, which every replica has heard by then.
      // Pub/sub orders one publisher's parts, not two replicas' parts against each other.
      await until(async () => here.length === 1 && there.length === 1)
      await store.publishSession('session-a', part('e-1', 'declined'))
      await until(async () => here.length === 2 && there.length === 2)
      // Give a duplicate (an echo of a replica's own publication) time to arrive: none may.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(here.map((data) => data.status)).toEqual(['pending', 'declined'])
      expect(there.map((data) => data.status)).toEqual(['pending', 'declined'])
      expect(otherSession).toEqual([])
      offHere()
      offHere()
      await store.publishSession('session-a', part('e-2', 'pending'))
      await until(async () => there.length === 3)
      expect(here).toHaveLength(2)
      offThere()
    })

    it('on close, cancels the waiters left with a reason', async () => {
      const store = await harness.createStore()
      const record = makeRecord()
      await store.create(record, NO_LIMITS)
      const { promise: heard, resolve } = deferred<ElicitationSettlement>()
      await store.subscribe(record.id, resolve)
      await store.close()
      expect(await heard).toMatchObject({ id: record.id, status: 'cancelled', result: { action: 'cancel' } })
      expect((await heard).reason).toBeTruthy()
    })
  })
}
