/**
 * How long a proxied tool call may wait: `timeoutMs` of silence from the MCP server, except while
 * the caller has an elicitation open, when the wait is a person's and the clock stops (it starts
 * again, in full, once they answered). The broker is wrapped to count each caller's open
 * elicitations; a call's deadline listens to its caller's count.
 */
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'

/** Open elicitations per caller session. */
export class PendingElicitations {
  private readonly counts = new Map<string, number>()
  private readonly listeners = new Map<string, Set<() => void>>()

  /** The broker, counting every request while it waits for its answer. */
  wrap(broker: Pick<ElicitationBroker, 'request' | 'complete'>): Pick<ElicitationBroker, 'request' | 'complete'> {
    return {
      request: async (params, context) => {
        this.change(context.sessionId, 1)
        try {
          return await broker.request(params, context)
        } finally {
          this.change(context.sessionId, -1)
        }
      },
      complete: (id, scope) => broker.complete(id, scope),
    }
  }

  /** True while `sessionId` has an elicitation waiting for its answer. */
  open(sessionId: string): boolean {
    return (this.counts.get(sessionId) ?? 0) > 0
  }

  /** Calls `listener` whenever the caller's count changes; returns the unsubscribe. */
  subscribe(sessionId: string, listener: () => void): () => void {
    let set = this.listeners.get(sessionId)
    if (!set) {
      set = new Set()
      this.listeners.set(sessionId, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(sessionId)
    }
  }

  private change(sessionId: string, by: number): void {
    const next = (this.counts.get(sessionId) ?? 0) + by
    if (next > 0) this.counts.set(sessionId, next)
    else this.counts.delete(sessionId)
    for (const listener of [...(this.listeners.get(sessionId) ?? [])]) listener()
  }
}

/**
 * An abort signal that fires after `ms` of the call's silence, never while `sessionId` has an
 * elicitation open; `stop()` when the call is over.
 */
export function silenceDeadline(
  pending: PendingElicitations,
  sessionId: string,
  ms: number,
  reason: () => Error,
): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = pending.open(sessionId) ? undefined : setTimeout(() => controller.abort(reason()), ms)
  }
  const unsubscribe = pending.subscribe(sessionId, arm)
  arm()
  return {
    signal: controller.signal,
    stop: () => {
      clearTimeout(timer)
      unsubscribe()
    },
  }
}
