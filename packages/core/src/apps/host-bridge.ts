/**
 * The host side of the MCP Apps protocol (2026-01-26) over `postMessage`: a few KB, no zod, no MCP
 * client. It answers `ui/initialize`, feeds the app its tool input and result in order and exactly
 * once, relays the app's MCP requests through a {@link McpProxyTransport}, and refuses anything
 * from another window, anything too large and anything too fast.
 *
 * The spec types of `@modelcontextprotocol/ext-apps` are imported here as types only and used
 * only inside function bodies (`satisfies`), so the published declarations do not need the
 * package; the public option and callback types are the kit's own structural ones.
 */
import type {
  McpUiHostCapabilities,
  McpUiInitializeResult,
  McpUiOpenLinkResult,
  McpUiRequestDisplayModeResult,
} from '@modelcontextprotocol/ext-apps'
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import { HOST_REFUSED_RPC_CODE } from '../http-errors'
import {
  type AppRequestInit,
  callAppTool,
  DEFAULT_APP_REQUEST_TIMEOUT_MS,
  type DroppedAppTool,
  listAppTools,
  type McpAppTool,
} from './app-tools'
import {
  answerDownloadRequest,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  DOWNLOAD_FILE_METHOD,
  type McpAppDownloadHandler,
  parseDownloadRequest,
} from './download-file'
import { diffHostContext, type McpAppDisplayMode, type McpAppHostContext } from './host-context'
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  type IncomingJsonRpc,
  JsonRpcError,
  type JsonRpcErrorObject,
  type JsonRpcId,
  METHOD_NOT_FOUND,
  parseJsonRpc,
} from './json-rpc'
import {
  createRateLimiter,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_RATE_LIMIT,
  measureJsonMessage,
  type RateLimit,
} from './message-guard'
import type {
  CallToolResult,
  ContentBlock,
  McpUiResourceCsp,
  McpUiResourcePermissions,
  ProxiedMCPRequest,
  ProxiedMcpMethod,
} from './protocol'
import { answerSamplingRequest, type McpAppSamplingHandler, parseSamplingRequest, SAMPLING_METHOD } from './sampling'
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD, MCP_HITL_ESCAPE_METHOD } from './sandbox-proxy-protocol'
import { relayErrorToJsonRpc } from './transports/relay-error'
import type { McpProxyTransport } from './transports/types'

/** Default of `maxChatMessageBytes`: the largest `ui/message` content an app may ask to add to the chat. */
export const DEFAULT_MAX_CHAT_MESSAGE_BYTES = 64 * 1024

/** MCP Apps protocol version this bridge speaks. */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26'

/** `ui/message` params: a message the app adds to the chat as the user. */
export interface McpAppMessageParams {
  role: 'user'
  content: ContentBlock[]
}

/** `ui/update-model-context` params; each call replaces the previous one. */
export interface McpAppModelContext {
  content?: ContentBlock[]
  structuredContent?: Record<string, unknown>
}

/** Why a message from the app was refused. */
export type McpAppRefusalReason = 'rate_limited' | 'too_large' | 'not_json' | 'link_refused' | 'busy'

/** What the host does with the app's requests; read on every message (latest-ref friendly). */
export interface McpAppHostHandlers {
  /** An `http(s):` link to open; return `false` (or throw) to report failure to the app. Default: a new window with `noopener,noreferrer`. */
  onOpenLink?(url: string): boolean | undefined | Promise<boolean | undefined>
  /**
   * The app asks to add a message to the chat as the person's. Put it in front of the person for
   * review (`createAppMessageReview`: into the composer, marked as the app's) and resolve once
   * they sent it; throw when they did not (the app gets `isError`), or throw a `JsonRpcError` to
   * refuse it with a reason. Never send it by itself. One waits at a time: the app's next message
   * while one waits is refused (-32010). `signal` aborts when the app gives up on it or the frame closes.
   */
  onMessage?(params: McpAppMessageParams, init?: { signal: AbortSignal }): unknown
  /** The app replaces its context for the model's next turn. */
  onUpdateModelContext?(params: McpAppModelContext): unknown
  /** The app's content size changed (the host sets the height only; the width follows the container). */
  onSizeChange?(size: { width?: number; height?: number }): void
  /** The display mode changed at the app's request (already checked against what host and app allow). */
  onDisplayModeChange?(mode: McpAppDisplayMode): void
  /**
   * The app asks for a mode other than `inline` that host and app both allow: resolve `false` (or
   * throw) to refuse, e.g. until the person confirms; throw a `JsonRpcError` to answer the app with
   * that error instead of its current mode. `signal` aborts when the app cancels the request or the
   * frame closes. Without it the mode is granted.
   */
  onDisplayModeRequest?(mode: Exclude<McpAppDisplayMode, 'inline'>, init: { signal: AbortSignal }): boolean | undefined | Promise<boolean | undefined>
  /** The app asks to be closed; the host decides. */
  onRequestTeardown?(): void
  /**
   * The app asks the host's model for a completion (`sampling/createMessage`). The `sampling`
   * capability (with `tools` when the bridge's `samplingTools` is set) is advertised only when this
   * is set at the handshake. Resolve with the model's message; throw
   * `new JsonRpcError(USER_REJECTED_RPC_CODE, 'User rejected sampling request')` when the person
   * denies it. `signal` aborts when the app cancels the request or the frame closes. One request at
   * a time: another while one waits is refused.
   */
  onSamplingRequest?: McpAppSamplingHandler
  /**
   * The app asks the host to save files (`ui/download-file`), already parsed, sanitised and bounded
   * (`maxDownloadBytes`, no programs or scripts). Advertised (`downloadFile`) only when set. Resolve
   * `true` once saved, `false` when the person declined. One request at a time.
   */
  onDownloadFile?: McpAppDownloadHandler
  /** The app's own tools changed (`notifications/tools/list_changed`): list them again. */
  onAppToolsChanged?(): void
  /** The app finished its handshake (`ui/notifications/initialized`); `hasAppTools` and `appInfo` are known from here on. */
  onInitialized?(): void
  /** A `notifications/message` log entry from the app (also forwarded to the server). */
  onLog?(params: Record<string, unknown>): void
  /** A message was refused (for telemetry; never called for messages from other windows). */
  onRefused?(reason: McpAppRefusalReason, method?: string): void
  /**
   * The app's document is gone: the frame navigated or reloaded itself. The bridge has closed and
   * sends nothing more; the host should remove the frame and say so.
   */
  onDocumentLeft?(): void
  /**
   * The person pressed Escape while the app had focus (keys inside a frame never reach the host
   * page). Told by the kit's guard in documents built by `buildAppDocument`, through the kit's
   * sandbox proxy in that mode; the app's own messages never reach it in port mode. Use it to leave
   * full screen, and for nothing an app may not trigger itself: behind a proxy not built by the
   * kit, an app could send it too.
   */
  onEscapeKey?(): void
}

/** Options of {@link createMcpAppHostBridge}. */
export interface McpAppHostBridgeOptions {
  /** Relays `tools/call`, `resources/read`, `resources/list`, `resources/templates/list`, `notifications/message` and `ping` to the app's server. */
  transport: McpProxyTransport
  /** The server that served the app (`serverId` is preferred by the relay when present). */
  server: { serverHash: string; serverId?: string }
  /** Tool arguments, sent once as `tool-input` after the handshake; `{}` for tools without arguments. */
  toolInput?: Record<string, unknown>
  /** The tool result, sent once as `tool-result` after `tool-input`. */
  toolResult?: CallToolResult
  hostInfo?: { name: string; version: string }
  hostContext?: McpAppHostContext
  /** Display modes the host can show; the app may switch only to ones it also declares. Default `['inline']`. */
  displayModes?: McpAppDisplayMode[]
  /** Sandbox actually applied, advertised in `hostCapabilities.sandbox`. */
  sandbox?: { csp?: McpUiResourceCsp; permissions?: McpUiResourcePermissions }
  /** For the double-iframe sandbox: what to send when the proxy says `sandbox-proxy-ready`. */
  proxyResource?: { html: string; sandbox?: string; csp?: McpUiResourceCsp; permissions?: McpUiResourcePermissions }
  /** Callbacks, or a function returning the latest ones. */
  handlers?: McpAppHostHandlers | (() => McpAppHostHandlers)
  /** Largest accepted message, by measured JSON size (values that are not plain JSON are refused). Default 1 MiB. */
  maxMessageBytes?: number
  /** Largest `ui/message` an app may ask to add to the chat, as the JSON of its content. Default 64 KiB. */
  maxChatMessageBytes?: number
  /** Token bucket for messages from the app. Default 500 at once, 250 per second. A message past it is dropped unread, with no reply. */
  rateLimit?: RateLimit
  /** Advertise `sampling.tools`: the host's `onSamplingRequest` accepts `tools` and `toolChoice`. Default false. */
  samplingTools?: boolean
  /**
   * Largest download accepted, in bytes of all its files together. A `ui/download-file` message may
   * be larger than `maxMessageBytes` by what that takes in base64. Default 8 MiB.
   */
  maxDownloadBytes?: number
  /** Bound of each host → app request (the app's `tools/list` and `tools/call`), in ms. Default 30,000. */
  appRequestTimeoutMs?: number
}

/** Where the app lives: its window and the origin its messages carry (`'null'` for a sandboxed srcdoc frame). */
export interface McpAppTarget {
  window: Window
  origin: string
  /**
   * `'port'` for a document built by `buildAppDocument`: its first message hands the host a
   * `MessagePort`, and the host posts only on that port (never to the window), so nothing it sends
   * can reach a document the frame navigated to. A second port, or the document's leave notice,
   * closes the bridge ({@link McpAppHostHandlers.onDocumentLeft}). Default `'window'`.
   */
  channel?: 'port' | 'window'
}

/** Lifecycle of a bridge. */
export type McpAppBridgeState = 'idle' | 'connected' | 'initialized' | 'closed'

/** A host bridge bound to one app frame. */
export interface McpAppHostBridge {
  /** Starts listening on `listenOn` (default `window`) for messages from `target` only. */
  connect(target: McpAppTarget, listenOn?: Pick<Window, 'addEventListener' | 'removeEventListener'>): void
  /** Sets the tool arguments (ignored once sent). */
  setToolInput(args: Record<string, unknown>): void
  /**
   * The arguments so far, healed, while the model still writes them: sent as `tool-input-partial`
   * (the latest one at the handshake), never after the complete input. Throttling is the caller's.
   */
  setToolInputPartial(args: Record<string, unknown>): void
  /** Sets the tool result (ignored once a result or cancellation was sent). */
  setToolResult(result: CallToolResult): void
  /** Tells the app the tool call was cancelled (instead of a result). */
  setToolCancelled(reason?: string): void
  /** Merges context changes; after the handshake only the changed keys are sent. */
  setHostContext(changes: McpAppHostContext): void
  /** The context as the app last saw it (or will see it at the handshake). */
  getHostContext(): McpAppHostContext
  /** Sends `ui/resource-teardown` and waits for the answer, at most `timeoutMs` (default 500). */
  teardown(timeoutMs?: number): Promise<void>
  /** Stops listening, aborts relayed requests, drops pending ones. */
  close(): void
  /** True once the app's handshake declared tools of its own (`appCapabilities.tools`). */
  readonly hasAppTools: boolean
  /** The name, title and version the app gave in its handshake (its own claim: show it as such), cut at 100 characters. */
  readonly appInfo: { name: string; title?: string; version?: string } | undefined
  /**
   * Lists the app's own tools (at most 64; invalid entries are dropped and said why). Rejects with
   * `McpHitlError` `protocol` when the app declares no tools or is not initialized yet.
   */
  listAppTools(init?: AppRequestInit): Promise<{ tools: McpAppTool[]; dropped: DroppedAppTool[] }>
  /** Calls one of the app's own tools; see {@link McpAppHostBridge.listAppTools} for when it rejects. */
  callAppTool(name: string, args?: Record<string, unknown>, init?: AppRequestInit): Promise<CallToolResult>
  /** Current lifecycle state. */
  readonly state: McpAppBridgeState
}

// Requests relayed to the app's server as they are; `tools/call` has its own case.
const RELAYED = new Set<string>(['resources/read', 'resources/list', 'resources/templates/list', 'ping'])
// Base64 takes 4 bytes per 3, plus the message around the files.
const DOWNLOAD_MESSAGE_OVERHEAD = 64 * 1024

function fail(code: number, message: string): never {
  throw new JsonRpcError(code, message)
}

function defaultOpenLink(url: string): boolean {
  window.open(url, '_blank', 'noopener,noreferrer')
  return true
}

function errorMessage(error: unknown): string {
  return McpHitlError.isInstance(error) || error instanceof Error ? error.message : 'Request failed'
}

// A relay answer of `{ error }` (the AG-UI middleware's failure shape) is a failure, never a result.
function relayError(result: unknown): string | undefined {
  return isRecord(result) && typeof result.error === 'string' && !('content' in result) ? result.error : undefined
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

/** Creates the host side of one app's MCP Apps session; throws `misuse` for bounds that cannot work. */
export function createMcpAppHostBridge(options: McpAppHostBridgeOptions): McpAppHostBridge {
  const handlers = (): McpAppHostHandlers =>
    (typeof options.handlers === 'function' ? options.handlers() : options.handlers) ?? {}
  const hostModes = options.displayModes ?? ['inline']
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  checkBounds(maxBytes, rateLimit, options)
  const maxDownloadBytes = options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES
  const downloadMessageBytes = Math.max(maxBytes, Math.ceil(maxDownloadBytes / 3) * 4 + DOWNLOAD_MESSAGE_OVERHEAD)
  const appRequestTimeoutMs = options.appRequestTimeoutMs ?? DEFAULT_APP_REQUEST_TIMEOUT_MS
  const maxChatMessageBytes = options.maxChatMessageBytes ?? DEFAULT_MAX_CHAT_MESSAGE_BYTES
  const limiter = createRateLimiter(rateLimit)
  let context: McpAppHostContext = {
    displayMode: 'inline',
    ...options.hostContext,
    availableDisplayModes: hostModes,
  }
  let state: McpAppBridgeState = 'idle'
  let target: McpAppTarget | undefined
  let listenOn: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  let appModes: McpAppDisplayMode[] = ['inline']
  let appTools = false
  let appInfo: { name: string; title?: string; version?: string } | undefined
  // One sampling, one download and one chat message at a time: each waits on a person.
  const busy = new Set<string>()
  let toolInput = options.toolInput
  let outcome: { method: string; params: Record<string, unknown> } | undefined = options.toolResult
    ? { method: 'ui/notifications/tool-result', params: options.toolResult }
    : undefined
  let inputSent = false
  let outcomeSent = false
  // The latest partial arguments, and whether this document has seen them.
  let partial: Record<string, unknown> | undefined
  let partialSent = false
  let nextId = 1
  // The host's own requests to the app, by id: settled by the app's answer, or with none on close.
  const waiting = new Map<JsonRpcId, (answer?: { result?: unknown; error?: JsonRpcErrorObject }) => void>()
  // The app's requests being answered, by id, so `notifications/cancelled` can stop one.
  const inflight = new Map<JsonRpcId, AbortController>()
  // The app document's own port, in 'port' channel mode; undefined until its first message.
  let port: MessagePort | undefined

  const post = (message: Record<string, unknown>) => {
    if (state === 'closed' || !target) return
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

  // The document the bridge spoke to is gone; whatever replaced it gets nothing.
  const documentLeft = () => {
    if (state === 'closed') return
    close()
    handlers().onDocumentLeft?.()
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
      else if (data?.method === MCP_HITL_ESCAPE_METHOD) handlers().onEscapeKey?.()
    }
  }
  const notify = (method: string, params: Record<string, unknown>) => post({ method, params })

  // Order guarantee: nothing before `initialized`, then partial inputs, tool-input once, then the
  // outcome once. A call cancelled while its arguments were still being written never had an input.
  const flush = () => {
    if (state !== 'initialized') return
    if (!inputSent && toolInput === undefined && partial && !partialSent && !outcomeSent) {
      partialSent = true
      notify('ui/notifications/tool-input-partial', { arguments: partial })
    }
    if (!inputSent && toolInput !== undefined) {
      inputSent = true
      notify('ui/notifications/tool-input', { arguments: toolInput })
    }
    const cancelledEarly = toolInput === undefined && outcome?.method === 'ui/notifications/tool-cancelled'
    if ((inputSent || cancelledEarly) && !outcomeSent && outcome) {
      outcomeSent = true
      notify(outcome.method, outcome.params)
    }
  }

  const relay = (method: ProxiedMcpMethod, params: Record<string, unknown>, signal?: AbortSignal) => {
    const request: ProxiedMCPRequest = { serverHash: options.server.serverHash, method, params }
    if (options.server.serverId !== undefined) request.serverId = options.server.serverId
    return options.transport.request(request, signal ? { signal } : undefined)
  }

  // A request that waits on a person: one at a time per kind, so an app cannot stack dialogs.
  const oneAtATime = async <T>(kind: string, method: string, work: () => Promise<T>): Promise<T> => {
    if (busy.has(kind)) {
      handlers().onRefused?.('busy', method)
      fail(HOST_REFUSED_RPC_CODE, `Refused by the host: another ${kind} request of this app is still waiting for the user`)
    }
    busy.add(kind)
    try {
      return await work()
    } finally {
      busy.delete(kind)
    }
  }

  // Leaving for another mode than inline may need the host's (the person's) consent.
  const grantDisplayMode = async (mode: McpAppDisplayMode, signal: AbortSignal): Promise<boolean> => {
    const ask = handlers().onDisplayModeRequest
    if (mode === 'inline' || !ask) return true
    try {
      return (await ask(mode, { signal })) !== false
    } catch (error) {
      // The host's refusal with a reason (the app asked too often, or was stopped) reaches the app.
      if (error instanceof JsonRpcError) throw error
      return false
    }
  }

  const answer = async (method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> => {
    switch (method) {
      case 'ui/initialize': {
        const caps = isRecord(params.appCapabilities) ? params.appCapabilities : {}
        const modes = caps.availableDisplayModes
        appModes = Array.isArray(modes) ? (modes as McpAppDisplayMode[]) : ['inline']
        appTools = isRecord(caps.tools)
        const info = params.appInfo
        appInfo = isRecord(info) && typeof info.name === 'string' && info.name
          ? {
              name: info.name.slice(0, 100),
              ...(typeof info.title === 'string' && info.title ? { title: info.title.slice(0, 100) } : {}),
              ...(typeof info.version === 'string' ? { version: info.version.slice(0, 40) } : {}),
            }
          : undefined
        // A second initialize means a new document in the frame (a reload): it gets its data again.
        state = 'connected'
        inputSent = false
        outcomeSent = false
        partialSent = false
        const h = handlers()
        const hostCapabilities = {
          openLinks: {},
          serverTools: {},
          serverResources: {},
          logging: {},
          ...(h.onMessage ? { message: { text: {}, image: {}, resource: {}, resourceLink: {} } } : {}),
          ...(h.onUpdateModelContext ? { updateModelContext: { text: {}, structuredContent: {} } } : {}),
          ...(h.onDownloadFile ? { downloadFile: {} } : {}),
          ...(h.onSamplingRequest ? { sampling: options.samplingTools ? { tools: {} } : {} } : {}),
          ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        } satisfies McpUiHostCapabilities
        return {
          protocolVersion: MCP_APPS_PROTOCOL_VERSION,
          hostInfo: options.hostInfo ?? { name: 'mcp-hitl', version: '0.1.0' },
          hostCapabilities,
          // Our context type is the spec's, minus its exhaustive style-key record.
          hostContext: context as McpUiInitializeResult['hostContext'],
        } satisfies McpUiInitializeResult
      }
      case 'ui/open-link': {
        const url = typeof params.url === 'string' ? params.url : ''
        let protocol = ''
        try {
          protocol = new URL(url).protocol
        } catch {
          // Not a URL: refused below.
        }
        if (protocol !== 'https:' && protocol !== 'http:') {
          handlers().onRefused?.('link_refused', method)
          return { isError: true } satisfies McpUiOpenLinkResult
        }
        const open = handlers().onOpenLink ?? defaultOpenLink
        try {
          return ((await open(url)) === false ? { isError: true } : {}) satisfies McpUiOpenLinkResult
        } catch {
          return { isError: true }
        }
      }
      case 'ui/message': {
        const onMessage = handlers().onMessage
        if (!onMessage) return { isError: true }
        if (params.role !== 'user' || !Array.isArray(params.content)) fail(INVALID_PARAMS, 'Invalid params')
        const content = params.content as ContentBlock[]
        const size = measureJsonMessage(content, maxChatMessageBytes)
        if (!size.ok) {
          handlers().onRefused?.('too_large', method)
          fail(HOST_REFUSED_RPC_CODE, `Refused by the host: a message for the chat may take at most ${maxChatMessageBytes} bytes`)
        }
        // The person reviews each message before it goes: one waits at a time, so an app cannot flood the chat.
        return oneAtATime('message', method, async () => {
          try {
            await onMessage({ role: 'user', content }, { signal })
            return {}
          } catch (error) {
            // A refusal with a reason reaches the app as such; the person's "no" is a failed result.
            if (error instanceof JsonRpcError) throw error
            return { isError: true }
          }
        })
      }
      case 'ui/update-model-context': {
        const onUpdate = handlers().onUpdateModelContext
        if (!onUpdate) fail(METHOD_NOT_FOUND, `Method not found: ${method}`)
        const update: McpAppModelContext = {}
        if (Array.isArray(params.content)) update.content = params.content as ContentBlock[]
        if (isRecord(params.structuredContent)) update.structuredContent = params.structuredContent
        await onUpdate(update)
        return {}
      }
      case 'ui/request-display-mode': {
        const mode = params.mode as McpAppDisplayMode
        // The spec: never switch to a mode the app did not declare, nor one the host cannot show.
        const allowed = mode !== context.displayMode && hostModes.includes(mode) && appModes.includes(mode)
        if (allowed && (await grantDisplayMode(mode, signal)) && mode !== context.displayMode) {
          context = { ...context, displayMode: mode }
          handlers().onDisplayModeChange?.(mode)
        }
        return { mode: context.displayMode ?? 'inline' } satisfies McpUiRequestDisplayModeResult
      }
      case SAMPLING_METHOD: {
        const handler = handlers().onSamplingRequest
        if (!handler) fail(METHOD_NOT_FOUND, `Method not found: ${method} (this host answers no sampling; see hostCapabilities.sampling)`)
        // Parsed first: a malformed request is refused as such, never as "busy".
        const request = parseSamplingRequest(params, { tools: options.samplingTools === true })
        return oneAtATime('sampling', method, () => answerSamplingRequest(request, { handler, signal }))
      }
      case DOWNLOAD_FILE_METHOD: {
        const handler = handlers().onDownloadFile
        if (!handler) fail(METHOD_NOT_FOUND, `Method not found: ${method} (this host saves no files; see hostCapabilities.downloadFile)`)
        const download = parseDownloadRequest(params, { maxBytes: maxDownloadBytes })
        return oneAtATime('download', method, () => answerDownloadRequest(download, { handler, signal }))
      }
      case 'tools/call': {
        if (typeof params.name !== 'string') fail(INVALID_PARAMS, 'Invalid params')
        let result: unknown
        try {
          result = await relay('tools/call', params, signal)
        } catch (error) {
          const rpc = relayErrorToJsonRpc(error)
          fail(rpc.code, rpc.message)
        }
        const error = relayError(result)
        // A failed tool is a tool result with isError, as MCP servers report tool failures.
        if (error !== undefined) return { content: [{ type: 'text', text: error }], isError: true } satisfies CallToolResult
        if (!isRecord(result) || !Array.isArray(result.content)) fail(INTERNAL_ERROR, 'Invalid result')
        return result
      }
      default: {
        if (!RELAYED.has(method)) fail(METHOD_NOT_FOUND, `Method not found: ${method}`)
        let result: unknown
        try {
          result = await relay(method as ProxiedMcpMethod, params, signal)
        } catch (error) {
          // The proxy's refusal keeps its meaning for the app (see relay-error.ts).
          const rpc = relayErrorToJsonRpc(error)
          fail(rpc.code, rpc.message)
        }
        const error = relayError(result)
        if (error !== undefined) fail(INTERNAL_ERROR, error)
        if (!isRecord(result)) fail(INTERNAL_ERROR, 'Invalid result')
        return result
      }
    }
  }

  const onRequest = async (id: JsonRpcId, method: string, params: Record<string, unknown>) => {
    const controller = new AbortController()
    // A reused id replaces the older entry; the older request still finishes on its own controller.
    inflight.set(id, controller)
    try {
      const before = context.displayMode
      const result = await answer(method, params, controller.signal)
      if (controller.signal.aborted) return
      post({ id, result })
      // Sent after the answer, so the app's context follows the mode it was just granted.
      if (method === 'ui/request-display-mode' && context.displayMode !== before) {
        notify('ui/notifications/host-context-changed', { displayMode: context.displayMode })
      }
    } catch (error) {
      // The app cancelled it (or the bridge closed): MCP sends no answer to a cancelled request.
      if (controller.signal.aborted) return
      post({
        id,
        error: error instanceof JsonRpcError ? error.toJSON() : { code: INTERNAL_ERROR, message: errorMessage(error) },
      })
    } finally {
      if (inflight.get(id) === controller) inflight.delete(id)
    }
  }

  const onNotification = (method: string, params: Record<string, unknown>) => {
    const h = handlers()
    switch (method) {
      case 'ui/notifications/initialized':
        if (state !== 'connected') return
        state = 'initialized'
        flush()
        h.onInitialized?.()
        return
      case 'ui/notifications/size-changed': {
        const size: { width?: number; height?: number } = {}
        for (const key of ['width', 'height'] as const) if (Number.isFinite(params[key])) size[key] = params[key] as number
        h.onSizeChange?.(size)
        return
      }
      case 'ui/notifications/request-teardown':
        h.onRequestTeardown?.()
        return
      case 'notifications/message':
        h.onLog?.(params)
        relay('notifications/message', params).catch(() => {})
        return
      case 'notifications/cancelled': {
        // The app gave up on one of its requests (its own timeout, an abort): stop the work for it.
        const id = params.requestId
        if (typeof id === 'string' || typeof id === 'number') inflight.get(id)?.abort()
        return
      }
      case 'notifications/tools/list_changed':
        if (appTools) h.onAppToolsChanged?.()
        return
      case MCP_HITL_ESCAPE_METHOD:
        // In port mode only the port says so (the app's own window messages land here).
        if (target?.channel !== 'port') h.onEscapeKey?.()
        return
      case 'ui/notifications/sandbox-proxy-ready':
        if (options.proxyResource) notify('ui/notifications/sandbox-resource-ready', options.proxyResource)
        return
    }
  }

  const dispatch = (message: IncomingJsonRpc) => {
    if (message.kind === 'response') {
      waiting.get(message.id)?.(message)
      return
    }
    if (message.kind === 'notification') return onNotification(message.method, message.params)
    void onRequest(message.id, message.method, message.params)
  }

  const listener = (event: MessageEvent) => {
    // Identity before anything else: only the frame's own window, with the origin it must carry.
    if (!target || event.source !== target.window || event.origin !== target.origin) return
    if (target.channel === 'port' && event.ports.length > 0) {
      if (isRecord(event.data) && event.data.method === MCP_HITL_CHANNEL_METHOD) openPort(event)
      return
    }
    // The budget is spent before `event.data` is read, so a flood costs the host no deserialising.
    if (!limiter.take()) {
      handlers().onRefused?.('rate_limited')
      return
    }
    const data: unknown = event.data
    // A download carries its files, base64: it may be as large as `maxDownloadBytes` needs.
    const limit = isRecord(data) && data.method === DOWNLOAD_FILE_METHOD && handlers().onDownloadFile ? downloadMessageBytes : maxBytes
    const measured = measureJsonMessage(data, limit)
    if (!measured.ok) {
      const id = isRecord(data) ? data.id : undefined
      handlers().onRefused?.(measured.reason, isRecord(data) && typeof data.method === 'string' ? data.method : undefined)
      if (typeof id === 'string' || typeof id === 'number') {
        const message = measured.reason === 'too_large' ? 'Message too large' : 'Message is not plain JSON'
        post({ id, error: { code: INVALID_REQUEST, message } })
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

  // The host's own request to the app: bounded in time, cancellable, and told to the app when given up.
  const requestApp = (method: string, params: Record<string, unknown>, init: AppRequestInit = {}): Promise<unknown> => {
    if (state !== 'initialized') {
      return Promise.reject(new McpHitlError(`${method}: the app has not finished its handshake (ui/notifications/initialized)`, { code: 'protocol' }))
    }
    const id = `host-${nextId++}`
    const timeoutMs = init.timeoutMs ?? appRequestTimeoutMs
    return new Promise<unknown>((resolve, reject) => {
      const settle = (answer?: { result?: unknown; error?: JsonRpcErrorObject }, failure?: McpHitlError) => {
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

  const requireAppTools = (api: string): Promise<never> | undefined =>
    state === 'initialized' && !appTools
      ? Promise.reject(new McpHitlError(`${api}: the app declares no tools of its own (appCapabilities.tools)`, { code: 'protocol' }))
      : undefined

  const close = () => {
    if (state === 'closed') return
    state = 'closed'
    listenOn?.removeEventListener('message', listener as EventListener)
    for (const controller of inflight.values()) controller.abort()
    inflight.clear()
    for (const done of [...waiting.values()]) done()
    port?.close()
    port = undefined
    target = undefined
  }

  return {
    get state() {
      return state
    },
    connect(next, on = window) {
      if (state === 'closed') throw new McpHitlError('McpAppHostBridge.connect: closed; create a new bridge', { code: 'misuse' })
      listenOn?.removeEventListener('message', listener as EventListener)
      // Another window is another document: it must hand over its own port.
      if (target?.window !== next.window) {
        port?.close()
        port = undefined
      }
      target = next
      listenOn = on
      on.addEventListener('message', listener as EventListener)
      if (state === 'idle') state = 'connected'
    },
    setToolInput(args) {
      if (inputSent || outcomeSent) return
      toolInput = args
      flush()
    },
    setToolInputPartial(args) {
      if (inputSent || toolInput !== undefined || outcomeSent) return
      partial = args
      if (state !== 'initialized') return
      partialSent = true
      notify('ui/notifications/tool-input-partial', { arguments: args })
    },
    setToolResult(result) {
      if (outcomeSent) return
      outcome = { method: 'ui/notifications/tool-result', params: result }
      flush()
    },
    setToolCancelled(reason) {
      if (outcomeSent) return
      outcome = { method: 'ui/notifications/tool-cancelled', params: reason === undefined ? {} : { reason } }
      flush()
    },
    setHostContext(changes) {
      const changed = diffHostContext(context, changes)
      if (!changed) return
      context = { ...context, ...changed }
      if (state === 'initialized') notify('ui/notifications/host-context-changed', changed)
    },
    getHostContext: () => context,
    get appInfo() {
      return appInfo
    },
    get hasAppTools() {
      return appTools && state === 'initialized'
    },
    listAppTools: (init) => requireAppTools('listAppTools') ?? listAppTools(requestApp, init),
    callAppTool: (name, args, init) => requireAppTools('callAppTool') ?? callAppTool(requestApp, name, args, init),
    teardown(timeoutMs = 500) {
      if (state !== 'initialized') return Promise.resolve()
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
}
