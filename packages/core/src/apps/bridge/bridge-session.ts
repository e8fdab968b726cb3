/**
 * The core of one app's MCP Apps session, whatever the method: where the app lives and how the host
 * reaches it (its window, or its document's own port), what the handshake said, the tool call's
 * order, the app's requests in flight and the host's own requests waiting for the app. Each message
 * passes the identity, rate and size checks here, then goes to its method's entry in
 * `bridge-requests.ts` or `bridge-notifications.ts`.
 */
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import { type AppRequestInit, DEFAULT_APP_REQUEST_TIMEOUT_MS } from '../app-tools'
import { DEFAULT_MAX_DOWNLOAD_BYTES, DOWNLOAD_FILE_METHOD } from '../download-file'
import type { McpAppDisplayMode, McpAppHostContext } from '../host-context'
import type { McpAppBridgeState, McpAppHostBridgeOptions, McpAppHostHandlers, McpAppTarget } from '../host-bridge'
import { INTERNAL_ERROR, INVALID_REQUEST, type IncomingJsonRpc, JsonRpcError, type JsonRpcErrorObject, type JsonRpcId, METHOD_NOT_FOUND, parseJsonRpc } from '../json-rpc'
import { createRateLimiter, DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_RATE_LIMIT, measureJsonMessage, type RateLimit } from '../message-guard'
import type { ProxiedMCPRequest, ProxiedMcpMethod } from '../protocol'
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD, MCP_HITL_ESCAPE_METHOD } from '../sandbox-proxy-protocol'
import { BRIDGE_NOTIFICATIONS } from './bridge-notifications'
import { BRIDGE_REQUESTS, type BridgeRequest } from './bridge-requests'
import { createToolCallFeed, type ToolCallFeed } from './tool-call-feed'

/** Default of `maxChatMessageBytes`: the largest `ui/message` content an app may ask to add to the chat. */
export const DEFAULT_MAX_CHAT_MESSAGE_BYTES = 64 * 1024

// Base64 takes 4 bytes per 3, plus the message around the files.
const DOWNLOAD_MESSAGE_OVERHEAD = 64 * 1024

/** What a method's entry reads and changes of the session. */
export interface BridgeSession {
  readonly options: McpAppHostBridgeOptions
  /** The host's latest callbacks. */
  handlers(): McpAppHostHandlers
  state: McpAppBridgeState
  readonly target: McpAppTarget | undefined
  /** The context as the app last saw it (or will see it at the handshake). */
  context: McpAppHostContext
  /** Display modes the host can show. */
  readonly hostModes: McpAppDisplayMode[]
  /** What the app declared at its handshake: its display modes, whether it has tools, its name. */
  appModes: McpAppDisplayMode[]
  appTools: boolean
  appInfo: { name: string; title?: string; version?: string } | undefined
  readonly toolCall: ToolCallFeed
  readonly maxDownloadBytes: number
  readonly maxChatMessageBytes: number
  /** Requests that wait on a person, by kind: one of each at a time, so an app cannot stack dialogs. */
  readonly busy: Set<string>
  notify(method: string, params: Record<string, unknown>): void
  /** Relays one of the app's MCP requests to its server. */
  relay(method: ProxiedMcpMethod, params: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>
  /** Stops the work for one of the app's requests (the app gave up on it). */
  cancelRequest(id: JsonRpcId): void
  /** The host's own request to the app: bounded in time, cancellable, and told to the app when given up. */
  requestApp(method: string, params: Record<string, unknown>, init?: AppRequestInit): Promise<unknown>
  connect(target: McpAppTarget, listenOn: Pick<Window, 'addEventListener' | 'removeEventListener'>): void
  teardown(timeoutMs: number): Promise<void>
  close(): void
}

function positive(value: number, allowZero: boolean): boolean {
  return Number.isFinite(value) && (allowZero ? value >= 0 : value > 0)
}

// A bound that refused every message (or none) would fail silently at run time: say so up front.
function checkBounds(maxBytes: number, rateLimit: RateLimit, options: McpAppHostBridgeOptions): void {
  const misuse = (message: string) => new McpHitlError(`createMcpAppHostBridge: ${message}`, { code: 'misuse' })
  for (const key of ['maxDownloadBytes', 'appRequestTimeoutMs', 'maxChatMessageBytes'] as const) {
    const value = options[key]
    if (value !== undefined && !positive(value, false)) throw misuse(`${key} must be a positive, finite number (got ${value}); leave it unset for the default`)
  }
  if (!positive(maxBytes, false)) {
    throw misuse(`maxMessageBytes must be a positive number of bytes (got ${maxBytes}); leave it unset for ${DEFAULT_MAX_MESSAGE_BYTES}`)
  }
  if (!positive(rateLimit.capacity, false)) {
    throw misuse(`rateLimit.capacity must be a positive, finite number of messages (got ${rateLimit.capacity}), e.g. { capacity: 500, refillPerSecond: 250 }`)
  }
  if (!positive(rateLimit.refillPerSecond, true)) {
    throw misuse(`rateLimit.refillPerSecond must be a finite number >= 0 (got ${rateLimit.refillPerSecond}), e.g. { capacity: 500, refillPerSecond: 250 }`)
  }
}

function errorMessage(error: unknown): string {
  return McpHitlError.isInstance(error) || error instanceof Error ? error.message : 'Request failed'
}

type Answer = { result?: unknown; error?: JsonRpcErrorObject }

/** Creates one app's session; throws `misuse` for bounds that cannot work. */
export function createBridgeSession(options: McpAppHostBridgeOptions): BridgeSession {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  checkBounds(maxBytes, rateLimit, options)
  const maxDownloadBytes = options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES
  const downloadMessageBytes = Math.max(maxBytes, Math.ceil(maxDownloadBytes / 3) * 4 + DOWNLOAD_MESSAGE_OVERHEAD)
  const appRequestTimeoutMs = options.appRequestTimeoutMs ?? DEFAULT_APP_REQUEST_TIMEOUT_MS
  const limiter = createRateLimiter(rateLimit)
  const hostModes = options.displayModes ?? ['inline']
  let target: McpAppTarget | undefined
  let listenOn: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  // The app document's own port, in 'port' channel mode; undefined until its first message.
  let port: MessagePort | undefined
  let nextId = 1
  // The host's own requests to the app, by id: settled by the app's answer, or with none on close.
  const waiting = new Map<JsonRpcId, (answer?: Answer) => void>()
  // The app's requests being answered, by id, so `notifications/cancelled` can stop one.
  const inflight = new Map<JsonRpcId, AbortController>()

  const post = (message: Record<string, unknown>) => {
    if (session.state === 'closed' || !target) return
    const data = { jsonrpc: '2.0', ...message }
    if (target.channel === 'port') {
      // No port yet means no kit document to talk to: nothing goes to the window, ever.
      port?.postMessage(data)
      return
    }
    // A sandboxed srcdoc frame has an opaque origin, which postMessage cannot name: '*' is the only
    // target; the frame's own window is still the only recipient.
    target.window.postMessage(data, target.origin === 'null' ? '*' : target.origin)
  }
  const notify = (method: string, params: Record<string, unknown>) => post({ method, params })

  // The document the bridge spoke to is gone; whatever replaced it gets nothing.
  const documentLeft = () => {
    if (session.state === 'closed') return
    close()
    session.handlers().onDocumentLeft?.()
  }

  const openPort = (event: MessageEvent) => {
    const next = event.ports[0]
    if (!next) return
    if (port) {
      // A second document announced itself in the same frame: it navigated or reloaded.
      next.close()
      documentLeft()
      return
    }
    port = next
    port.onmessage = (message: MessageEvent) => {
      const data = message.data as { method?: unknown } | undefined
      if (data?.method === MCP_HITL_APP_LEFT_METHOD) documentLeft()
      else if (data?.method === MCP_HITL_ESCAPE_METHOD) session.handlers().onEscapeKey?.()
    }
  }

  const onRequest = async (id: JsonRpcId, method: string, params: Record<string, unknown>) => {
    const controller = new AbortController()
    // A reused id replaces the older entry; the older request still finishes on its own controller.
    inflight.set(id, controller)
    const after: Array<() => void> = []
    const request: BridgeRequest = { method, params, signal: controller.signal, afterAnswer: (then) => after.push(then) }
    try {
      const entry = BRIDGE_REQUESTS.get(method)
      if (!entry) throw new JsonRpcError(METHOD_NOT_FOUND, `Method not found: ${method}`)
      const result = await entry(session, request)
      if (controller.signal.aborted) return
      post({ id, result })
      for (const then of after) then()
    } catch (error) {
      // The app cancelled it (or the bridge closed): MCP sends no answer to a cancelled request.
      if (controller.signal.aborted) return
      post({ id, error: error instanceof JsonRpcError ? error.toJSON() : { code: INTERNAL_ERROR, message: errorMessage(error) } })
    } finally {
      if (inflight.get(id) === controller) inflight.delete(id)
    }
  }

  const dispatch = (message: IncomingJsonRpc) => {
    if (message.kind === 'response') waiting.get(message.id)?.(message)
    else if (message.kind === 'notification') BRIDGE_NOTIFICATIONS.get(message.method)?.(session, message.params)
    else void onRequest(message.id, message.method, message.params)
  }

  const listener = (event: MessageEvent) => {
    // Identity before anything else: only the frame's own window, with the origin it must carry.
    if (!target || event.source !== target.window || event.origin !== target.origin) return
    if (target.channel === 'port' && event.ports.length > 0) {
      if (isRecord(event.data) && event.data.method === MCP_HITL_CHANNEL_METHOD) openPort(event)
      return
    }
    const h = session.handlers()
    // The budget is spent before `event.data` is read, so a flood costs the host no deserialising.
    if (!limiter.take()) {
      h.onRefused?.('rate_limited')
      return
    }
    const data: unknown = event.data
    // A download carries its files, base64: it may be as large as `maxDownloadBytes` needs.
    const limit = isRecord(data) && data.method === DOWNLOAD_FILE_METHOD && h.onDownloadFile ? downloadMessageBytes : maxBytes
    const measured = measureJsonMessage(data, limit)
    if (!measured.ok) {
      const id = isRecord(data) ? data.id : undefined
      h.onRefused?.(measured.reason, isRecord(data) && typeof data.method === 'string' ? data.method : undefined)
      if (typeof id === 'string' || typeof id === 'number') {
        post({ id, error: { code: INVALID_REQUEST, message: measured.reason === 'too_large' ? 'Message too large' : 'Message is not plain JSON' } })
      }
      return
    }
    const message = parseJsonRpc(data)
    if (!message) return
    // In port mode a document that never handed over a port is not the kit's document.
    if (target.channel === 'port' && !port) return
    // The kit's sandbox proxy saw its inner frame load a second document.
    if (message.kind === 'notification' && message.method === MCP_HITL_APP_LEFT_METHOD) return documentLeft()
    dispatch(message)
  }

  const requestApp = (method: string, params: Record<string, unknown>, init: AppRequestInit = {}): Promise<unknown> => {
    if (session.state !== 'initialized') {
      return Promise.reject(new McpHitlError(`${method}: the app has not finished its handshake (ui/notifications/initialized)`, { code: 'protocol' }))
    }
    const id = `host-${nextId++}`
    const timeoutMs = init.timeoutMs ?? appRequestTimeoutMs
    return new Promise<unknown>((resolve, reject) => {
      const settle = (answer?: Answer, failure?: McpHitlError) => {
        clearTimeout(timer)
        init.signal?.removeEventListener('abort', onAbort)
        waiting.delete(id)
        if (failure) {
          post({ method: 'notifications/cancelled', params: { requestId: id, reason: failure.message } })
          reject(failure)
        } else if (!answer) reject(new McpHitlError(`${method}: the app frame closed before it answered`, { code: 'aborted' }))
        else if (answer.error) reject(new McpHitlError(`The app answered ${method} with an error: ${answer.error.message.slice(0, 200)}`, { code: 'protocol', details: answer.error }))
        else resolve(answer.result)
      }
      const onAbort = () => settle(undefined, new McpHitlError(`${method} was aborted`, { code: 'aborted', cause: init.signal?.reason }))
      const timer = setTimeout(() => settle(undefined, new McpHitlError(`The app did not answer ${method} within ${timeoutMs} ms`, { code: 'upstream_timeout' })), timeoutMs)
      if (init.signal?.aborted) return onAbort()
      init.signal?.addEventListener('abort', onAbort, { once: true })
      waiting.set(id, settle)
      post({ id, method, params })
    })
  }

  const close = () => {
    if (session.state === 'closed') return
    session.state = 'closed'
    listenOn?.removeEventListener('message', listener as EventListener)
    for (const controller of inflight.values()) controller.abort()
    inflight.clear()
    for (const done of [...waiting.values()]) done()
    port?.close()
    port = undefined
    target = undefined
  }

  const session: BridgeSession = {
    options,
    handlers: () => (typeof options.handlers === 'function' ? options.handlers() : options.handlers) ?? {},
    state: 'idle',
    get target() {
      return target
    },
    context: { displayMode: 'inline', ...options.hostContext, availableDisplayModes: hostModes },
    hostModes,
    appModes: ['inline'],
    appTools: false,
    appInfo: undefined,
    toolCall: createToolCallFeed({ input: options.toolInput, result: options.toolResult, ready: () => session.state === 'initialized', send: notify }),
    maxDownloadBytes,
    maxChatMessageBytes: options.maxChatMessageBytes ?? DEFAULT_MAX_CHAT_MESSAGE_BYTES,
    busy: new Set(),
    notify,
    relay(method, params, signal) {
      const request: ProxiedMCPRequest = { serverHash: options.server.serverHash, method, params }
      if (options.server.serverId !== undefined) request.serverId = options.server.serverId
      return options.transport.request(request, signal ? { signal } : undefined)
    },
    cancelRequest: (id) => inflight.get(id)?.abort(),
    requestApp,
    connect(next, on) {
      if (session.state === 'closed') throw new McpHitlError('McpAppHostBridge.connect: closed; create a new bridge', { code: 'misuse' })
      listenOn?.removeEventListener('message', listener as EventListener)
      // Another window is another document: it must hand over its own port.
      if (target?.window !== next.window) {
        port?.close()
        port = undefined
      }
      target = next
      listenOn = on
      on.addEventListener('message', listener as EventListener)
      if (session.state === 'idle') session.state = 'connected'
    },
    teardown(timeoutMs) {
      if (session.state !== 'initialized') return Promise.resolve()
      const id = `teardown-${nextId++}`
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiting.delete(id)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        waiting.set(id, done)
        post({ id, method: 'ui/resource-teardown', params: {} })
      })
    },
    close,
  }
  return session
}
