/**
 * The broker's part for URL mode after consent: `notifications/elicitation/complete` marks an
 * accepted step `completed`; a step nobody can complete any more (the request that raised it
 * ended, or the broker closed) is shown `failed`, so the page stops waiting instead of counting
 * down to its TTL. The entries themselves are kept, bounded, by {@link UrlCompletions}.
 */
import type { ElicitationRequestData } from '../../elicitation/wire'
import type { CompleteScope, ElicitationBrokerEvent, ElicitationRequestContext } from './elicitation-broker-types'
import { toElicitationRequestData } from './elicitation-data'
import { UrlCompletions, type UrlWait } from './url-completions'

const REQUEST_ENDED_REASON = 'The request that asked for this step ended before the server confirmed it was completed'
const CLOSED_BEFORE_COMPLETION_REASON = 'The elicitation broker was closed before the server confirmed the step was completed'

/** What the part uses of the broker. */
export interface BrokerUrlCompletionDeps {
  now: () => number
  /** How long a consented step waits for its completion, in ms (the broker's `ttlMs`). */
  ttlMs: number
  /** What all waiting steps together may hold, in bytes. */
  maxBytes: number
  report: (event: ElicitationBrokerEvent) => void
  show: (emit: ElicitationRequestContext['emit'], sessionId: string, data: ElicitationRequestData) => void
}

/** URL steps from consent to completion; see the module comment. */
export class BrokerUrlCompletion {
  private readonly waits: UrlCompletions

  constructor(private readonly deps: BrokerUrlCompletionDeps) {
    this.waits = new UrlCompletions(deps.maxBytes)
  }

  /** A URL elicitation is shown: a completion may come from now on, even before consent. */
  track(wait: UrlWait): void {
    this.waits.add(wait, this.deps.now())
  }

  /**
   * The elicitation settled: after consent the step waits for its completion (shown at once if it
   * came early) until `signal`, the end of the request that raised it; any other answer drops it.
   */
  settled(wait: UrlWait, accepted: boolean, signal: AbortSignal | undefined): void {
    if (!accepted) {
      this.waits.drop(wait)
      return
    }
    wait.accepted = true
    wait.until = this.deps.now() + this.deps.ttlMs
    if (wait.completedEarly) this.emitCompleted(wait)
    else this.endWithSignal(wait, signal)
  }

  /** `broker.complete`: false for an unknown or already completed id, as the spec requires. */
  complete(urlElicitationId: string, scope: CompleteScope): boolean {
    const wait = this.waits.find(urlElicitationId, this.deps.now(), scope)
    if (!wait) return false
    // Completed before the user consented (e.g. an earlier attempt): shown as completed once accepted.
    if (!wait.accepted) wait.completedEarly = true
    else this.emitCompleted(wait)
    return true
  }

  /**
   * The caller's consented steps still waiting for their server, oldest first, as the pending list
   * shows them: a page that reloads gets each back as a pending row (Reopen, Copy link) until the
   * server's `completed` or `failed` part. This replica's only: the wait lives where the request is,
   * and so does the notification that ends it.
   */
  acceptedFor(sessionId: string): ReadonlyArray<UrlWait> {
    return this.waits.acceptedFor(sessionId, this.deps.now())
  }

  /** The broker closes: consented steps still waiting can no longer complete, and the page hears so. */
  close(): void {
    for (const wait of this.waits.all()) if (wait.accepted) this.emitNotCompleted(wait, CLOSED_BEFORE_COMPLETION_REASON)
    this.waits.clear()
  }

  private emitCompleted(wait: UrlWait): void {
    this.waits.drop(wait)
    this.deps.report({ type: 'completed', id: wait.record.id, urlElicitationId: wait.record.urlElicitationId ?? '' })
    this.deps.show(wait.emit, wait.record.sessionId, toElicitationRequestData(wait.record, 'completed', { action: 'accept' }))
  }

  /** `failed` with the consent kept in `response`: the user did consent, the step was not confirmed. */
  private emitNotCompleted(wait: UrlWait, reason: string): void {
    this.waits.drop(wait)
    this.deps.report({ type: 'not_completed', id: wait.record.id, urlElicitationId: wait.record.urlElicitationId ?? '', reason })
    this.deps.show(wait.emit, wait.record.sessionId, toElicitationRequestData(wait.record, 'failed', { action: 'accept' }, reason))
  }

  private endWithSignal(wait: UrlWait, signal: AbortSignal | undefined): void {
    if (!signal) return
    const onAbort = (): void => {
      if (this.waits.has(wait, this.deps.now())) this.emitNotCompleted(wait, REQUEST_ENDED_REASON)
    }
    if (signal.aborted) {
      onAbort()
      return
    }
    signal.addEventListener('abort', onAbort, { once: true })
    wait.stopListening = () => signal.removeEventListener('abort', onAbort)
  }
}
