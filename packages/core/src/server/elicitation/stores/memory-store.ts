/**
 * The default elicitation store: one process, plain maps, no timers. Settled records shrink to a
 * {@link SettledElicitation} and are kept for a while (so a late or duplicate answer gets 409/410
 * instead of 404), purged lazily on every write, so there is nothing to leak after `close()` and
 * nothing keeps the event loop alive.
 *
 * Bounds: pending records by count (the broker's caps) and by bytes (`maxPendingBytes`, counted as
 * the UTF-8 length of each record's JSON); settled records by count (`maxRecords`) and time
 * (`settledRetentionMs`), each a few hundred bytes whatever was asked.
 */
import type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationStoreEntry,
  ElicitationSettlement,
  ElicitationStore,
  SettledElicitation,
  SessionSubscribeOptions,
  SettleOutcome,
  StoredElicitation,
} from './elicitation-store'
import type { ElicitationRequestData } from '../../../elicitation/wire'
import { jsonByteLength } from './json-byte-length'
import { SessionHub, type SessionListener } from './session-hub'

/** Options of {@link createMemoryElicitationStore}. */
export interface MemoryElicitationStoreOptions {
  /** Hard bound on records kept, pending plus settled; the oldest settled go first. Default 100,000. */
  maxRecords?: number
  /** How long a settled record still answers 409/410 before it is forgotten (404). Default 5 minutes. */
  settledRetentionMs?: number
  /**
   * How long a new record is answerable before anyone subscribes to it (the broker subscribes at
   * once). While subscribed it stays answerable; once its last subscriber leaves without a
   * settlement, answers get `not_waiting`. Default 15,000 ms.
   */
  leaseMs?: number
  /** Clock, for tests. */
  now?: () => number
}

type Listener = (settlement: ElicitationSettlement) => void

interface PendingEntry {
  record: StoredElicitation
  /** What the record counts against `maxPendingBytes`. */
  bytes: number
  /** Answerable until then (epoch ms): +Infinity while subscribed, -Infinity once abandoned. */
  lease: number
}

/** An in-memory {@link ElicitationStore} for a single process. */
export function createMemoryElicitationStore(options: MemoryElicitationStoreOptions = {}): ElicitationStore {
  const maxRecords = options.maxRecords ?? 100_000
  const retentionMs = options.settledRetentionMs ?? 5 * 60_000
  const leaseMs = options.leaseMs ?? 15_000
  const now = options.now ?? Date.now
  const pending = new Map<string, PendingEntry>()
  // In settle order, so purging walks from the front and stays O(purged).
  const settled = new Map<string, SettledElicitation>()
  // Almost every id has exactly one listener (the waiting request): keep it bare, not in a Set.
  const listeners = new Map<string, Listener | Set<Listener>>()
  // Pending ids per session, in creation order: listPending costs what the session holds.
  const pendingBySession = new Map<string, Set<string>>()
  // The live channel: one process, so the hub alone is the whole channel.
  const sessions = new SessionHub()
  let pendingBytes = 0
  let closed = false

  const assertOpen = (): void => {
    if (closed) throw new Error('The elicitation store is closed')
  }

  const purge = (): void => {
    const at = now()
    for (const [id, record] of settled) {
      if (at - record.settledAt < retentionMs && pending.size + settled.size < maxRecords) break
      settled.delete(id)
    }
  }

  const markSettled = (entry: PendingEntry, status: SettledElicitation['status'], at: number): void => {
    const { id, sessionId, createdAt, expiresAt } = entry.record
    pending.delete(id)
    pendingBytes -= entry.bytes
    const sessionIds = pendingBySession.get(sessionId)
    sessionIds?.delete(id)
    if (sessionIds?.size === 0) pendingBySession.delete(sessionId)
    // Only what refusing a second answer needs: the message and schema go with the pending record.
    settled.set(id, { id, sessionId, status, createdAt, expiresAt, settledAt: at })
  }

  /**
   * Ends records past their time that nobody settled (their broker went away), so they stop
   * counting against the caps. Only run when a cap is reached, so it costs nothing otherwise.
   */
  const reclaimExpired = (): void => {
    const at = now()
    for (const entry of [...pending.values()]) {
      if (entry.record.expiresAt > at) continue
      markSettled(entry, 'expired', at)
      notify({ id: entry.record.id, status: 'expired', result: { action: 'cancel' }, reason: 'No answer in time' })
    }
  }

  const notify = (settlement: ElicitationSettlement): void => {
    const entry = listeners.get(settlement.id)
    if (!entry) return
    listeners.delete(settlement.id)
    for (const listener of typeof entry === 'function' ? [entry] : entry) {
      try {
        listener(settlement)
      } catch {
        // A throwing listener must not keep the others from hearing about the settlement.
      }
    }
  }

  return {
    async create(record: StoredElicitation, limits: ElicitationLimits): Promise<CreateOutcome> {
      assertOpen()
      purge()
      if (pending.has(record.id) || settled.has(record.id)) throw new Error('Duplicate elicitation id')
      const stored: StoredElicitation = { ...record, status: 'pending' }
      const bytes = jsonByteLength(stored)
      const refusal = (): CreateOutcome | undefined => {
        if ((pendingBySession.get(record.sessionId)?.size ?? 0) >= limits.maxPendingPerSession) return { ok: false, reason: 'session_limit' }
        if (pending.size >= limits.maxPendingTotal || pending.size + settled.size >= maxRecords) return { ok: false, reason: 'total_limit' }
        if (pendingBytes + bytes > limits.maxPendingBytes) return { ok: false, reason: 'bytes_limit' }
        return undefined
      }
      if (refusal()) {
        reclaimExpired()
        purge()
        const still = refusal()
        if (still) return still
      }
      const sessionIds = pendingBySession.get(record.sessionId)
      pending.set(record.id, { record: stored, bytes, lease: now() + leaseMs })
      pendingBytes += bytes
      if (sessionIds) sessionIds.add(record.id)
      else pendingBySession.set(record.sessionId, new Set([record.id]))
      return { ok: true }
    },

    async get(id: string): Promise<ElicitationStoreEntry | undefined> {
      const record = pending.get(id)?.record ?? settled.get(id)
      return record ? { ...record } : undefined
    },

    async listPending(sessionId: string): Promise<StoredElicitation[]> {
      const at = now()
      const out: StoredElicitation[] = []
      // Set iteration is insertion order, which is creation order: oldest first.
      for (const id of pendingBySession.get(sessionId) ?? []) {
        const entry = pending.get(id)
        if (entry && entry.record.expiresAt > at && entry.lease > at) out.push({ ...entry.record })
      }
      return out
    },

    async settle(settlement: ElicitationSettlement, at: number = now()): Promise<SettleOutcome> {
      assertOpen()
      const entry = pending.get(settlement.id)
      if (!entry) {
        const done = settled.get(settlement.id)
        if (!done) return { ok: false, reason: 'not_found' }
        return { ok: false, reason: done.status === 'expired' || done.status === 'withdrawn' ? done.status : 'already_settled' }
      }
      if (settlement.status !== 'expired') {
        if (at >= entry.record.expiresAt) return { ok: false, reason: 'expired' }
        // Nobody would hear this answer: refusing it is what keeps it from being lost.
        if (!(entry.lease > now())) return { ok: false, reason: 'not_waiting' }
      }
      markSettled(entry, settlement.status, at)
      notify(settlement)
      purge()
      return { ok: true }
    },

    async subscribe(id: string, listener: Listener): Promise<() => void> {
      assertOpen()
      const entry = listeners.get(id)
      if (!entry) listeners.set(id, listener)
      else if (typeof entry === 'function') listeners.set(id, new Set([entry, listener]))
      else entry.add(listener)
      const held = pending.get(id)
      if (held) held.lease = Number.POSITIVE_INFINITY
      return () => {
        const current = listeners.get(id)
        if (current === listener) listeners.delete(id)
        else if (current && typeof current !== 'function') {
          current.delete(listener)
          if (current.size === 0) listeners.delete(id)
        }
        // The last waiter left before any settlement: nobody will hear an answer from now on.
        const left = pending.get(id)
        if (left && !listeners.has(id)) left.lease = Number.NEGATIVE_INFINITY
      }
    },

    async publishSession(sessionId: string, data: ElicitationRequestData): Promise<void> {
      sessions.publish(sessionId, data)
    },

    async subscribeSession(sessionId: string, listener: SessionListener, options: SessionSubscribeOptions = {}): Promise<() => void> {
      assertOpen()
      return sessions.add(sessionId, listener, options.onGap)
    },

    async close(): Promise<void> {
      if (closed) return
      closed = true
      sessions.clear()
      // Nobody may be left waiting on a store that is gone.
      for (const id of [...listeners.keys()]) {
        notify({ id, status: 'cancelled', result: { action: 'cancel' }, reason: 'The elicitation store was closed' })
      }
      pending.clear()
      settled.clear()
      pendingBySession.clear()
      pendingBytes = 0
    },
  }
}
