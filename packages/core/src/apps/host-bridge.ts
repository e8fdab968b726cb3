/**
 * The host side of the MCP Apps protocol (2026-01-26) over `postMessage`: a few KB, no zod, no MCP
 * client. It answers `ui/initialize`, feeds the app its tool input and result in order and exactly
 * once, relays the app's MCP requests through a {@link McpProxyTransport}, and refuses anything
 * from another window, anything too large and anything too fast.
 *
 * The spec types of `@modelcontextprotocol/ext-apps` are imported (in `bridge/bridge-requests.ts`)
 * as types only and used only inside function bodies (`satisfies`), so the published declarations
 * do not need the package; the public option and callback types are the kit's own structural ones.
 */
import { McpHitlError } from '../errors'
import type { AppRequestInit, DroppedAppTool, McpAppTool } from './app-tools'
import { callAppTool, listAppTools } from './app-tools'
import { createBridgeSession } from './bridge/bridge-session'
import type { McpAppDownloadHandler } from './download-file'
import { diffHostContext, type McpAppDisplayMode, type McpAppHostContext } from './host-context'
import type { RateLimit } from './message-guard'
import type { CallToolResult, ContentBlock, McpUiResourceCsp, McpUiResourcePermissions } from './protocol'
import type { McpAppSamplingHandler } from './sampling'
import type { McpProxyTransport } from './transports/types'

export { MCP_APPS_PROTOCOL_VERSION } from './bridge/bridge-requests'
export { DEFAULT_MAX_CHAT_MESSAGE_BYTES } from './bridge/bridge-session'

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

/**
 * Creates the host side of one app's MCP Apps session; throws `misuse` for bounds that cannot work.
 * The session lives in `bridge/bridge-session.ts`, each method the app may call in `bridge/bridge-requests.ts`
 * or `bridge/bridge-notifications.ts`, and the order the tool call reaches the app in `bridge/tool-call-feed.ts`.
 */
export function createMcpAppHostBridge(options: McpAppHostBridgeOptions): McpAppHostBridge {
  const session = createBridgeSession(options)
  const { toolCall } = session
  const requireAppTools = (api: string): Promise<never> | undefined =>
    session.state === 'initialized' && !session.appTools
      ? Promise.reject(new McpHitlError(`${api}: the app declares no tools of its own (appCapabilities.tools)`, { code: 'protocol' }))
      : undefined
  return {
    get state() {
      return session.state
    },
    connect: (target, listenOn = window) => session.connect(target, listenOn),
    setToolInput: (args) => toolCall.setInput(args),
    setToolInputPartial: (args) => toolCall.setPartial(args),
    setToolResult: (result) => toolCall.setResult(result),
    setToolCancelled: (reason) => toolCall.setCancelled(reason),
    setHostContext(changes) {
      const changed = diffHostContext(session.context, changes)
      if (!changed) return
      session.context = { ...session.context, ...changed }
      if (session.state === 'initialized') session.notify('ui/notifications/host-context-changed', changed)
    },
    getHostContext: () => session.context,
    get appInfo() {
      return session.appInfo
    },
    get hasAppTools() {
      return session.appTools && session.state === 'initialized'
    },
    listAppTools: (init) => requireAppTools('listAppTools') ?? listAppTools(session.requestApp, init),
    callAppTool: (name, args, init) => requireAppTools('callAppTool') ?? callAppTool(session.requestApp, name, args, init),
    teardown: (timeoutMs = 500) => session.teardown(timeoutMs),
    close: () => session.close(),
  }
}
