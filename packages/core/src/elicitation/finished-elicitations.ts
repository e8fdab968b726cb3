/**
 * The requests a page is done with (a notice closed, a form that settled while shown), by id, kept
 * across a reload so that a chat or run replayed after it does not show their notices again.
 *
 * Ids only: no message, no answer. Storage is `sessionStorage` by default, like the drafts: per tab
 * and gone with it, so nothing about the person's requests outlives the tab, and a reload (the case
 * that replays a chat) is covered; a second tab, which starts empty, shows a request's notice once
 * more, which tells the truth rather than hiding it. Bounded: past `maxIds` the oldest go first (a
 * very old request's notice may then show again after a reload, never more than once per reload).
 * A storage that throws (quota, a sandboxed frame) falls back to memory.
 */
import type { DraftStorage } from './elicitation-drafts'

/** Options of {@link createFinishedElicitations}. */
export interface FinishedElicitationsOptions {
  /** Where the ids go; `null` keeps them in memory only (a remount, not a reload). Default `sessionStorage`. */
  storage?: DraftStorage | null
  /** The storage key. Default `mcp-hitl:finished`. */
  key?: string
  /** Ids kept at most; past it the oldest is dropped. Default 200. */
  maxIds?: number
}

/** The ids of the requests a page is done with. */
export interface FinishedElicitations {
  /** True when the page is done with this request (in this tab, since before a reload too). */
  has(id: string): boolean
  /** Remembers that the page is done with this request. */
  add(id: string): void
}

// An elicitation id is 22 characters; anything far longer in the storage is not one of ours.
const MAX_ID_LENGTH = 256

/** Creates the store; see the file comment for what is kept and where. */
export function createFinishedElicitations(options: FinishedElicitationsOptions = {}): FinishedElicitations {
  const key = options.key ?? 'mcp-hitl:finished'
  const maxIds = Math.max(1, options.maxIds ?? 200)
  let storage = options.storage === undefined ? defaultStorage() : options.storage
  // In the order they were added, oldest first: the truth for this page, the storage its copy.
  const ids = new Set<string>(read())

  function read(): string[] {
    try {
      const raw = storage?.getItem(key)
      const parsed: unknown = raw ? JSON.parse(raw) : []
      if (!Array.isArray(parsed)) return []
      // Read back as the page's own data, checked: a bounded list of short strings.
      return parsed.filter((id): id is string => typeof id === 'string' && id.length <= MAX_ID_LENGTH).slice(-maxIds)
    } catch {
      // Storage denied, or not JSON: start from nothing.
      return []
    }
  }

  return {
    has: (id) => ids.has(id),
    add(id) {
      if (ids.has(id) || id.length > MAX_ID_LENGTH) return
      // What another queue of this tab stored meanwhile stays (two hooks on one page share the key).
      for (const stored of read()) ids.add(stored)
      ids.delete(id)
      ids.add(id)
      for (const oldest of ids) {
        if (ids.size <= maxIds) break
        ids.delete(oldest)
      }
      try {
        storage?.setItem(key, JSON.stringify([...ids]))
      } catch {
        // Quota exceeded or storage denied: keep going in memory.
        storage = null
      }
    },
  }
}

function defaultStorage(): DraftStorage | null {
  try {
    // Reading the property itself throws in a sandboxed frame without allow-same-origin.
    return (globalThis as { sessionStorage?: DraftStorage }).sessionStorage ?? null
  } catch {
    return null
  }
}
