/**
 * The AG-UI endpoint as a Fetch-API handler: `POST` a `RunAgentInput`, get the run's events as
 * server-sent events (`data: <json>` per event), the format `HttpAgent` reads in both
 * `@ag-ui/client` 0.0.59 and 1.x.
 *
 * It is where the caller's session enters an AG-UI run. The session comes from the HTTP request
 * (`getSessionId`, like the respond route), never from the body: `forwardedProps`, `state` and the
 * messages are whatever the caller chose to send. The handler hands `{ sessionId, request }` to
 * `run`, which binds it to the kit's middleware (`mcpApps.forSession(sessionId)`) or to an agent
 * that calls MCP tools itself.
 *
 * Comment lines (`: keep-alive`) keep the stream open while a person fills in an elicitation
 * (both clients ignore them; proxies and Node's fetch cut a stream that stays silent for minutes).
 *
 * Refusals before the stream starts, through the kit's HTTP frame (`{ error, code }`, codes of
 * `HTTP_ERRORS`): 405 `method_not_allowed`, 415 `unsupported_media_type`, 403 `forbidden` (no
 * session; before the body is read), 413 `payload_too_large`, 408 `request_timeout`, 400
 * `bad_request`, 500 `internal` (`getSessionId` threw). Once streaming, a failure of the run is a
 * `RUN_ERROR` event whose message is the kit's own (`McpHitlError`) or a generic one; the cause
 * goes to `onError` only.
 */
import { type HitlServer, isHitlServer } from '../hitl-server'
import { hitlAgUiRun } from './hitl-ag-ui-run'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import { HttpRefusal } from '../http/http-refusal'
import { createHttpRoute } from '../http/http-route'
import { readJsonBody, resolveBodyLimits } from '../http/read-json-body'
import { requireGetSessionId, resolveSession, type SessionHandlerOptions } from '../http/session-resolver'
import type { AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import type { McpAppsMiddlewareOptions } from './mcp-apps-middleware'

/** What `run` learns about the caller: the trusted session and the request itself (headers, signal). */
export interface AgUiRunContext {
  sessionId: string
  request: Request
}

/** Options of {@link createAgUiHandler}. */
export interface AgUiHandlerOptions<I extends AgUiRunInput> extends SessionHandlerOptions {
  /**
   * Runs one request and returns its events, e.g. `mcpApps.forSession(sessionId)(input, agent)`.
   * Annotate `input` with your `RunAgentInput` type; the handler checked only the fields of
   * {@link AgUiRunInput} (plus `context` and `state`), the agent validates the messages.
   */
  run: (input: I, context: AgUiRunContext) => AgUiObservable<unknown>
  /** Largest accepted body in bytes (the input carries the whole conversation). Default 4 MiB. */
  maxBodyBytes?: number
  /** How long the body may take to arrive, in ms. Default 5,000. */
  bodyTimeoutMs?: number
  /** Interval of `: keep-alive` comment lines in ms; 0 sends none. Default 15,000. */
  keepAliveMs?: number
}

const encoder = new TextEncoder()
const sse = (event: unknown) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`)
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n')

const isOptionalArray = (value: unknown) => value === undefined || Array.isArray(value)

/** The input's shape, or what is wrong with it. Missing lists become empty, as `HttpAgent` would send them. */
function parseInput(value: unknown): Record<string, unknown> | string {
  if (!isRecord(value)) return 'The body must be a RunAgentInput object'
  const { threadId, runId, messages, tools, context, forwardedProps } = value
  if (typeof threadId !== 'string' || threadId.length === 0) return '`threadId` must be a non-empty string'
  if (typeof runId !== 'string' || runId.length === 0) return '`runId` must be a non-empty string'
  if (!isOptionalArray(messages) || !isOptionalArray(tools) || !isOptionalArray(context)) {
    return '`messages`, `tools` and `context` must be arrays'
  }
  if (forwardedProps !== undefined && forwardedProps !== null && !isRecord(forwardedProps)) return '`forwardedProps` must be an object'
  return { ...value, messages: messages ?? [], tools: tools ?? [], context: context ?? [] }
}

/** Options of `createAgUiHandler(hitl, options)`: the run's agent, the middleware's options, the handler's bounds. */
export interface HitlAgUiHandlerOptions<I extends AgUiRunInput> extends Omit<AgUiHandlerOptions<I>, 'run' | 'getSessionId' | 'onError'> {
  /** The agent of one run (e.g. `new MyAgent({ sessionId })`); the middleware runs around it. */
  agent: (context: AgUiRunContext) => AgUiNextAgent<I, AgUiObservable<unknown>>
  /** The middleware's own options (servers, broker and MCP bounds come from the server object). */
  mcpApps?: Omit<McpAppsMiddlewareOptions, 'mcpServers' | 'broker' | 'sdk'> | undefined
}

/**
 * Creates the AG-UI handler of a `createHitlServer` object: its session, its broker, its MCP Apps
 * middleware on its one MCP connection pool, around `agent(context)`.
 */
export function createAgUiHandler<I extends AgUiRunInput>(hitl: HitlServer, options: HitlAgUiHandlerOptions<I>): (request: Request) => Promise<Response>
/** Creates the handler; `getSessionId` is required, as for every kit handler. */
export function createAgUiHandler<I extends AgUiRunInput>(options: AgUiHandlerOptions<I>): (request: Request) => Promise<Response>
export function createAgUiHandler<I extends AgUiRunInput>(
  first: HitlServer | AgUiHandlerOptions<I>,
  second?: HitlAgUiHandlerOptions<I>,
): (request: Request) => Promise<Response> {
  if (isHitlServer(first)) {
    if (typeof second?.agent !== 'function') throw new McpHitlError('createAgUiHandler(hitl, options) needs an agent(context) option that returns the run’s agent', { code: 'misuse' })
    const { agent: _agent, mcpApps: _mcpApps, ...bounds } = second
    return createAgUiHandler<I>({ ...bounds, getSessionId: first.getSessionId, onError: first.onError, run: hitlAgUiRun(first, second) })
  }
  const options = first
  requireGetSessionId('createAgUiHandler', options)
  if (typeof options.run !== 'function') {
    throw new McpHitlError('createAgUiHandler needs a run(input, { sessionId }) option that returns the run’s events', { code: 'misuse' })
  }
  const limits = resolveBodyLimits(options, 4 * 1024 * 1024)
  const keepAliveMs = options.keepAliveMs ?? 15_000
  const session = { getSessionId: options.getSessionId, onError: options.onError }

  return createHttpRoute({ methods: ['POST'], jsonBody: true, onError: options.onError }, async (request) => {
    const sessionId = await resolveSession(request, session)
    const input = parseInput(await readJsonBody(request, limits))
    if (typeof input === 'string') throw new HttpRefusal('bad_request', input)
    const context: AgUiRunContext = { sessionId, request }

    let stop = (): void => undefined
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true
        let subscription: { unsubscribe(): void } | undefined
        const timer = keepAliveMs > 0 ? setInterval(() => controller.enqueue(KEEP_ALIVE), keepAliveMs) : undefined
        const close = () => {
          if (!open) return
          open = false
          if (timer) clearInterval(timer)
          request.signal.removeEventListener('abort', stop)
          subscription?.unsubscribe()
        }
        const fail = (cause: unknown) => {
          if (!open) return
          options.onError?.(cause)
          const message = McpHitlError.isInstance(cause) ? cause.message : 'The agent run failed'
          controller.enqueue(sse({ type: 'RUN_ERROR', message }))
          close()
          controller.close()
        }
        stop = close
        request.signal.addEventListener('abort', stop, { once: true })
        try {
          subscription = options.run(input as unknown as I, context).subscribe({
            next: (event) => {
              if (open) controller.enqueue(sse(event))
            },
            error: fail,
            complete: () => {
              if (!open) return
              close()
              controller.close()
            },
          })
          // Completed synchronously: the subscription arrived after close() ran.
          if (!open) subscription.unsubscribe()
        } catch (cause) {
          fail(cause)
        }
      },
      cancel: () => stop(),
    })
    return new Response(body, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
    })
  })
}
