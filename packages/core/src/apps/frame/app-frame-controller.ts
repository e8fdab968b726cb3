/**
 * Everything `McpAppFrame` does with its frame, outside React: which `FrameHost` serves the current
 * resource and policy (reused across StrictMode's simulated remount, rebuilt when the policy
 * changes), the app's callbacks routed to the latest props, the height cap, the display mode, a
 * frame that failed or left its document, and what the host tells the app (tool outcome, context,
 * container width). Framework-free: a view reads its state through `subscribe` and `getSnapshot`
 * (React: `useSyncExternalStore`) and only attaches and detaches it.
 */
import { McpHitlError } from '../../errors'
import { detectHostContext, type McpAppDisplayMode, type McpAppHostContext } from '../host-context'
import type { McpAppHostHandlers } from '../host-bridge'
import type { McpAppsFrameContent } from '../pending-app-content'
import type { McpAppResource } from '../read-app-resource'
import type { AppFrameInputs, AppFrameState, McpAppFrameSandbox } from './app-frame-options'
import { takeTurn } from './app-request-pacers'
import { FrameHeight, frameHeightKey } from './frame-height'
import { FrameHost, type McpAppSandboxTokens } from './frame-host'
import { ToolCallRelay } from './tool-call-relay'

/** What a view adds to its {@link AppFrameController}. */
export interface AppFrameControllerOptions {
  /**
   * Awaited before the display-mode question is shown, where the view that shows it loads on first
   * use; a rejection (a `JsonRpcError`) refuses the app's request with it.
   */
  questionReady?: () => Promise<unknown>
}

const DEFAULT_TEARDOWN_TIMEOUT_MS = 500

/** The values that, when changed, need a new frame: the resource and the policy it was sandboxed under. */
function frameKey(resource: McpAppResource, inputs: AppFrameInputs): unknown[] {
  const { proxyUrl, csp, permissions } = inputs.sandbox
  return [resource, proxyUrl ?? 'srcdoc', JSON.stringify([csp ?? null, permissions ?? null, inputs.sizing.displayModes ?? null, sandboxTokens(inputs.sandbox)])]
}

// Only these reach the sandbox attribute, each only when true.
function sandboxTokens(sandbox: McpAppFrameSandbox): McpAppSandboxTokens {
  const { allowForms, allowModals, allowPointerLock, allowPopups } = sandbox
  return { allowForms: allowForms === true, allowModals: allowModals === true, allowPointerLock: allowPointerLock === true, allowPopups: allowPopups === true }
}

/** One `McpAppFrame`'s frame and what the host tells its app. */
export class AppFrameController {
  private host: FrameHost | undefined
  private key: unknown[] = []
  private state: AppFrameState = { displayMode: 'inline', error: undefined, appName: undefined, displayModeRequest: undefined }
  private frameHeight: FrameHeight | undefined
  private width: number | undefined
  private userDimensions: McpAppHostContext['containerDimensions']
  private pendingRequest: ((allow: boolean, withdrawn: boolean) => void) | undefined
  private readonly call = new ToolCallRelay()
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly read: () => AppFrameInputs,
    private readonly options: AppFrameControllerOptions = {},
  ) {}

  // Created on first use: the component's props are not readable while it constructs this.
  private get heights(): FrameHeight {
    const { content } = this.read()
    this.frameHeight ??= new FrameHeight(frameHeightKey(content), () => this.read().sizing)
    return this.frameHeight
  }

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
      this.answerDisplayMode(false, true)
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

  /**
   * Context changes for the app (only changed keys reach it). Its `containerDimensions` keys win
   * over the measured ones, which fill in the rest instead of being dropped.
   */
  setHostContext(context: McpAppHostContext): void {
    this.userDimensions = context.containerDimensions
    this.host?.bridge.setHostContext({ ...context, containerDimensions: this.dimensions() })
  }

  /** The container's measured width (never the app's), sent with the height limits as context. */
  setContainerWidth(width: number): void {
    this.width = Math.round(width)
    this.host?.bridge.setHostContext({ containerDimensions: this.dimensions() })
  }

  /** The frame's accessible name (it changes once the app says its name). */
  setTitle(title: string): void {
    if (this.host && this.host.iframe.title !== title) this.host.iframe.title = title
  }

  /** The height to keep for the app while it is not ready: fixed, last known for its resource, or initial. */
  reservedHeight(): number {
    return this.heights.reserved()
  }

  /** The person's answer to `displayModeRequest` (`withdrawn`: it went without their answer). */
  answerDisplayMode(allow: boolean, withdrawn = false): void {
    const resolve = this.pendingRequest
    this.pendingRequest = undefined
    if (this.state.displayModeRequest) this.update({ displayModeRequest: undefined })
    resolve?.(allow, withdrawn)
  }

  /** The person stops this app's requests for the rest of the chat: the question shown is refused too. */
  stopRequests(): void {
    this.read().pacer.stop()
    this.answerDisplayMode(false)
  }

  /** The app's iframe, once built: where focus goes back to after a request the person answered inside it. */
  iframe(): HTMLIFrameElement | undefined {
    return this.host?.iframe
  }

  /** The host's own exit control: back to inline, told to the app and to `onDisplayModeChange`. */
  exitDisplayMode(): void {
    this.host?.bridge.setHostContext({ displayMode: 'inline' })
    this.update({ displayMode: 'inline' })
    this.read().handlers.onDisplayModeChange?.('inline')
  }

  // What the app is told of its room: the measured width and the height limits, unless the host's
  // own `containerDimensions` say otherwise (the spec has width or maxWidth, height or maxHeight).
  private dimensions(): NonNullable<McpAppHostContext['containerDimensions']> {
    const own = this.userDimensions ?? {}
    const width = own.width !== undefined || own.maxWidth !== undefined || this.width === undefined ? {} : { width: this.width }
    const height = own.height !== undefined || own.maxHeight !== undefined ? {} : this.heights.limits()
    return { ...width, ...height, ...own }
  }

  // The default consent: each question waits its turn with the app's pacer (a pacer refusal is the
  // app's JSON-RPC error), then is shown by the component, one at a time: a newer one withdraws the older.
  private async askDisplayMode(mode: Exclude<McpAppDisplayMode, 'inline'>, signal: AbortSignal): Promise<boolean> {
    // The view may load the question on first use; its refusal (-32603) is the app's answer.
    await this.options.questionReady?.()
    const turn = await takeTurn(this.read().pacer, 'display-mode', signal)
    this.answerDisplayMode(false, true)
    return new Promise((resolve) => {
      const onAbort = () => {
        if (this.pendingRequest === settle) this.answerDisplayMode(false, true)
      }
      const settle = (allow: boolean, withdrawn: boolean) => {
        signal.removeEventListener('abort', onAbort)
        if (withdrawn) turn.withdrawn()
        else if (allow) turn.approved()
        else turn.refused()
        resolve(allow)
      }
      if (signal.aborted) {
        turn.withdrawn()
        resolve(false)
        return
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.pendingRequest = settle
      this.update({ displayModeRequest: mode })
    })
  }

  private update(change: Partial<AppFrameState>): void {
    const next = { ...this.state, ...change }
    if ((Object.keys(next) as (keyof AppFrameState)[]).every((key) => next[key] === this.state[key])) return
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
        // Height only: the width always follows the container; FrameHeight stops a height loop.
        const next = this.heights.report(height)
        if (next !== undefined) host.iframe.style.height = `${next}px`
      },
      onDisplayModeRequest: (mode, init) => {
        const decide = this.read().handlers.onDisplayModeRequest
        return decide ? decide(mode, init) : this.askDisplayMode(mode, init.signal)
      },
      onDisplayModeChange: (mode) => {
        this.update({ displayMode: mode })
        this.read().handlers.onDisplayModeChange?.(mode)
      },
      // Escape pressed inside the app: only ever a way back to inline.
      onEscapeKey: () => {
        if (this.state.displayMode !== 'inline') this.exitDisplayMode()
      },
      onSamplingRequest: this.read().requests.onSamplingRequest,
      onDownloadFile: this.read().requests.onDownloadFile,
      onInitialized: () => {
        if (!host) return
        this.offerAppTools(host)
        const info = host.bridge.appInfo
        this.update({ appName: info?.title ?? info?.name })
      },
      onAppToolsChanged: () => host && this.offerAppTools(host),
    })
    const { content, sandbox, limits } = inputs
    this.userDimensions = inputs.hostContext.containerDimensions
    this.width = Math.round(slot.clientWidth)
    host = new FrameHost({
      resource,
      sandbox: sandbox.proxyUrl === undefined ? 'srcdoc' : { proxyUrl: sandbox.proxyUrl },
      csp: sandbox.csp,
      permissions: sandbox.permissions,
      tokens: sandboxTokens(sandbox),
      title: inputs.title,
      teardownTimeoutMs: limits.teardownTimeoutMs ?? DEFAULT_TEARDOWN_TIMEOUT_MS,
      bridge: {
        transport: { request: (request, init) => this.read().transport.request(request, init) },
        server: { serverHash: content.serverHash, serverId: content.serverId },
        hostContext: {
          ...detectHostContext(inputs.hostContext),
          containerDimensions: this.dimensions(),
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
    // Room for the app from the start: an app sized by the viewport keeps it, others report their own.
    host.iframe.style.height = `${this.heights.value}px`
    return host
  }
}
