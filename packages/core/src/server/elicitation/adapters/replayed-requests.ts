/**
 * Answers a replayed `elicitation/create` (the same JSON-RPC id, in the same MCP session, with the
 * same params) with the answer the first one got, instead of asking the person again: a server may
 * resend a request after a reconnect (Streamable HTTP resumption replays the stream's events). A
 * replay that arrives while the first is still open waits for the same answer. Only answers are
 * remembered: a request that was aborted (cancelled by the server, its connection closed) is
 * forgotten, so its replay asks again. Memory is bounded by a number of entries and a TTL.
 */
import { createHash } from 'node:crypto'
import type { ElicitResult } from '../../../elicitation/protocol'

/** Who sent the request and under which id: the parts of a replay's identity. */
export interface ReplayScope {
  /** The session the answer belongs to (the broker context's `sessionId`). */
  sessionId: string
  /** The MCP session the request came on (Streamable HTTP's `Mcp-Session-Id`), if the transport has one. */
  mcpSessionId?: string | undefined
  /** The JSON-RPC request id. */
  requestId: string | number
}

/** Bounds of a {@link ReplayedRequests}. */
export interface ReplayedRequestsOptions {
  /** How long an answer is kept for a replay, in ms. Default 600,000 (10 minutes, the broker's default TTL). */
  ttlMs?: number
  /** Most requests remembered; the oldest answered ones go first. Default 1,000. */
  maxEntries?: number
  /** Monotonic clock in ms, for tests. */
  now?: () => number
}

interface Entry {
  /** Aborted when any request sharing this entry is aborted. */
  readonly controller: AbortController
  readonly answer: Promise<ElicitResult>
  answeredAt?: number
}

/** One attachment's memory of the elicitations it answered, for replays. */
export class ReplayedRequests {
  private readonly entries = new Map<string, Entry>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: ReplayedRequestsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000
    this.maxEntries = options.maxEntries ?? 1_000
    this.now = options.now ?? (() => performance.now())
  }

  /** How many requests are remembered (open or answered). */
  get size(): number {
    return this.entries.size
  }

  /**
   * The answer for the request: the recorded one for a replay, else `ask(signal)`'s, where `signal`
   * aborts when this request's `signal` (or that of a replay sharing it) does. `replay` says which: a
   * `recorded` answer, or one `joined` while the first request was still open. A rejected `ask` is
   * not remembered; every request sharing it rejects.
   */
  async answer(
    scope: ReplayScope,
    params: unknown,
    signal: AbortSignal,
    ask: (signal: AbortSignal) => Promise<ElicitResult>,
  ): Promise<{ result: ElicitResult; replay?: 'recorded' | 'joined' }> {
    this.prune()
    const key = replayKey(scope, params)
    const existing = this.entries.get(key)
    if (existing?.answeredAt !== undefined) return { result: await existing.answer, replay: 'recorded' }
    if (existing) {
      const result = await this.follow(existing, signal)
      // The first request was aborted (its connection closed) while this one was not: ask anew.
      if (!existing.controller.signal.aborted || signal.aborted) return { result, replay: 'joined' }
    }
    const controller = new AbortController()
    const created: Entry = { controller, answer: ask(controller.signal) }
    this.entries.set(key, created)
    const mine = () => this.entries.get(key) === created
    try {
      const result = await this.follow(created, signal)
      if (mine()) {
        if (controller.signal.aborted) this.entries.delete(key)
        else created.answeredAt = this.now()
      }
      // The broker may still wait after the answer (a consented URL step's completion): the end of
      // this request ends that wait too. The listener lives on this request's own signal only.
      if (!signal.aborted) signal.addEventListener('abort', () => controller.abort(), { once: true })
      return { result }
    } catch (error) {
      if (mine()) this.entries.delete(key)
      throw error
    }
  }

  /** Waits for `entry`'s answer, aborting it if `signal` aborts meanwhile. */
  private async follow(entry: Entry, signal: AbortSignal): Promise<ElicitResult> {
    const abort = () => entry.controller.abort()
    if (signal.aborted) abort()
    else signal.addEventListener('abort', abort, { once: true })
    try {
      return await entry.answer
    } finally {
      signal.removeEventListener('abort', abort)
    }
  }

  /** Drops answers past their TTL, then the oldest answered ones beyond the bound (Map order is insertion order). */
  private prune(): void {
    const now = this.now()
    let excess = this.entries.size - this.maxEntries + 1
    for (const [key, entry] of this.entries) {
      if (entry.answeredAt === undefined) continue
      if (now - entry.answeredAt >= this.ttlMs || excess > 0) {
        this.entries.delete(key)
        excess--
      }
    }
  }
}

/** The identity of a request: session, MCP session, JSON-RPC id (typed: 1 is not "1") and a digest of the params. */
function replayKey(scope: ReplayScope, params: unknown): string {
  // A digest, not the params: an entry stays small whatever the schema's size. A reused id with other
  // params is a new request (a server that restarted its counter), never a replay.
  const digest = createHash('sha256').update(JSON.stringify(params) ?? '').digest('base64')
  return JSON.stringify([scope.sessionId, scope.mcpSessionId ?? null, typeof scope.requestId, String(scope.requestId), digest])
}
