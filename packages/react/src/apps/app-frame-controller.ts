/**
 * Everything `McpAppFrame` does with its frame, outside React: which `FrameHost` serves the current
 * resource and policy (reused across StrictMode's simulated remount, rebuilt when the policy
 * changes), the app's callbacks routed to the latest props, the height cap, the display mode, a
 * frame that failed or left its document, and what the host tells the app (tool outcome, context,
 * container width). The component reads its state with `useSyncExternalStore` and only attaches and
 * detaches it.
 */
import { type McpAppsFrameContent, McpHitlError, type McpUiResourcePermissions } from '@mcp-hitl/core'
import {
  type CspHostPolicy,
  detectHostContext,
  type McpAppDisplayMode,
  type McpAppHostContext,
  type McpAppHostHandlers,
  type McpAppMessageParams,
  type McpAppModelContext,
  type McpAppResource,
  type McpProxyTransport,
  type RateLimit,
} from '@mcp-hitl/core/apps'
import type { McpAppDownloadHandler, McpAppSamplingHandler, McpAppToolset } from '@mcp-hitl/core/apps'
import { FrameHost } from './frame-host'
import { ToolCallRelay } from './tool-call-relay'

/** Where the app runs and what it may load and use. */
export interface McpAppFrameSandbox {
  /** Run the app behind the spec's sandbox proxy served from another origin (a double iframe) instead of a `srcdoc` iframe. */
  proxyUrl?: string
  /** Host limits on the domains the resource may declare. */
  csp?: CspHostPolicy
  /** Browser permissions the host is willing to grant when the resource asks for them. Default none. */
  permissions?: McpUiResourcePermissions
}

/** What the app may ask of the host; read on every message, so inline functions never rebuild the frame. */
export interface McpAppFrameHandlers {
  /** An `http(s):` link the app wants opened; return `false` to refuse. Default: a new window, `noopener,noreferrer`. */
  onOpenLink?: (url: string) => boolean | undefined | Promise<boolean | undefined>
  /** The app adds a user message to the chat. */
  onMessage?: (message: McpAppMessageParams) => unknown
  /** The app replaces its context for the model's next turn. */
  onUpdateModelContext?: (context: McpAppModelContext) => unknown
  /** The display mode changed (by the app's request or the host's exit button). */
  onDisplayModeChange?: (mode: McpAppDisplayMode) => void
  /** The app asks to be closed. */
  onRequestTeardown?: () => void
  /** A message from the app was refused (flood, size, link scheme): for telemetry. */
  onRefused?: McpAppHostHandlers['onRefused']
  /**
   * The app's own tools (`appCapabilities.tools`), to offer the chat's model: called once the app
   * finished its handshake, again when it says its tools changed, and with `undefined` when the
   * frame is gone. `createMcpAppToolRegistry().connect(key)` makes one for a registry.
   */
  onAppTools?: (toolset: McpAppToolset | undefined) => void
}

/** How much room the app gets. */
export interface McpAppFrameSizing {
  /** Largest height the app may take, in pixels. Default 800. */
  maxHeight?: number
  /** Display modes the host offers; the app may use only those it also declares. Default `['inline']`. */
  displayModes?: McpAppDisplayMode[]
}

/** Bounds on what the app may cost the page. */
export interface McpAppFrameLimits {
  /** Flood limit for messages from the app. */
  rateLimit?: RateLimit
  /** Largest message accepted from the app, in bytes (estimated). Default 1 MiB. */
  maxMessageBytes?: number
  /** Wait for the app's teardown answer at most this long, in ms. Default 500. */
  teardownTimeoutMs?: number
  /** Largest download the app may hand over, in bytes of all its files. Default 8 MiB. */
  maxDownloadBytes?: number
  /** Bound of each request to the app (its own tools), in ms. Default 30,000. */
  appRequestTimeoutMs?: number
}

/** The app's requests that wait on a person, as the frame's dialogs answer them. */
export interface AppFrameRequests {
  onSamplingRequest?: McpAppSamplingHandler | undefined
  onDownloadFile?: McpAppDownloadHandler | undefined
  samplingTools: boolean
}

/** What the controller reads whenever it builds a frame or the app calls back: the component's latest props. */
export interface AppFrameInputs {
  content: McpAppsFrameContent
  transport: McpProxyTransport
  /** The context the app starts with (theme, locale and the app's `hostContext`, merged). */
  hostContext: McpAppHostContext
  sandbox: McpAppFrameSandbox
  handlers: McpAppFrameHandlers
  sizing: McpAppFrameSizing
  limits: McpAppFrameLimits
  /** Sampling and downloads, answered by the frame's dialogs. */
  requests: AppFrameRequests
  /** Accessible name of the iframe. */
  title: string
}

/** What the component renders from the controller. */
export interface AppFrameState {
  /** The display mode the host shows the app in. */
  displayMode: McpAppDisplayMode
  /** The frame could not be built (a misconfigured sandbox) or its app left its document. */
  error: Error | undefined
}

const DEFAULT_MAX_HEIGHT = 800
const DEFAULT_TEARDOWN_TIMEOUT_MS = 500

/** The values that, when changed, need a new frame: the resource and the policy it was sandboxed under. */
function frameKey(resource: McpAppResource, inputs: AppFrameInputs): unknown[] {
  const { proxyUrl, csp, permissions } = inputs.sandbox
  return [resource, proxyUrl ?? 'srcdoc', JSON.stringify([csp ?? null, permissions ?? null, inputs.sizing.displayModes ?? null])]
}

/** One `McpAppFrame`'s frame and what the host tells its app. */
export class AppFrameController {
  private host: FrameHost | undefined
  private key: unknown[] = []
  private state: AppFrameState = { displayMode: 'inline', error: undefined }
  private readonly call = new ToolCallRelay()
  private readonly listeners = new Set<() => void>()

  constructor(private readonly read: () => AppFrameInputs) {}

  /** For `useSyncExternalStore`: called when the state changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The current state; a new object only when something in it changed. */
  readonly getSnapshot = (): AppFrameState => this.state

  /**
   * Puts the frame for `resource` into `slot`: the same one again when resource and policy are
   * unchanged (one handshake under StrictMode), a new one otherwise. Returns false, with the reason
   * in `error`, when no frame can be built (an `McpHitlError` for a misconfigured sandbox).
   */
  attach(resource: McpAppResource, slot: HTMLElement): boolean {
    const key = frameKey(resource, this.read())
    const reusable = this.host && this.host.bridge.state !== 'closed' && key.every((part, i) => part === this.key[i])
    if (!reusable) {
      try {
        this.host = this.create(resource, slot)
      } catch (error) {
        this.update({ error: error instanceof Error ? error : new Error(String(error)) })
        return false
      }
      this.key = key
      this.update({ displayMode: 'inline', error: undefined })
      if (this.host) this.call.bind(this.host.bridge)
    }
    this.host?.attach(slot)
    return true
  }

  /** The app's own name, from its handshake (its claim), once it has one. */
  appName(): string | undefined {
    return this.host?.bridge.appInfo?.name
  }

  /** Forgets the last failure (before a retry loads the resource again). */
  clearError(): void {
    this.update({ error: undefined })
  }

  /** Called on unmount; the frame is disposed unless it is attached again right away (StrictMode). */
  detach(): void {
    this.host?.detach()
  }

  /**
   * Where the tool call stands: its arguments as they stream, then complete, then the result, or a
   * cancellation (the host's own when `cancelled`, with its reason when a string). See `ToolCallRelay`.
   */
  setToolCall(content: McpAppsFrameContent, cancelled: boolean | string | undefined): void {
    this.call.update(content, cancelled)
  }

  /** Context changes for the app (only changed keys reach it). */
  setHostContext(context: McpAppHostContext): void {
    this.host?.bridge.setHostContext(context)
  }

  /** The container's width (never the app's) and the height cap, as context for the app. */
  setContainerWidth(width: number): void {
    this.host?.bridge.setHostContext({ containerDimensions: { width: Math.round(width), maxHeight: this.maxHeight() } })
  }

  /** The host's own exit control: back to inline, told to the app and to `onDisplayModeChange`. */
  exitDisplayMode(): void {
    this.host?.bridge.setHostContext({ displayMode: 'inline' })
    this.update({ displayMode: 'inline' })
    this.read().handlers.onDisplayModeChange?.('inline')
  }

  private maxHeight(): number {
    return this.read().sizing.maxHeight ?? DEFAULT_MAX_HEIGHT
  }

  private update(change: Partial<AppFrameState>): void {
    const next = { ...this.state, ...change }
    if (next.displayMode === this.state.displayMode && next.error === this.state.error) return
    this.state = next
    for (const listener of [...this.listeners]) listener()
  }

  // The frame whose app tools were last offered, so only its closing withdraws them.
  private offered: FrameHost | undefined

  /** Lists the app's own tools and hands them to `onAppTools` (a failed listing offers none). */
  private offerAppTools(host: FrameHost): void {
    const { bridge } = host
    if (!bridge.hasAppTools || !this.read().handlers.onAppTools) return
    const { content } = this.read()
    bridge.listAppTools().then(
      ({ tools }) => {
        if (bridge.state === 'closed') return
        this.offered = host
        this.read().handlers.onAppTools?.({
          source: { appName: bridge.appInfo?.name, serverId: content.serverId, resourceUri: content.resourceUri },
          tools,
          call: (name, args, init) => bridge.callAppTool(name, args, init),
        })
      },
      () => undefined,
    )
  }

  private create(resource: McpAppResource, slot: HTMLElement): FrameHost {
    const inputs = this.read()
    let host: FrameHost | undefined
    // The app's callbacks under the bridge's handler names, read from the latest props on every message.
    const handlers = (): McpAppHostHandlers => ({
      ...this.read().handlers,
      onSizeChange: ({ height }) => {
        if (height === undefined || !host) return
        // Height only: the width always follows the container, so the app cannot start a resize loop.
        host.iframe.style.height = `${Math.max(0, Math.min(Math.ceil(height), this.maxHeight()))}px`
      },
      onDisplayModeChange: (mode) => {
        this.update({ displayMode: mode })
        this.read().handlers.onDisplayModeChange?.(mode)
      },
      onSamplingRequest: this.read().requests.onSamplingRequest,
      onDownloadFile: this.read().requests.onDownloadFile,
      onInitialized: () => host && this.offerAppTools(host),
      onAppToolsChanged: () => host && this.offerAppTools(host),
    })
    const { content, sandbox, limits } = inputs
    host = new FrameHost({
      resource,
      sandbox: sandbox.proxyUrl === undefined ? 'srcdoc' : { proxyUrl: sandbox.proxyUrl },
      csp: sandbox.csp,
      permissions: sandbox.permissions,
      title: inputs.title,
      teardownTimeoutMs: limits.teardownTimeoutMs ?? DEFAULT_TEARDOWN_TIMEOUT_MS,
      bridge: {
        transport: { request: (request, init) => this.read().transport.request(request, init) },
        server: { serverHash: content.serverHash, serverId: content.serverId },
        hostContext: {
          ...detectHostContext(inputs.hostContext),
          containerDimensions: { width: Math.round(slot.clientWidth), maxHeight: this.maxHeight() },
        },
        displayModes: inputs.sizing.displayModes,
        handlers,
        rateLimit: limits.rateLimit,
        maxMessageBytes: limits.maxMessageBytes,
        maxDownloadBytes: limits.maxDownloadBytes,
        appRequestTimeoutMs: limits.appRequestTimeoutMs,
        samplingTools: inputs.requests.samplingTools,
      },
      onClosed: () => {
        if (this.offered === host) {
          this.offered = undefined
          this.read().handlers.onAppTools?.(undefined)
        }
      },
      onDocumentLeft: () =>
        this.update({
          error: new McpHitlError('the app left its page (it navigated or reloaded itself), so it was closed', { code: 'protocol' }),
        }),
    })
    return host
  }
}
