/**
 * Answers a replayed `elicitation/create` (the same JSON-RPC id, in the same MCP session, with the
 * same params) with the answer the first one got, instead of asking the person again: a server may
 * resend a request after a reconnect (Streamable HTTP resumption replays the stream's events). A
 * replay that arrives while the first is still open waits for the same answer. Only answers are
 * remembered: a request that was aborted (cancelled by the server, its connection closed) is
 * forgotten, so its replay asks again. Memory is bounded by a number of entries, their bytes and a TTL.
 */
import { createHash } from 'node:crypto'
import type { ElicitResult } from '../../../elicitation/protocol'
import { promiseOf } from './settle-without-frames'

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
  /** Most bytes of remembered answers (their JSON); the oldest go first, a larger answer is not kept. Default 1 MiB. */
  maxBytes?: number
  /** Monotonic clock in ms, for tests. */
  now?: () => number
}

interface OpenRequest {
  /** The first request's signal, which the broker waits with: its end ends what the broker waits on. */
  readonly signal: AbortSignal
  readonly answer: Promise<ElicitResult>
}

/** An answer, and whether it was a replay's (the recorded answer, or the open first request's). */
interface Replayed {
  result: ElicitResult
  replay?: 'recorded' | 'joined'
}

interface Answered {
  readonly result: ElicitResult
  readonly bytes: number
  readonly at: number
}

const CANCEL: ElicitResult = { action: 'cancel' }

/** One attachment's memory of the elicitations it answered, for replays. */
export class ReplayedRequests {
  private readonly open = new Map<string, OpenRequest>()
  /** In the order they were answered, so pruning stops at the first one it keeps. */
  private readonly answered = new Map<string, Answered>()
  private answeredBytes = 0
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly maxBytes: number
  private readonly now: () => number

  constructor(options: ReplayedRequestsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000
    this.maxEntries = options.maxEntries ?? 1_000
    this.maxBytes = options.maxBytes ?? 1024 * 1024
    this.now = options.now ?? (() => performance.now())
  }

  /** How many requests are remembered (open or answered). */
  get size(): number {
    return this.open.size + this.answered.size
  }

  /**
   * The answer for the request: the recorded one for a replay, else `ask(signal)`'s. A replay that
   * arrives while the first request is open waits for its answer (`joined`), or gets `cancel` if
   * the replay itself ends first; if the first one ended (its connection closed) and the replay has
   * not, it asks anew. A rejected `ask` is not remembered; every request sharing it rejects.
   */
  answer(
    scope: ReplayScope,
    params: unknown,
    signal: AbortSignal,
    ask: (signal: AbortSignal) => Promise<ElicitResult>,
  ): Promise<Replayed> {
    // Not an async function: a suspended frame per waiting elicitation (settle-without-frames.ts).
    return promiseOf(() => {
      this.prune()
      const key = replayKey(scope, params)
      const recorded = this.answered.get(key)
      if (recorded) return { result: recorded.result, replay: 'recorded' as const }
      const first = this.open.get(key)
      if (!first) return this.ask(key, signal, ask)
      return untilAborted(first.answer, signal).then((result) =>
        !first.signal.aborted || signal.aborted ? { result, replay: 'joined' as const } : this.ask(key, signal, ask),
      )
    })
  }

  /** Asks anew and keeps the answer for replays, unless the request ended first or `ask` rejected. */
  private ask(key: string, signal: AbortSignal, ask: (signal: AbortSignal) => Promise<ElicitResult>): Promise<Replayed> {
    const created: OpenRequest = { signal, answer: ask(signal) }
    this.open.set(key, created)
    const mine = () => this.open.get(key) === created
    return created.answer.then(
      (result) => {
        if (mine()) {
          this.open.delete(key)
          // A request that ended before its answer (the answer is the broker's `cancel`) is forgotten.
          if (!signal.aborted) this.remember(key, result)
        }
        return { result }
      },
      (error: unknown) => {
        if (mine()) this.open.delete(key)
        throw error
      },
    )
  }

  private remember(key: string, result: ElicitResult): void {
    const bytes = JSON.stringify(result).length
    if (bytes > this.maxBytes) return
    this.answered.set(key, { result, bytes, at: this.now() })
    this.answeredBytes += bytes
    this.prune()
  }

  /** Drops answers past their TTL, then the oldest beyond the bounds: O(1) per request, amortised. */
  private prune(): void {
    const now = this.now()
    for (const [key, entry] of this.answered) {
      const expired = now - entry.at >= this.ttlMs
      if (!expired && this.size <= this.maxEntries && this.answeredBytes <= this.maxBytes) break
      this.answered.delete(key)
      this.answeredBytes -= entry.bytes
    }
  }
}

/** `answer`, or `cancel` as soon as `signal` aborts (the request it answers is gone). */
function untilAborted(answer: Promise<ElicitResult>, signal: AbortSignal): Promise<ElicitResult> {
  if (signal.aborted) return Promise.resolve(CANCEL)
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(CANCEL)
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The identity of a request: session, MCP session, JSON-RPC id (typed: 1 is not "1") and a digest of the params. */
function replayKey(scope: ReplayScope, params: unknown): string {
  // A digest, not the params: an entry stays small whatever the schema's size. A reused id with other
  // params is a new request (a server that restarted its counter), never a replay.
  const digest = createHash('sha256').update(JSON.stringify(params) ?? '').digest('base64')
  return JSON.stringify([scope.sessionId, scope.mcpSessionId ?? null, typeof scope.requestId, String(scope.requestId), digest])
}
