/**
 * The default elicitation store: one process, plain maps, no timers. Settled records are kept for a
 * while (so a late or duplicate answer gets 409 instead of 404) and purged lazily on every write, so
 * there is nothing to leak after `close()` and nothing keeps the event loop alive.
 */
import type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationSettlement,
  ElicitationStore,
  SettleOutcome,
  StoredElicitation,
} from './elicitation-store'

/** Options of {@link createMemoryElicitationStore}. */
export interface MemoryElicitationStoreOptions {
  /** Hard bound on records kept, pending plus settled; the oldest settled go first. Default 100,000. */
  maxRecords?: number
  /** How long a settled record still answers 409/410 before it is forgotten (404). Default 5 minutes. */
  settledRetentionMs?: number
  /** Clock, for tests. */
  now?: () => number
}

type Listener = (settlement: ElicitationSettlement) => void

interface SettledMark {
  id: string
  at: number
}

/** An in-memory {@link ElicitationStore} for a single process. */
export function createMemoryElicitationStore(options: MemoryElicitationStoreOptions = {}): ElicitationStore {
  const maxRecords = options.maxRecords ?? 100_000
  const retentionMs = options.settledRetentionMs ?? 5 * 60_000
  const now = options.now ?? Date.now
  const records = new Map<string, StoredElicitation>()
  // Almost every id has exactly one listener (the waiting request): keep it bare, not in a Set.
  const listeners = new Map<string, Listener | Set<Listener>>()
  // Pending ids per session, in creation order: listPending costs what the session holds.
  const pendingBySession = new Map<string, Set<string>>()
  // Settled ids in settle order; purging walks from the front, so it stays O(purged).
  let settledQueue: SettledMark[] = []
  let settledHead = 0
  let pendingTotal = 0
  let closed = false

  const assertOpen = (): void => {
    if (closed) throw new Error('The elicitation store is closed')
  }

  const dropSettled = (force: boolean): boolean => {
    const mark = settledQueue[settledHead]
    if (!mark) return false
    if (!force && now() - mark.at < retentionMs) return false
    settledHead++
    const record = records.get(mark.id)
    if (record && record.status !== 'pending') records.delete(mark.id)
    if (settledHead > 1024 && settledHead * 2 > settledQueue.length) {
      settledQueue = settledQueue.slice(settledHead)
      settledHead = 0
    }
    return true
  }

  const purge = (): void => {
    while (dropSettled(false)) {}
    while (records.size >= maxRecords && dropSettled(true)) {}
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
      if (records.has(record.id)) throw new Error('Duplicate elicitation id')
      const sessionIds = pendingBySession.get(record.sessionId)
      if ((sessionIds?.size ?? 0) >= limits.maxPendingPerSession) return { ok: false, reason: 'session_limit' }
      if (pendingTotal >= limits.maxPendingTotal || records.size >= maxRecords) return { ok: false, reason: 'total_limit' }
      records.set(record.id, { ...record, status: 'pending' })
      if (sessionIds) sessionIds.add(record.id)
      else pendingBySession.set(record.sessionId, new Set([record.id]))
      pendingTotal++
      return { ok: true }
    },

    async get(id: string): Promise<StoredElicitation | undefined> {
      const record = records.get(id)
      return record ? { ...record } : undefined
    },

    async listPending(sessionId: string): Promise<StoredElicitation[]> {
      const at = now()
      const out: StoredElicitation[] = []
      // Set iteration is insertion order, which is creation order: oldest first.
      for (const id of pendingBySession.get(sessionId) ?? []) {
        const record = records.get(id)
        if (record && record.status === 'pending' && record.expiresAt > at) out.push({ ...record })
      }
      return out
    },

    async settle(settlement: ElicitationSettlement, at: number = now()): Promise<SettleOutcome> {
      assertOpen()
      const record = records.get(settlement.id)
      if (!record) return { ok: false, reason: 'not_found' }
      if (record.status !== 'pending') {
        return { ok: false, reason: record.status === 'expired' ? 'expired' : 'already_settled', record: { ...record } }
      }
      if (settlement.status !== 'expired' && at >= record.expiresAt) return { ok: false, reason: 'expired', record: { ...record } }
      record.status = settlement.status
      const sessionIds = pendingBySession.get(record.sessionId)
      sessionIds?.delete(record.id)
      if (sessionIds?.size === 0) pendingBySession.delete(record.sessionId)
      pendingTotal--
      settledQueue.push({ id: record.id, at })
      notify(settlement)
      purge()
      return { ok: true, record: { ...record } }
    },

    async subscribe(id: string, listener: Listener): Promise<() => void> {
      assertOpen()
      const entry = listeners.get(id)
      if (!entry) listeners.set(id, listener)
      else if (typeof entry === 'function') listeners.set(id, new Set([entry, listener]))
      else entry.add(listener)
      return () => {
        const current = listeners.get(id)
        if (current === listener) listeners.delete(id)
        else if (current && typeof current !== 'function') {
          current.delete(listener)
          if (current.size === 0) listeners.delete(id)
        }
      }
    },

    async close(): Promise<void> {
      if (closed) return
      closed = true
      // Nobody may be left waiting on a store that is gone.
      for (const id of [...listeners.keys()]) {
        notify({ id, status: 'cancelled', result: { action: 'cancel' }, reason: 'The elicitation store was closed' })
      }
      records.clear()
      pendingBySession.clear()
      settledQueue = []
      settledHead = 0
      pendingTotal = 0
    },
  }
}
