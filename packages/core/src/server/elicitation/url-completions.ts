/**
 * URL-mode elicitations waiting for `notifications/elicitation/complete`, keyed by the server's
 * elicitation id. Bounded in count and bytes and pruned lazily (no timers): an entry lives until it
 * is completed, the user refuses, a TTL passes after consent, or newer entries need its room.
 */
import type { ElicitationRequestContext } from './elicitation-broker-types'
import type { StoredElicitation } from './stores/elicitation-store'

const MAX_ENTRIES = 10_000

/** One URL elicitation that may still be completed. */
export interface UrlWait {
  record: StoredElicitation
  emit: ElicitationRequestContext['emit']
  /** The user consented; a completion now shows `completed`. */
  accepted: boolean
  /** A completion arrived before consent; shown as completed right after the accept. */
  completedEarly: boolean
  /** Epoch ms after which the entry is forgotten. */
  until: number
  /** What the entry holds (its record as UTF-8 JSON), counted against the byte bound. */
  bytes: number
  /** Stops listening for the end of the request that raised it (set once consent is given). */
  stopListening?: () => void
}

/** The waiting URL elicitations of one broker. */
export class UrlCompletions {
  private readonly byId = new Map<string, UrlWait[]>()

  /** `maxBytes`: what all entries together may hold (the completed part re-sends each one's message). */
  constructor(private readonly maxBytes: number) {}

  add(wait: UrlWait, at: number): void {
    const key = wait.record.urlElicitationId ?? ''
    this.byId.set(key, [...(this.byId.get(key) ?? []), wait])
    this.prune(at)
  }

  drop(wait: UrlWait): void {
    wait.stopListening?.()
    const key = wait.record.urlElicitationId ?? ''
    const list = this.byId.get(key)?.filter((w) => w !== wait)
    if (list && list.length > 0) this.byId.set(key, list)
    else this.byId.delete(key)
  }

  /** The first entry for `urlElicitationId` not yet marked complete, within the scope. */
  find(urlElicitationId: string, at: number, scope: { sessionId?: string; serverName?: string }): UrlWait | undefined {
    this.prune(at)
    return this.byId
      .get(urlElicitationId)
      ?.find(
        (w) =>
          !w.completedEarly &&
          (scope.sessionId === undefined || w.record.sessionId === scope.sessionId) &&
          (scope.serverName === undefined || w.record.serverName === scope.serverName),
      )
  }

  /** True while `wait` may still be completed (not dropped, not pruned). */
  has(wait: UrlWait, at: number): boolean {
    this.prune(at)
    return this.byId.get(wait.record.urlElicitationId ?? '')?.includes(wait) ?? false
  }

  /** The consented entries of one session that may still be completed, for its pending list. */
  acceptedFor(sessionId: string, at: number): UrlWait[] {
    this.prune(at)
    return this.all().filter((wait) => wait.accepted && !wait.completedEarly && wait.record.sessionId === sessionId)
  }

  /** Every entry, oldest key first. */
  all(): UrlWait[] {
    return [...this.byId.values()].flat()
  }

  clear(): void {
    for (const wait of this.all()) wait.stopListening?.()
    this.byId.clear()
  }

  private prune(at: number): void {
    let total = 0
    let bytes = 0
    for (const [key, list] of this.byId) {
      const kept = list.filter((wait) => wait.until > at)
      for (const wait of list) if (wait.until <= at) wait.stopListening?.()
      if (kept.length === 0) this.byId.delete(key)
      else {
        this.byId.set(key, kept)
        total += kept.length
        for (const wait of kept) bytes += wait.bytes
      }
    }
    // Bounded: a server that never completes cannot grow this without limit. Oldest keys go first.
    for (const [key, list] of this.byId) {
      if (total <= MAX_ENTRIES && bytes <= this.maxBytes) break
      total -= list.length
      for (const wait of list) {
        bytes -= wait.bytes
        wait.stopListening?.()
      }
      this.byId.delete(key)
    }
  }
}
