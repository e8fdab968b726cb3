/**
 * The events endpoint: `GET` -> `text/event-stream` of the caller's elicitations, the per-session
 * live channel for pages. It sends the session's pending elicitations first, then every part the
 * broker emits for the session, on any replica (an app's button with no chat stream, an answer
 * given in another tab). Each event is a default (`message`) event whose `data` is one
 * `ElicitationRequestData`, the same object as the chat stream's part, so
 * `new EventSource(url).onmessage = (e) => queue.push(JSON.parse(e.data))` is a whole client.
 *
 * Bounds: a comment line every `keepAliveMs` keeps proxies from closing an idle stream; at most
 * `maxStreamsPerSession` streams per session and `maxStreams` in all are open in this process (the
 * next gets 429 `too_many_streams` with `Retry-After`); a client that stops reading is dropped once
 * `maxBufferedBytes` wait for it. A stream ends (the client reconnects and re-reads the pending
 * list) when the store says parts may have been missed.
 *
 * Statuses (codes of `HTTP_ERRORS`): 200 stream; 403 `forbidden` without a session; 405
 * `method_not_allowed`; 429 `too_many_streams`; 500 `internal`; 503 `unavailable` store down.
 * Errors are `{ error, code }`.
 *
 * @example Next.js route handler (`app/api/elicitation/events/route.ts`)
 * ```ts
 * export const GET = createElicitationEventsHandler(broker, { getSessionId: sessionFromCookie('sid') })
 * ```
 */
import { McpHitlError } from '../../errors'
import type { ElicitationRequestData } from '../../elicitation/wire'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { requireGetSessionId, resolveSession, type SessionHandlerOptions } from '../http/session-resolver'

/** Options of {@link createElicitationEventsHandler}. */
export interface ElicitationEventsHandlerOptions extends SessionHandlerOptions {
  /** Interval of the keep-alive comment, in ms. Default 15,000. */
  keepAliveMs?: number
  /** Open streams one session may hold in this process (tabs, devices). Default 8. */
  maxStreamsPerSession?: number
  /** Open streams in this process across sessions. Default 10,000. */
  maxStreams?: number
  /** Bytes queued for a client that does not read before its stream is dropped. Default 1,048,576 (1 MiB). */
  maxBufferedBytes?: number
  /** The reconnection delay a plain `EventSource` is told (`retry:`), in ms. Default 2,000. */
  retryMs?: number
}

const encoder = new TextEncoder()

/** One SSE event for a part. JSON has no raw newlines, so one `data:` line carries it. */
const eventOf = (data: ElicitationRequestData): Uint8Array => encoder.encode(`data: ${JSON.stringify(data)}\n\n`)

const positive = (value: number | undefined, fallback: number, name: string): number => {
  const chosen = value ?? fallback
  if (!(typeof chosen === 'number' && Number.isFinite(chosen) && chosen > 0)) {
    throw new McpHitlError(`createElicitationEventsHandler: ${name} must be a positive number (got ${String(chosen)}); leave it out for the default.`, {
      code: 'misuse',
    })
  }
  return chosen
}

/** Creates the events handler; `getSessionId` is required (see {@link SessionHandlerOptions}). */
export function createElicitationEventsHandler(
  broker: Pick<ElicitationBroker, 'listPending' | 'subscribeSession'>,
  options: ElicitationEventsHandlerOptions,
): (request: Request) => Promise<Response> {
  requireGetSessionId('createElicitationEventsHandler', options)
  const keepAliveMs = positive(options.keepAliveMs, 15_000, 'keepAliveMs')
  const maxPerSession = positive(options.maxStreamsPerSession, 8, 'maxStreamsPerSession')
  const maxStreams = positive(options.maxStreams, 10_000, 'maxStreams')
  const maxBufferedBytes = positive(options.maxBufferedBytes, 1024 * 1024, 'maxBufferedBytes')
  const retryMs = Math.round(positive(options.retryMs, 2000, 'retryMs'))
  // Open streams by session; an entry exists only while its count is above zero.
  const open = new Map<string, number>()
  let total = 0
  const retryAfter = String(Math.max(1, Math.ceil(retryMs / 1000)))

  return createHttpRoute({ methods: ['GET'], onError: options.onError }, async (request) => {
    const sessionId = await resolveSession(request, options)
    const held = open.get(sessionId) ?? 0
    if (held >= maxPerSession) {
      throw new HttpRefusal('too_many_streams', `This session already has ${held} open event streams; close one or retry later`, {
        headers: { 'retry-after': retryAfter },
      })
    }
    if (total >= maxStreams) {
      throw new HttpRefusal('too_many_streams', 'Too many open event streams; retry later', { headers: { 'retry-after': retryAfter } })
    }
    // Counted from here, so concurrent opens of one session cannot pass the cap together.
    open.set(sessionId, held + 1)
    total++
    let released = false
    const release = (): void => {
      if (released) return
      released = true
      total--
      const left = (open.get(sessionId) ?? 1) - 1
      if (left > 0) open.set(sessionId, left)
      else open.delete(sessionId)
    }

    // Parts heard before the stream exists wait here, behind the pending list.
    let early: ElicitationRequestData[] | undefined = []
    let send: (data: ElicitationRequestData) => void = (data) => early?.push(data)
    let end: () => void = () => {}
    const subscription = broker.subscribeSession(sessionId, (data) => send(data), { onGap: () => end() })
    let pending: ElicitationRequestData[]
    try {
      // Live before the list is read: a part emitted in between is in `early`, not lost.
      await subscription.ready
      pending = await broker.listPending(sessionId)
    } catch (cause) {
      subscription()
      release()
      options.onError?.(cause)
      throw new HttpRefusal('unavailable', 'The elicitation store is unavailable')
    }

    let timer: ReturnType<typeof setInterval> | undefined
    const stop = (): void => {
      clearInterval(timer)
      subscription()
      release()
      request.signal.removeEventListener('abort', abort)
    }
    const abort = (): void => end()
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let closed = false
          end = () => {
            if (closed) return
            closed = true
            stop()
            try {
              controller.close()
            } catch {
              // Already cancelled by the reader.
            }
          }
          const enqueue = (chunk: Uint8Array): void => {
            if (closed) return
            // A reader that stopped reading: drop it rather than queue without bound.
            if ((controller.desiredSize ?? 0) < -maxBufferedBytes) end()
            else controller.enqueue(chunk)
          }
          send = (data) => enqueue(eventOf(data))
          enqueue(encoder.encode(`retry: ${retryMs}\n\n`))
          for (const data of pending) enqueue(eventOf(data))
          const heard = early ?? []
          early = undefined
          for (const data of heard) enqueue(eventOf(data))
          timer = setInterval(() => enqueue(encoder.encode(': keep-alive\n\n')), keepAliveMs)
          ;(timer as { unref?: () => void }).unref?.()
          if (request.signal.aborted) end()
          else request.signal.addEventListener('abort', abort, { once: true })
        },
        cancel() {
          end()
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 },
    )
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar buffer responses by default, which would hold every event back.
        'x-accel-buffering': 'no',
      },
    })
  })
}
