/**
 * Proxied MCP requests through an AG-UI endpoint: each app request is POSTed as a run of its own
 * (`forwardedProps.__proxiedMCPRequest`, no messages, no tools) on a thread of its own, and the
 * answer is the run's `RUN_FINISHED.result`. The kit's middleware (`createMcpAppsMiddleware`) and
 * `MCPAppsMiddleware` behind `createMcpAppsGuard` answer such runs without calling the model.
 *
 * It never runs the chat's agent. Doing so (as this transport once did) flipped the agent's
 * `isRunning` at the end of every app request, so a user's turn looked idle while an app polled;
 * made every subscriber see the app's runs; uploaded the whole conversation with every poll; and
 * replaced the agent's abort controller, so the chat's Stop aborted a poll instead of the turn.
 */
import { isElicitationActivity } from '../../elicitation/elicitation-activity'
import type { ElicitationRequestData } from '../../elicitation/wire'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import { isHttpErrorCode } from '../../http-errors'
import { PROXIED_MCP_REQUEST_KEY, type ProxiedMCPRequest } from '../protocol'
import { PROXIED_REFUSAL_CODE_KEY } from './proxied-refusal-code'
import { readErrorResponse } from './read-error-response'
import { readSseData } from './read-sse-data'
import type { McpProxyRequestInit, McpProxyTransport } from './types'

/** Options of {@link createAgUiProxyTransport}. */
export interface AgUiProxyTransportOptions {
  /** The AG-UI endpoint (the `url` of the chat's `HttpAgent`), e.g. `/api/ag-ui`. */
  url: string
  /** Extra headers (auth), or a function read on every request (e.g. `() => agent.headers`). */
  headers?: HeadersInit | (() => HeadersInit) | undefined
  /** Fetch implementation (defaults to the global one). */
  fetch?: typeof fetch | undefined
  /**
   * Thread id of the app requests. Default: a random one per transport, never the chat's, so a
   * backend that refuses a second run on a running thread (CopilotKit's runtime) takes them.
   */
  threadId?: string | undefined
  /**
   * App requests in flight at once; more wait their turn. Default 4. The kit's route and both
   * middlewares take concurrent proxied runs; a backend that runs one run per thread needs 1.
   */
  maxConcurrent?: number | undefined
  /** Largest answer read, in bytes (the run's whole event stream). Default 8 MiB. */
  maxResponseBytes?: number | undefined
  /**
   * An elicitation raised by the app's own tool call (it travels in the proxied run, not in the
   * chat's): give it to the page's queue, e.g. `useElicitation`'s `push`.
   */
  onElicitation?: ((data: ElicitationRequestData) => void) | undefined
}

const API = 'createAgUiProxyTransport'
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024

const misuse = (message: string) => new McpHitlError(`${API}: ${message}`, { code: 'misuse' })
const aborted = (cause?: unknown) => new McpHitlError('The proxied MCP request was aborted', { code: 'aborted', cause })
const transportError = (message: string, details?: unknown) => new McpHitlError(message, { code: 'transport', details })

function randomId(prefix: string): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function checkOptions(options: AgUiProxyTransportOptions): void {
  if (isRecord(options) && typeof (options as { runAgent?: unknown }).runAgent === 'function') {
    throw misuse(
      'pass the AG-UI endpoint, not the chat’s agent: `createAgUiProxyTransport({ url: agent.url, headers: () => agent.headers })`. ' +
        'App requests no longer run as runs of the chat’s agent (that made a running turn look idle and left Stop aborting the app instead of the turn).',
    )
  }
  if (!isRecord(options) || typeof options.url !== 'string' || options.url.length === 0) {
    throw misuse('needs `{ url }`, the AG-UI endpoint the chat’s agent posts to (e.g. "/api/ag-ui")')
  }
  const { maxConcurrent, maxResponseBytes } = options
  if (maxConcurrent !== undefined && (!Number.isInteger(maxConcurrent) || maxConcurrent < 1)) {
    throw misuse('`maxConcurrent` must be a whole number of at least 1')
  }
  if (maxResponseBytes !== undefined && (!Number.isInteger(maxResponseBytes) || maxResponseBytes < 1)) {
    throw misuse('`maxResponseBytes` must be a positive whole number of bytes')
  }
}

function isErrorResult(result: unknown): result is { error: unknown } {
  return isRecord(result) && 'error' in result && !('content' in result)
}

/** A FIFO of at most `limit` tasks at once; a waiting task whose signal fires leaves the line. */
function createLimiter(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  const release = () => {
    active--
    waiting.shift()?.()
  }
  return async <T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (active >= limit) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', leave)
          resolve()
        }
        const leave = () => {
          const at = waiting.indexOf(go)
          if (at !== -1) waiting.splice(at, 1)
          reject(aborted(signal?.reason))
        }
        waiting.push(go)
        signal?.addEventListener('abort', leave, { once: true })
      })
    }
    active++
    try {
      return await task()
    } finally {
      release()
    }
  }
}

/**
 * A transport that relays an app's requests to an AG-UI endpoint as runs of their own, never as
 * runs of the chat's agent: the chat's `isRunning`, messages, subscribers and Stop are untouched,
 * and no conversation is uploaded. A run's `{ error }` result rejects with `transport` and the
 * middleware's message (with the refusal's code of the one error table when the kit's middleware
 * or guard names it, so the app hears the HTTP proxy's JSON-RPC code); a refusal of the route (`403` without a session...) with its code and
 * status; an unreachable endpoint with `network`; an abort with `aborted`.
 */
export function createAgUiProxyTransport(options: AgUiProxyTransportOptions): McpProxyTransport {
  checkOptions(options)
  const threadId = options.threadId ?? randomId('mcp-apps-')
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  const limit = createLimiter(options.maxConcurrent ?? 4)

  async function run(request: ProxiedMCPRequest, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) throw aborted(signal.reason)
    const doFetch = options.fetch ?? globalThis.fetch
    const extra = typeof options.headers === 'function' ? options.headers() : options.headers
    const headers = new Headers(extra)
    headers.set('content-type', 'application/json')
    headers.set('accept', 'text/event-stream')
    const input = {
      threadId,
      runId: randomId('run-'),
      state: {},
      messages: [],
      tools: [],
      context: [],
      forwardedProps: { [PROXIED_MCP_REQUEST_KEY]: request },
    }
    let response: Response
    try {
      response = await doFetch(options.url, { method: 'POST', headers, body: JSON.stringify(input), signal })
    } catch (cause) {
      if (signal?.aborted) throw aborted(cause)
      throw new McpHitlError('The AG-UI endpoint could not be reached', { code: 'network', cause })
    }
    if (!response.ok) throw await readErrorResponse(response, 'The AG-UI endpoint')
    if (!response.body) throw noEvents()

    let events = 0
    let finished: { result: unknown; code: unknown } | undefined
    let failed: McpHitlError | undefined
    try {
      await readSseData(response.body, maxBytes, (data) => {
        let event: unknown
        try {
          event = JSON.parse(data)
        } catch {
          failed = transportError('The AG-UI endpoint answered with something other than AG-UI events')
          return 'stop'
        }
        events++
        if (!isRecord(event)) return undefined
        if (event.type === 'RUN_FINISHED') {
          finished = { result: event.result, code: event[PROXIED_REFUSAL_CODE_KEY] }
          return 'stop'
        }
        if (event.type === 'RUN_ERROR') {
          const message = typeof event.message === 'string' && event.message.length > 0 ? event.message.slice(0, 500) : 'The AG-UI run failed'
          failed = transportError(message, event)
          return 'stop'
        }
        if (event.type === 'ACTIVITY_SNAPSHOT' && isElicitationActivity(event)) options.onElicitation?.(event.content)
        return undefined
      })
    } catch (cause) {
      if (signal?.aborted) throw aborted(cause)
      if (McpHitlError.isInstance(cause)) throw cause
      throw new McpHitlError('The AG-UI run’s event stream broke off', { code: 'network', cause })
    }
    if (failed) throw failed
    if (!finished) throw events === 0 ? noEvents() : noResult()
    const { result } = finished
    if (result === undefined || result === null) throw noResult()
    if (isErrorResult(result)) {
      // The middlewares stringify their Error (`"Error: MCP request failed"`); keep the message only.
      const message = typeof result.error === 'string' ? result.error.replace(/^Error: /, '') : 'MCP request failed'
      // The kit's middlewares name the refusal's code of the one table, as the HTTP proxy does.
      if (isHttpErrorCode(finished.code)) throw new McpHitlError(message, { code: finished.code, details: result })
      throw transportError(message, result)
    }
    return result
  }

  return {
    request(request: ProxiedMCPRequest, init?: McpProxyRequestInit) {
      return limit(() => run(request, init?.signal), init?.signal)
    },
  }
}

function noEvents(): McpHitlError {
  return transportError(
    'The AG-UI endpoint answered without any event. CopilotKit’s runtime does this when a thread already has a run: ' +
      'give the transport a thread of its own (the default) and `maxConcurrent: 1`, or use createHttpProxyTransport.',
  )
}

function noResult(): McpHitlError {
  return transportError(
    'The AG-UI run finished without a result: is an MCP Apps middleware (createMcpAppsMiddleware, or MCPAppsMiddleware behind createMcpAppsGuard) on the route?',
  )
}
