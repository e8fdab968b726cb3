/**
 * The in-process half of the per-session live channel: listeners by session, each part handed to
 * the listeners of its session only. The memory store is this hub alone; the Redis store puts a
 * pub/sub channel per session behind it (first listener of a session: SUBSCRIBE, last one gone:
 * UNSUBSCRIBE), so one replica's parts reach the pages streaming from another.
 */
import type { ElicitationRequestData } from '../../../elicitation/wire'

/** Receives every part of one session's elicitations, as the chat stream shows them (content redacted). */
export type SessionListener = (data: ElicitationRequestData) => void

/** Hooks a shared store uses to follow which sessions have listeners in this process. */
export interface SessionHubHooks {
  /** The session's first listener arrived. */
  onFirst?(sessionId: string): void
  /** The session's last listener left. */
  onLast?(sessionId: string): void
}

interface Entry {
  listener: SessionListener
  onGap?: () => void
}

/** Listeners by session; see the file comment. */
export class SessionHub {
  readonly #listeners = new Map<string, Set<Entry>>()
  readonly #hooks: SessionHubHooks

  constructor(hooks: SessionHubHooks = {}) {
    this.#hooks = hooks
  }

  /**
   * Adds a listener, and `onGap` for when parts may have been missed (a shared store lost its
   * connection and got it back); returns its removal (idempotent).
   */
  add(sessionId: string, listener: SessionListener, onGap?: () => void): () => void {
    let set = this.#listeners.get(sessionId)
    if (!set) {
      set = new Set()
      this.#listeners.set(sessionId, set)
    }
    // An entry per call: the same function added twice is two subscriptions, removed one by one.
    const entry: Entry = { listener, onGap }
    set.add(entry)
    if (set.size === 1) this.#hooks.onFirst?.(sessionId)
    return () => {
      const current = this.#listeners.get(sessionId)
      if (!current?.delete(entry) || current.size > 0) return
      this.#listeners.delete(sessionId)
      this.#hooks.onLast?.(sessionId)
    }
  }

  /** Hands `data` to the session's listeners; one that throws does not keep it from the others. */
  publish(sessionId: string, data: ElicitationRequestData): void {
    const set = this.#listeners.get(sessionId)
    if (!set) return
    for (const entry of [...set]) {
      try {
        entry.listener(data)
      } catch {
        // A listener's failure is its own (a closed stream); the others still hear the part.
      }
    }
  }

  /** Tells every listener here that parts may have been missed. */
  gap(): void {
    for (const set of [...this.#listeners.values()]) {
      for (const entry of [...set]) {
        try {
          entry.onGap?.()
        } catch {
          // As in publish.
        }
      }
    }
  }

  /** True while the session has a listener here. */
  has(sessionId: string): boolean {
    return this.#listeners.has(sessionId)
  }

  /** The sessions with listeners here. */
  sessions(): string[] {
    return [...this.#listeners.keys()]
  }

  /** Drops every listener (the store closed). */
  clear(): void {
    this.#listeners.clear()
  }
}
