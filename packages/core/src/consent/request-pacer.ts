/**
 * What an app's asking costs. After the person refuses a request, the app's next request of the same
 * kind waits before it is shown, longer after each refusal in a row; the person can stop the app's
 * requests for the rest of the chat; and an app holds only a few requests waiting at once. Without
 * this an app can reopen a dialog every few milliseconds after each refusal, which makes the chat
 * unusable and turns a stray key press into the answer.
 */

/** Options of {@link createRequestPacer}. */
export interface RequestPacerOptions {
  /** Wait before the request that follows the first refusal. Default 2,000 ms. */
  baseDelayMs?: number
  /** Each further refusal in a row multiplies the wait by this. Default 2. */
  factor?: number
  /** The longest wait. Default 60,000 ms. */
  maxDelayMs?: number
  /** Requests of one kind that may wait at once (shown or held back); more are refused. Default 3. */
  maxWaiting?: number
  /** Wall clock in milliseconds (tests pass their own). Default `Date.now`. */
  now?: () => number
  /** Timer (tests pass their own). Default `setTimeout` / `clearTimeout`. */
  setTimer?: (run: () => void, ms: number) => () => void
}

/** Why the pacer refused a request outright. */
export type PacerRefusal = 'stopped' | 'too-many-waiting'

/** Thrown by {@link RequestPacer.turn} when a request is refused without being shown. */
export class PacerRefusedError extends Error {
  readonly reason: PacerRefusal
  constructor(reason: PacerRefusal, kind: string) {
    super(
      reason === 'stopped'
        ? `The person stopped this app's ${kind} requests for the rest of the chat`
        : `This app already has the most ${kind} requests waiting that the host holds; ask again once one is answered`,
    )
    this.name = 'PacerRefusedError'
    this.reason = reason
  }
}

/** A request's place in line: report how the person answered it. */
export interface PacerTurn {
  /** The person approved (or the request ended without their refusal): the next request of the kind waits no longer. */
  approved(): void
  /** The person refused: the next request of the kind waits, longer after each refusal in a row. */
  refused(): void
  /**
   * The request ended without the person's answer (the app withdrew it, the frame closed): its place
   * is free, and the refusals before it still count, so withdrawing is no way around the wait.
   */
  withdrawn(): void
}

/** The pacing of one app's requests (one pacer per app, shared by its kinds). */
export interface RequestPacer {
  /**
   * Resolves when a request of `kind` may be shown (at once, or after the wait its refusals earned);
   * rejects with {@link PacerRefusedError} when the app was stopped or has too many waiting, and with
   * the signal's reason when the app withdraws the request first.
   */
  turn(kind: string, signal?: AbortSignal): Promise<PacerTurn>
  /** Milliseconds a request of `kind` made now would wait before it is shown. */
  delayFor(kind: string): number
  /** Refuses every request of this app from now on, waiting ones included. */
  stop(): void
  /** Whether {@link stop} was called. */
  readonly stopped: boolean
}

interface KindState {
  streak: number
  refusedAt: number
  waiting: number
}

const defaultTimer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms)
  return () => clearTimeout(id)
}

/** Creates a {@link RequestPacer}. */
export function createRequestPacer(options: RequestPacerOptions = {}): RequestPacer {
  const base = options.baseDelayMs ?? 2000
  const factor = options.factor ?? 2
  const max = options.maxDelayMs ?? 60_000
  const maxWaiting = options.maxWaiting ?? 3
  const now = options.now ?? Date.now
  const setTimer = options.setTimer ?? defaultTimer
  const kinds = new Map<string, KindState>()
  const onStop = new Set<() => void>()
  let stopped = false

  const state = (kind: string) => {
    const known = kinds.get(kind)
    if (known) return known
    const fresh = { streak: 0, refusedAt: 0, waiting: 0 }
    kinds.set(kind, fresh)
    return fresh
  }
  const delayFor = (kind: string) => {
    const s = kinds.get(kind)
    if (!s || s.streak === 0) return 0
    const wait = Math.min(max, base * factor ** (s.streak - 1))
    return Math.max(0, s.refusedAt + wait - now())
  }

  return {
    delayFor,
    get stopped() {
      return stopped
    },
    stop() {
      stopped = true
      for (const cancel of [...onStop]) cancel()
    },
    turn(kind, signal) {
      if (stopped) return Promise.reject(new PacerRefusedError('stopped', kind))
      if (signal?.aborted) return Promise.reject(signal.reason)
      const s = state(kind)
      if (s.waiting >= maxWaiting) return Promise.reject(new PacerRefusedError('too-many-waiting', kind))
      s.waiting++
      let answered = false
      const turn: PacerTurn = {
        approved() {
          if (answered) return
          answered = true
          s.waiting--
          s.streak = 0
        },
        refused() {
          if (answered) return
          answered = true
          s.waiting--
          s.streak++
          s.refusedAt = now()
        },
        withdrawn() {
          if (answered) return
          answered = true
          s.waiting--
        },
      }
      return new Promise<PacerTurn>((resolve, reject) => {
        let cancelTimer = () => {}
        const leave = (error: unknown) => {
          cleanup()
          if (!answered) {
            answered = true
            s.waiting--
          }
          reject(error)
        }
        const onAbort = () => leave(signal?.reason)
        const onStopped = () => leave(new PacerRefusedError('stopped', kind))
        const cleanup = () => {
          cancelTimer()
          signal?.removeEventListener('abort', onAbort)
          onStop.delete(onStopped)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        onStop.add(onStopped)
        // Re-read when the wait ends: a refusal of another request of the kind may have lengthened it.
        const tryNow = () => {
          const wait = delayFor(kind)
          if (wait > 0) {
            cancelTimer = setTimer(tryNow, wait)
            return
          }
          cleanup()
          resolve(turn)
        }
        tryNow()
      })
    },
  }
}
