/**
 * The browser side of the per-session live channel: reads the events route
 * (`createElicitationEventsHandler`) with `EventSource` and hands each `ElicitationRequestData` to
 * `onData`, typically `queue.push`. The route sends the session's pending elicitations first, so a
 * reconnect also catches up.
 *
 * Reconnects are the client's own, not `EventSource`'s: a stream that ends or fails is closed and
 * opened again after a bounded, jittered backoff (1 s doubling to 30 s by default, reset once a
 * stream opens). `EventSource` would retry a dropped connection by itself but gives up for good on
 * any non-200 answer (403 before sign-in, 429 at the stream cap, 503 while the store is down), and
 * a whole tab of pages retrying at the same fixed delay would come back together.
 */
import { McpHitlError } from '../errors'
import { isElicitationRequestData } from './elicitation-activity'
import type { ElicitationRequestData } from './wire'

/** Where the live channel stands. */
export type ElicitationEventsState = 'connecting' | 'open' | 'waiting' | 'closed'

/** The slice of `EventSource` the client uses; the browser's fits, and so do polyfills with headers. */
export interface EventSourceLike {
  readonly readyState: number
  onopen: ((event: unknown) => unknown) | null
  onmessage: ((event: { data: unknown }) => unknown) | null
  onerror: ((event: unknown) => unknown) | null
  close(): void
}

/** Options of {@link subscribeElicitationEvents}. */
export interface ElicitationEventsOptions {
  /** The events route, e.g. `/api/elicitation/events`. */
  url: string
  /** Called with every elicitation the route sends (pending ones first after each connect). */
  onData: (data: ElicitationRequestData) => void
  /** Called when the state changes (for a "live" indicator or logs). */
  onStateChange?: (state: ElicitationEventsState) => void
  /** Sends cookies cross-origin (`EventSource`'s `withCredentials`). Same-origin cookies go anyway. */
  withCredentials?: boolean
  /** First reconnect delay in ms. Default 1,000. */
  minRetryMs?: number
  /** Longest reconnect delay in ms. Default 30,000. */
  maxRetryMs?: number
  /** Largest event accepted, in characters; larger ones are dropped. Default 1,048,576. */
  maxEventLength?: number
  /** The `EventSource` constructor; default the global one. */
  EventSource?: new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike
  /** Jitter source in [0, 1), for tests. Default `Math.random`. */
  random?: () => number
}

/** Opens the live channel; returns its close (idempotent), after which nothing more is delivered. */
export function subscribeElicitationEvents(options: ElicitationEventsOptions): () => void {
  const Source = options.EventSource ?? (globalThis as { EventSource?: ElicitationEventsOptions['EventSource'] }).EventSource
  if (typeof Source !== 'function') {
    throw new McpHitlError(
      'subscribeElicitationEvents needs EventSource: run it in a browser, or pass options.EventSource (a polyfill such as the eventsource package).',
      { code: 'misuse' },
    )
  }
  if (typeof options.url !== 'string' || options.url.length === 0) {
    throw new McpHitlError('subscribeElicitationEvents needs the events route as options.url, e.g. "/api/elicitation/events".', {
      code: 'misuse',
    })
  }
  const minRetryMs = options.minRetryMs ?? 1000
  const maxRetryMs = Math.max(minRetryMs, options.maxRetryMs ?? 30_000)
  const maxEventLength = options.maxEventLength ?? 1024 * 1024
  const random = options.random ?? Math.random
  let source: EventSourceLike | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let closed = false
  let state: ElicitationEventsState | undefined

  const setState = (next: ElicitationEventsState): void => {
    if (state === next) return
    state = next
    options.onStateChange?.(next)
  }

  const connect = (): void => {
    timer = undefined
    if (closed) return
    setState('connecting')
    const current = new Source(options.url, options.withCredentials ? { withCredentials: true } : undefined)
    source = current
    current.onopen = () => {
      if (source !== current) return
      failures = 0
      setState('open')
    }
    current.onmessage = (event) => {
      if (source !== current || typeof event.data !== 'string' || event.data.length > maxEventLength) return
      let data: unknown
      try {
        data = JSON.parse(event.data)
      } catch {
        return
      }
      if (isElicitationRequestData(data)) options.onData(data)
    }
    current.onerror = () => {
      if (source !== current) return
      // Closed here whatever EventSource would do next: the backoff below is the only retry.
      current.close()
      source = undefined
      setState('waiting')
      // Full jitter over an exponential ceiling: reconnects of many tabs spread out.
      const ceiling = Math.min(maxRetryMs, minRetryMs * 2 ** Math.min(failures, 30))
      failures++
      timer = setTimeout(connect, Math.max(minRetryMs / 2, ceiling * random()))
    }
  }

  connect()
  return () => {
    if (closed) return
    closed = true
    clearTimeout(timer)
    source?.close()
    source = undefined
    setState('closed')
  }
}
