/**
 * The abort signals of an adapter's in-flight requests. Each request gets a signal of its own, aborted
 * (with the source's reason) by the request's own signal (the SDK's per-request one), by the
 * context's signal (a chat turn's, a tool call's) or when the adapter detaches.
 *
 * Both stay linked after the answer: the broker may still wait (a consented URL step's completion),
 * and the end of the raising request or tool call ends that wait. The request's own signal lives as
 * long as the request, so a plain listener links it. The context's may be shared by many requests
 * and outlive them, so `AbortSignal.any` links it: it holds its sources weakly and adds no listener
 * (a listener per request would pass Node's ten-listener warning and outlive the request), at about
 * 2 KB per request in Node 20, paid only when the context has a signal.
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

  /** A signal for one request, aborted by `own`, by `shared` or by detaching (until `done()`). */
  start(own: AbortSignal | undefined, shared?: AbortSignal): RequestSignal {
    const controller = new AbortController()
    if (this.detached) controller.abort()
    else if (own?.aborted) controller.abort(own.reason)
    else {
      own?.addEventListener('abort', () => controller.abort(own.reason), { once: true })
      this.open.add(controller)
    }
    const signal = shared === undefined || shared === own ? controller.signal : AbortSignal.any([controller.signal, shared])
    return { signal, done: () => void this.open.delete(controller) }
  }

  /** Aborts every open request's signal, and those of requests that start later. */
  detach(): void {
    this.detached = true
    for (const controller of this.open) controller.abort()
    this.open.clear()
  }
}
