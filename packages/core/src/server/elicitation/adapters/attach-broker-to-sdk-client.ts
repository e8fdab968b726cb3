/**
 * The one implementation behind the MCP TypeScript SDK adapters (v1 `@modelcontextprotocol/sdk`,
 * v2 `@modelcontextprotocol/client`): each adapter says how its SDK generation hands over an
 * `elicitation/create` request (see {@link installRawFallback} for the one that sees the params as
 * they came) and this file does the rest. A replay of an answered request (same MCP session, same
 * JSON-RPC id, same params) gets the recorded answer instead of a second dialog (`ReplayedRequests`).
 */
import type { ElicitRequestParams, ElicitResult } from '../../../elicitation/protocol'
import { isRecord } from '../../../guards'
import { jsonByteLength } from '../stores/json-byte-length'
import { shownServerName } from '../record-identity'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, type PeerInfo, readContext } from './read-context'
import { ReplayedRequests, type ReplayedRequestsOptions } from './replayed-requests'
import { RequestSignals } from './request-signals'
import { promiseOf, settleThen } from './settle-without-frames'

/** A JSON-RPC request as the SDK's fallback handler receives it (params not parsed by any schema). */
export interface RawSdkRequest {
  id: string | number
  method: string
  params?: unknown
}

/** One `elicitation/create` as an adapter hands it over. */
export interface SdkElicitRequest {
  /** The JSON-RPC id; undefined when the request did not come on the wire (nothing to deduplicate). */
  id: string | number | undefined
  params: unknown
  /** The SDK's per-request signal (server cancellation, closed transport; a round's caller). */
  signal: AbortSignal | undefined
  /**
   * The request came on the wire, so its signal aborting means the server stopped waiting (its
   * `notifications/cancelled`, or the connection's end): the elicitation closes as `withdrawn`.
   * False for an `input_required` round, whose signal is the caller's own.
   */
  wire: boolean
  /** The transport's session (Streamable HTTP's `Mcp-Session-Id`), when it has one. */
  mcpSessionId: string | undefined
}

/** What both SDK generations' clients share: removing the completion handler, the server's info. */
export interface SdkClientCommon {
  removeNotificationHandler(method: string): void
  getServerVersion?(): PeerInfo | undefined
}

/** How one SDK generation registers the two handlers the broker answers. */
export interface SdkElicitationHandlers {
  /** Registers `handle` for `elicitation/create`; returns what unregisters it. */
  onElicit(handle: (request: SdkElicitRequest) => Promise<ElicitResult>): () => void
  /** Registers `handle` for `notifications/elicitation/complete`. */
  onComplete(handle: (elicitationId: string) => Promise<void>): void
}

// biome-ignore lint/suspicious/noExplicitAny: each SDK generation types its fallback's extra and result its own way.
type AnyFallback = (request: any, extra: any) => Promise<any>

/** A client with the SDK `Protocol`'s public `fallbackRequestHandler`. */
export interface FallbackHost {
  fallbackRequestHandler?: AnyFallback | undefined
}

const ELICITATION_CREATE = 'elicitation/create'
const resultOf = (answered: { result: ElicitResult }) => answered.result
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602

/**
 * Most bytes of `elicitation/create` params (as JSON) an adapter hands to the broker: 16 times the
 * broker's default `maxElicitationBytes`, whose limit (with a notice the user sees) applies to the
 * normalised schema. Past this, the request is refused with a JSON-RPC error before it is digested
 * or parsed, and nothing is shown.
 */
const MAX_ELICIT_PARAMS_BYTES = 1024 * 1024

/** A JSON-RPC error both SDK generations send as they are (`code` and `message`). */
function invalidParams(message: string): Error {
  return Object.assign(new Error(message), { code: INVALID_PARAMS })
}

/** Throws the JSON-RPC error for params no elicitation can come from: not an object, or over {@link MAX_ELICIT_PARAMS_BYTES}. */
export function assertElicitParams(params: unknown): void {
  if (!isRecord(params)) throw invalidParams('Invalid elicitation request: params must be an object')
  const bytes = jsonByteLength(params)
  if (bytes > MAX_ELICIT_PARAMS_BYTES) {
    const count = (n: number) => n.toLocaleString('en-US')
    throw invalidParams(`Invalid elicitation request: params are ${count(bytes)} bytes, over the limit of ${count(MAX_ELICIT_PARAMS_BYTES)} bytes`)
  }
}

/**
 * Answers `elicitation/create` from the client's `fallbackRequestHandler` (public on the SDK's
 * `Protocol`) rather than from `setRequestHandler`: a handler registered by schema runs only after
 * the SDK's schema parsed the params, which rejects (-32603) schemas real servers send (a titled
 * enum without `type`, `anyOf` with null, `$ref`, `type: [...]`, `properties: []`) and strips
 * constraints they enforce (`pattern`, `exclusiveMinimum`, `uniqueItems`, `writeOnly`). The fallback
 * gets the JSON-RPC request as it came. Other methods go on to the fallback that was there before.
 * Returns what restores it.
 */
export function installRawFallback(
  client: FallbackHost,
  handle: (request: { id: string | number; params?: unknown }, extra: unknown) => Promise<unknown>,
): () => void {
  const previous = client.fallbackRequestHandler
  const fallback: AnyFallback = (request: { id: string | number; method: string; params?: unknown }, extra: unknown) =>
    promiseOf(() => {
      if (request.method === ELICITATION_CREATE) return handle(request, extra)
      if (previous) return previous(request, extra)
      throw Object.assign(new Error('Method not found'), { code: METHOD_NOT_FOUND })
    })
  client.fallbackRequestHandler = fallback
  return () => {
    if (client.fallbackRequestHandler === fallback) client.fallbackRequestHandler = previous
  }
}

/**
 * Routes elicitations into the broker. The request's abort signal cancels the elicitation. The
 * returned function unregisters both handlers and answers still-waiting elicitations `cancel`.
 */
export function attachBrokerToSdkClient(
  client: SdkClientCommon,
  handlers: SdkElicitationHandlers,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  context: ElicitationContextOption,
  replays?: ReplayedRequestsOptions,
): () => void {
  const signals = new RequestSignals()
  const replayed = new ReplayedRequests(replays)
  const contextNow = (): ElicitationRequestContext => readContext(context, client.getServerVersion?.())
  // Not an async function: a suspended frame per waiting elicitation (settle-without-frames.ts).
  const start = (request: SdkElicitRequest): Promise<ElicitResult> => {
    assertElicitParams(request.params)
    const base = contextNow()
    const own = signals.start(request.signal, base.signal)
    // The context's own server signal (a tool call that got the server's answer) joins the request's.
    const wire = request.wire ? request.signal : undefined
    const serverSignal = wire && base.serverSignal ? AbortSignal.any([wire, base.serverSignal]) : (wire ?? base.serverSignal)
    // The broker's tolerant parser reads the params (and refuses what it must, with a reason).
    const ask = (signal: AbortSignal) =>
      broker.request(request.params as ElicitRequestParams, serverSignal ? { ...base, signal, serverSignal } : { ...base, signal })
    return settleThen(() => {
      if (request.id === undefined) return ask(own.signal)
      const scope = { sessionId: base.sessionId, mcpSessionId: request.mcpSessionId, requestId: request.id }
      return replayed.answer(scope, request.params, own.signal, ask).then(resultOf)
    }, own.done)
  }
  const unregister = handlers.onElicit((request) => promiseOf(() => start(request)))
  handlers.onComplete(async (elicitationId) => {
    const ctx = contextNow()
    // Unknown or already completed ids are ignored, as the spec requires.
    await broker.complete(elicitationId, { sessionId: ctx.sessionId, serverName: shownServerName(ctx) })
  })
  return () => {
    unregister()
    client.removeNotificationHandler('notifications/elicitation/complete')
    signals.detach()
  }
}
