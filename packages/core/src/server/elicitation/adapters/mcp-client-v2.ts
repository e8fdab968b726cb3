/**
 * Routes the elicitations of an MCP TypeScript SDK v2 `Client` (`@modelcontextprotocol/client`) into
 * the broker. v2 registers handlers by method name, so no schemas are passed in, and it sends the
 * 2026-07-28 `input_required` rounds to the same `elicitation/create` handler, which gets the params
 * as the server sent them (see {@link setTolerantElicitHandler}). Attach before or after `connect`.
 * Create the client with `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` (form and URL
 * mode), and with `versionNegotiation: { mode: 'auto' }` to speak 2026-07-28 at all (v2 defaults to
 * 2025-era).
 */
import type { Client, ClientContext, ElicitResult as SdkElicitResult } from '@modelcontextprotocol/client'
import { isRecord } from '../../../guards'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { attachBrokerToSdkClient } from './attach-broker-to-sdk-client'
import { promiseOf } from './settle-without-frames'
import type { ElicitationContextOption } from './read-context'

/** Options of {@link attachBrokerToMcpClientV2}. */
export interface McpClientV2AdapterOptions {
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}


/** A Standard Schema that keeps the params as they came, so the kit's own parser reads them. */
const RAW_PARAMS = {
  '~standard': { version: 1, vendor: 'mcp-hitl', validate: (value: unknown) => ({ value }) },
} as const

const ELICITATION_CREATE = 'elicitation/create'

/** A handler as the v2 `Protocol` stores it: the JSON-RPC request and the request's context. */
type StoredHandler = (request: { params?: unknown }, ctx: object) => Promise<unknown>

/** The v2 `Client`'s protected registration hook, where it installs its own `elicitation/create` check. */
interface WrapHandlerHost {
  _wrapHandler?: (this: unknown, method: string, handler: StoredHandler) => StoredHandler
}

/**
 * A form request's params with the schema left out: what the SDK's own check reads in place of the
 * real ones, so that check still does its other work (the mode the client declared, the result's shape).
 */
function withoutSchema(request: { params?: unknown }): { params?: unknown } {
  const params = request.params
  // URL mode, an unknown mode or params that are not an object: the SDK's own check answers as it does.
  if (!isRecord(params) || (params.mode !== undefined && params.mode !== 'form')) return request
  const { requestedSchema: _schema, ...rest } = params
  return { ...request, params: { ...rest, message: typeof rest.message === 'string' ? rest.message : '', requestedSchema: { type: 'object', properties: {} } } }
}

/**
 * Registers `handle` for `elicitation/create` with the params as the server sent them. The v2 `Client`
 * wraps every `elicitation/create` handler at registration (its protected `_wrapHandler` hook) in a
 * zod check of the whole request, which refuses (-32602) schemas real servers send and which no
 * handler schema can widen. So for this one registration the hook is extended: the SDK's check sees
 * the request with an empty form schema (so it still refuses a mode the client did not declare and
 * checks the result), and the kit's tolerant parser gets the params that came. The handler stays in
 * the SDK's own table: wire requests (their ids, cancellation) and `input_required` rounds reach it
 * as before, whether the client is connected yet or not. The SDK's check of the result copies its
 * content through a zod record, which drops a field named `__proto__`; the answer that goes out
 * keeps the broker's own content (validated against the schema already), so every field arrives.
 */
function setTolerantElicitHandler(
  client: McpClientV2ElicitationClient,
  handle: (params: unknown, ctx: ClientContext) => Promise<SdkElicitResult>,
): void {
  const host = client as unknown as WrapHandlerHost
  const sdkWrap = host._wrapHandler
  // The params as they came, and the broker's answer, per request context (the one object the SDK
  // passes down its chain).
  const received = new WeakMap<object, unknown>()
  const answered = new WeakMap<object, SdkElicitResult>()
  if (typeof sdkWrap === 'function') {
    const hadOwn = Object.hasOwn(host, '_wrapHandler')
    host._wrapHandler = function (this: unknown, method, handler) {
      const wrapped = sdkWrap.call(this, method, handler)
      if (method !== ELICITATION_CREATE) return wrapped
      // Not async functions, here and below: a suspended frame per waiting elicitation (settle-without-frames.ts).
      return (request, ctx) =>
        promiseOf(() => {
          received.set(ctx, request.params)
          return wrapped(withoutSchema(request), ctx)
        }).then((checked) => {
          const own = answered.get(ctx)?.content
          return own && isRecord(checked) && isRecord(checked.content) ? { ...checked, content: own } : checked
        })
    }
    try {
      client.setRequestHandler(ELICITATION_CREATE, { params: RAW_PARAMS }, (params, ctx) =>
        promiseOf(() => handle(received.has(ctx) ? received.get(ctx) : params, ctx)).then((result) => {
          answered.set(ctx, result)
          return result
        }),
      )
    } finally {
      if (hadOwn) host._wrapHandler = sdkWrap
      else delete host._wrapHandler
    }
    return
  }
  // A client without the hook checks requests its own way; the params reach the kit as it passes them.
  client.setRequestHandler(ELICITATION_CREATE, { params: RAW_PARAMS }, (params, ctx) => handle(params, ctx))
}

/** The narrow v2 client surface the adapter needs. */
export type McpClientV2ElicitationClient = Pick<
  Client,
  'setRequestHandler' | 'setNotificationHandler' | 'removeRequestHandler' | 'removeNotificationHandler'
> &
  Partial<Pick<Client, 'getServerVersion'>>

/**
 * Registers the broker for `elicitation/create` (form and URL mode, pushed or `input_required`) and
 * `notifications/elicitation/complete`. A wire request's abort signal (the server's cancellation, a
 * closed transport) withdraws the elicitation; an `input_required` round's (the caller's) cancels it. The
 * returned function removes both handlers and answers still-waiting elicitations `cancel`.
 */
export function attachBrokerToMcpClientV2(
  client: McpClientV2ElicitationClient,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  options: McpClientV2AdapterOptions,
): () => void {
  return attachBrokerToSdkClient(
    client,
    {
      // A registered handler (v2 fulfils `input_required` rounds only through one) that gets the params
      // as they came, unchecked by the SDK's schema and unstripped.
      onElicit: (handle) => {
        setTolerantElicitHandler(client, (params, ctx) =>
          promiseOf(() => {
            // An `input_required` round is dispatched with a synthesized context (no `http` key) whose id is
            // the server's inputRequests key, reused across calls: it is a new question, never a replay.
            const wire = 'http' in ctx
            const id = wire ? ctx.mcpReq.id : undefined
            return handle({ id, params, signal: ctx.mcpReq.signal, wire, mcpSessionId: ctx.sessionId }) as Promise<SdkElicitResult>
          }),
        )
        return () => client.removeRequestHandler(ELICITATION_CREATE)
      },
      onComplete: (handle) =>
        client.setNotificationHandler('notifications/elicitation/complete', (notification) => handle(notification.params.elicitationId)),
    },
    broker,
    options.context,
  )
}
