/**
 * The abort signals of an adapter's in-flight requests. Each request gets a signal of its own, aborted
 * when its sources abort (the SDK's per-request signal, the context's) or when the adapter detaches.
 * Nothing listens on a signal shared by all requests: a shared one collects a listener per pending
 * request, and past ten of them Node prints MaxListenersExceededWarning.
 */

/** One request's signal; call `done()` once it has its answer. */
export interface RequestSignal {
  signal: AbortSignal
  done(): void
}

/** The signals of one attachment's requests, all aborted by {@link RequestSignals.detach}. */
export class RequestSignals {
  private readonly open = new Set<AbortController>()
  private detached = false

  /** A signal for one request, aborted by any of `sources` or by detaching. */
  start(sources: readonly (AbortSignal | undefined)[]): RequestSignal {
    const own = new AbortController()
    if (this.detached) own.abort()
    else this.open.add(own)
    const linked = sources.filter((source): source is AbortSignal => source !== undefined)
    // AbortSignal.any holds its sources weakly and adds no listener to them.
    const signal = linked.length > 0 ? AbortSignal.any([own.signal, ...linked]) : own.signal
    return { signal, done: () => void this.open.delete(own) }
  }

  /** Aborts every open request's signal, and those of requests that start later. */
  detach(): void {
    this.detached = true
    for (const controller of this.open) controller.abort()
    this.open.clear()
  }
}
