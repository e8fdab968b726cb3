/**
 * The `fetch` the MCP proxy's SDK client talks to a URL-configured server with. It bounds what the
 * server can make the proxy wait for and hold:
 *
 * - the origin is pinned and redirects refused, so the configured auth headers never travel elsewhere;
 * - an answer's headers must come within `timeoutMs`, and a POST's whole answer within `timeoutMs`
 *   plus a grace (the SDK's own request timeout fires first and cancels the request properly); the
 *   long-lived GET event stream is bounded by its headers only;
 * - an answer larger than `maxResponseBytes` is cut there, never buffered past it. A JSON answer
 *   fails the request with `upstream_too_large`; in an event stream the oversized event is replaced
 *   by a JSON-RPC error for the POST's own request, so the SDK call ends at once with that error.
 */
import { McpHitlError } from '../../errors'
import { RESPONSE_TOO_LARGE_RPC_CODE } from '../../http-errors'

/** Options of {@link createBoundedMcpFetch}. */
export interface BoundedMcpFetchOptions {
  /** The only origin requests may go to (the configured server's). */
  origin: string
  timeoutMs: number
  maxResponseBytes: number
}

// Time the SDK's own request timeout has to fire (and send notifications/cancelled) before the
// transport itself is cut.
const GRACE_MS = 1000
const LF = 0x0a
const CR = 0x0d

/** The error an oversized answer fails with; `maxResponseBytes` names the option to raise. */
export function responseTooLargeError(maxResponseBytes: number): McpHitlError {
  return new McpHitlError(`The MCP server answered with more than ${maxResponseBytes} bytes (maxResponseBytes)`, {
    code: 'upstream_too_large',
  })
}

/** The error a silent server fails with. */
export function upstreamTimeoutError(timeoutMs: number): McpHitlError {
  return new McpHitlError(`The MCP server did not answer within ${timeoutMs} ms (timeoutMs)`, { code: 'upstream_timeout' })
}

function requestIdOf(body: unknown): string | number | undefined {
  if (typeof body !== 'string') return undefined
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown }
    return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined
  } catch {
    return undefined
  }
}

function tooLargeEvent(id: string | number, maxResponseBytes: number): Uint8Array {
  const message = {
    jsonrpc: '2.0',
    id,
    error: {
      code: RESPONSE_TOO_LARGE_RPC_CODE,
      message: responseTooLargeError(maxResponseBytes).message,
      data: { code: 'upstream_too_large', maxResponseBytes },
    },
  }
  // The blank line first ends the event that was cut, so the parser dispatches ours on its own.
  return new TextEncoder().encode(`\n\nevent: message\ndata: ${JSON.stringify(message)}\n\n`)
}

/**
 * Counts an event stream event by event (an event ends at a blank line), passing bytes through as
 * they come; `onOversize` decides what follows an event over the bound.
 */
function eventBound(max: number, onOversize: (controller: TransformStreamDefaultController<Uint8Array>) => void) {
  let eventBytes = 0
  let lineEmpty = true
  let afterCr = false
  let cut = false
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (cut) return
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]
        eventBytes++
        if (byte === LF && afterCr) {
          afterCr = false
          continue
        }
        afterCr = byte === CR
        if (byte === LF || byte === CR) {
          if (lineEmpty) eventBytes = 0
          lineEmpty = true
        } else lineEmpty = false
        if (eventBytes > max) {
          controller.enqueue(chunk.subarray(0, i))
          cut = true
          onOversize(controller)
          return
        }
      }
      controller.enqueue(chunk)
    },
  })
}

/** Counts a whole body; past `max` the stream fails (the SDK's `response.json()` rejects with it). */
function totalBound(max: number, error: () => Error) {
  let bytes = 0
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength
      if (bytes > max) controller.error(error())
      else controller.enqueue(chunk)
    },
  })
}

/** Creates the bounded, origin-pinned fetch; see the module comment. */
export function createBoundedMcpFetch(options: BoundedMcpFetchOptions): typeof fetch {
  const { timeoutMs, maxResponseBytes } = options
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input))
    if (target.origin !== options.origin) throw new McpHitlError('The MCP transport tried to leave the configured origin', { code: 'upstream_failed' })
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const isPost = method === 'POST'
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(upstreamTimeoutError(timeoutMs)), timeoutMs + (isPost ? GRACE_MS : 0))
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    let response: Response
    try {
      response = await fetch(input, { ...init, signal, redirect: 'error' })
    } catch (error) {
      clearTimeout(timer)
      throw deadline.signal.aborted ? deadline.signal.reason : error
    }
    // Only a POST's answer (one request's) is bounded in time; the GET stream lives as long as the
    // session, and a 202 (a notification taken) has nothing more to come.
    if (!isPost || !response.body || response.status === 202) clearTimeout(timer)
    if (!response.body) return response

    const declared = Number(response.headers.get('content-length'))
    const eventStream = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream')
    const id = isPost ? requestIdOf(init?.body) : undefined
    let bounded: ReadableStream<Uint8Array>
    if (eventStream) {
      bounded = response.body.pipeThrough(
        eventBound(maxResponseBytes, (controller) => {
          // With the request's id the SDK call fails at once; without it (the GET stream) the stream
          // ends and the waiting call ends with its timeout.
          if (id !== undefined) {
            controller.enqueue(tooLargeEvent(id, maxResponseBytes))
            controller.terminate()
          } else controller.error(responseTooLargeError(maxResponseBytes))
        }),
      )
    } else if (Number.isFinite(declared) && declared > maxResponseBytes) {
      await response.body.cancel().catch(() => {})
      clearTimeout(timer)
      throw responseTooLargeError(maxResponseBytes)
    } else {
      bounded = response.body.pipeThrough(totalBound(maxResponseBytes, () => responseTooLargeError(maxResponseBytes)))
    }
    if (isPost) bounded = bounded.pipeThrough(new TransformStream({ flush: () => clearTimeout(timer) }))
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(bounded, { status: response.status, statusText: response.statusText, headers })
  }
}
