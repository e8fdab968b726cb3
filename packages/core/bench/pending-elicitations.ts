/**
 * Pending elicitations parked the way each adapter parks them, and the heap they hold: shared by the
 * broker benchmark (broker.bench.ts) and the test that bounds memory per pending elicitation
 * (test/server/pending-heap.test.ts). Needs `node --expose-gc`.
 */
import type { ElicitRequestFormParams, ElicitationDataPart } from '../src/index'
import { parseRequestedSchema } from '../src/internal'
import { createElicitationBroker, type ElicitationBroker } from '../src/server'
import { type AiSdkElicitationClient, attachBrokerToAiSdkClient } from '../src/server-ai-sdk'
import { attachBrokerToMcpClientV2, type McpClientV2ElicitationClient } from '../src/server-mcp-client'
import { attachBrokerToMcpClient, type McpSdkElicitationClient } from '../src/server-mcp-sdk'
import { ElicitationRequestSchema } from '@ai-sdk/mcp'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run with --expose-gc: the heap is measured after collecting everything unreachable')

export const FORM: ElicitRequestFormParams = {
  message: 'Confirm the booking',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
      seats: { type: 'integer', minimum: 1, maximum: 10 },
      email: { type: 'string', format: 'email' },
      newsletter: { type: 'boolean', default: false },
      meal: { type: 'string', oneOf: [{ const: 'v', title: 'Vegetarian' }, { const: 'm', title: 'Meat' }] },
    },
    required: ['name', 'seats'],
  },
}

/** Heap in use once everything unreachable is collected, finalizers (abort-signal bookkeeping) included. */
async function settleHeap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc?.()
    await new Promise((r) => setImmediate(r))
  }
  gc?.()
  return process.memoryUsage().heapUsed
}

export async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

type SdkHandler = (request: { jsonrpc: '2.0'; id: number; method: string; params: unknown }, extra: { signal: AbortSignal; requestId: number }) => Promise<unknown>
type AiSdkHandler = (request: { method: string; params: unknown }) => Promise<unknown>

/** Parks one elicitation for a session, the way an adapter does; `detach` is the adapter's cleanup. */
interface Asker {
  request: (sessionId: string) => void
  detach: () => void
}

/** Each chat request has its own stream writer; the broker keeps it to re-emit status changes. */
function chatContext(session: { id: string }) {
  let written = 0
  return () => ({ sessionId: session.id, emit: (_part: ElicitationDataPart) => void written++ })
}

/**
 * A request as `attachBrokerToMcpClient` gets it from the v1 SDK's `Protocol`: its
 * `fallbackRequestHandler` gets the raw JSON-RPC request (with its id, which the adapter's replay
 * check keys on) and the signal of the request's own AbortController, which the SDK keeps in its
 * table by id until the handler settles (and which the adapter aborts on the server's cancellation).
 */
function viaMcpSdkAdapter(broker: ElicitationBroker): Asker {
  const controllers = new Map<number, AbortController>()
  const client = {
    fallbackRequestHandler: undefined as SdkHandler | undefined,
    setNotificationHandler: () => {},
    removeNotificationHandler: () => {},
    _notificationHandlers: new Map([['notifications/cancelled', async () => {}]]),
    _requestHandlerAbortControllers: controllers,
  }
  const session = { id: '' }
  const detach = attachBrokerToMcpClient(client as unknown as McpSdkElicitationClient, broker, {
    schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
    context: chatContext(session),
  })
  const elicit = client.fallbackRequestHandler
  if (!elicit) throw new Error('attachBrokerToMcpClient installed no fallback request handler')
  let id = 0
  return {
    request: (sessionId) => {
      session.id = sessionId
      const requestId = ++id
      const controller = new AbortController()
      controllers.set(requestId, controller)
      void elicit({ jsonrpc: '2.0', id: requestId, method: 'elicitation/create', params: FORM }, { signal: controller.signal, requestId }).finally(() => {
        if (controllers.get(requestId) === controller) controllers.delete(requestId)
      })
    },
    detach,
  }
}

type V2StoredHandler = (request: { method: string; params: unknown }, ctx: object) => Promise<unknown>

/**
 * A request as `attachBrokerToMcpClientV2` gets it: the v2 `Client` stores each handler through its
 * `_wrapHandler` hook (its own check of the result, left out here: the SDK's cost, not the kit's) and
 * calls it with the JSON-RPC request and a context holding the id and the per-request abort signal.
 */
function viaMcpSdkV2Adapter(broker: ElicitationBroker): Asker {
  const handlers = new Map<string, V2StoredHandler>()
  const client = {
    _wrapHandler: (_method: string, handler: V2StoredHandler) => handler,
    setRequestHandler(method: string, _schemas: unknown, handler: (params: unknown, ctx: object) => Promise<unknown>) {
      handlers.set(method, client._wrapHandler(method, (request, ctx) => handler(request.params, ctx)))
    },
    removeRequestHandler: (method: string) => void handlers.delete(method),
    setNotificationHandler: () => {},
    removeNotificationHandler: () => {},
  }
  const session = { id: '' }
  const detach = attachBrokerToMcpClientV2(client as unknown as McpClientV2ElicitationClient, broker, { context: chatContext(session) })
  const elicit = handlers.get('elicitation/create')
  if (!elicit) throw new Error('attachBrokerToMcpClientV2 registered no elicitation/create handler')
  let id = 0
  return {
    request: (sessionId) => {
      session.id = sessionId
      id++
      // `http` marks a wire request (an input_required round's context has none).
      void elicit({ method: 'elicitation/create', params: FORM }, { mcpReq: { id, signal: new AbortController().signal }, http: {}, sessionId: undefined })
    },
    detach,
  }
}

/** A request as `attachBrokerToAiSdkClient` makes it: the adapter's own abort signal, shared by the client's requests. */
function viaAiSdkAdapter(broker: ElicitationBroker): Asker {
  let handler: AiSdkHandler | undefined
  const client = {
    onElicitationRequest: (_schema: unknown, h: AiSdkHandler) => {
      handler = h
    },
  } as unknown as AiSdkElicitationClient
  const session = { id: '' }
  const detach = attachBrokerToAiSdkClient(client, broker, {
    schema: ElicitationRequestSchema,
    context: chatContext(session),
  })
  if (!handler) throw new Error('attachBrokerToAiSdkClient registered no elicitation handler')
  const elicit = handler
  return {
    request: (sessionId) => {
      session.id = sessionId
      void elicit({ method: 'elicitation/create', params: FORM })
    },
    detach,
  }
}

export const ASKERS = { 'mcp-sdk': viaMcpSdkAdapter, 'mcp-sdk-v2': viaMcpSdkV2Adapter, 'ai-sdk': viaAiSdkAdapter } as const

/** Heap per pending elicitation (bytes), `pending` of them over `sessions`, parked through an adapter or by a bare `broker.request`. */
export async function heapPerPending(path: keyof typeof ASKERS | 'bare', pending: number, sessions: number): Promise<number> {
  let requested = 0
  const broker = createElicitationBroker({
    onEvent: (e) => {
      if (e.type === 'requested') requested++
    },
  })
  const asker = path === 'bare' ? undefined : ASKERS[path](broker)
  const before = await settleHeap()
  for (let i = 0; i < pending; i++) {
    const sessionId = `session-${i % sessions}`
    if (asker) asker.request(sessionId)
    else void broker.request(FORM, { sessionId })
  }
  await until(() => requested === pending, `${pending} pending elicitations (${requested} so far)`)
  const after = await settleHeap()
  asker?.detach()
  await broker.close()
  return (after - before) / pending
}

/** Heap of one parsed 5-field schema (bytes), from `count` of them: each pending request keeps its own. */
export async function heapPerSchema(count: number): Promise<number> {
  const before = await settleHeap()
  const kept: unknown[] = []
  for (let i = 0; i < count; i++) kept.push(parseRequestedSchema(FORM.requestedSchema))
  const after = await settleHeap()
  if (kept.length !== count) throw new Error('unreachable')
  return (after - before) / count
}

