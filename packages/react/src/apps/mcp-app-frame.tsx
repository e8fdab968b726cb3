import type { McpAppsFrameContent } from '@mcp-hitl/core'
import type { McpAppDownloadHandler, McpAppHostContext, McpAppTheme, McpProxyTransport } from '@mcp-hitl/core/apps'
import {
  AppFrameController,
  type AppFrameInputs,
  type AppRequestPacers,
  createDisplayModeFocus,
  defaultAppRequestPacers,
  exitDisplayModeOnEscape,
  isolateUntrusted,
  type McpAppFrameHandlers,
  type McpAppFrameLimits,
  type McpAppFrameSandbox,
  type McpAppFrameSizing,
} from '@mcp-hitl/core/internal'
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { KitErrorBoundary } from '../shared/kit-error-boundary'
import { useComposedRefs } from '../shared/use-composed-refs'
import { useLabels } from '../shared/use-labels'
import { useLatestRef } from '../shared/use-latest-ref'
import type { AppRequestLabels } from './app-request-labels'
import { AppLabel, FrameHostBar, frameServerName } from './frame-chrome'
import { DEFAULT_MCP_APP_FRAME_LABELS, type McpAppFrameLabels, type McpAppIdentity } from './labels'
import { dialogsLoaded, loadRequestDialogs, type McpAppSamplingOptions, useAppRequestDialogs } from './use-app-request-dialogs'
import { useAppResource } from './use-app-resource'

/** Props of {@link EagerMcpAppFrame}: its own, grouped by concern, plus any `<div>` prop for its root. `McpAppFrame` adds when it goes live. */
export interface McpAppFrameProps extends Omit<ComponentPropsWithoutRef<'div'>, 'content' | 'title' | 'children'> {
  /**
   * The `mcp-apps` activity content (AG-UI snapshot or `data-mcp-apps` part), from
   * `useMcpAppsActivities`: pending while the model writes the arguments (the app mounts and gets
   * them as `tool-input-partial`), then the result.
   */
  content: McpAppsFrameContent
  /** Relays the app's MCP requests (and the resource read) to its server. */
  transport: McpProxyTransport
  theme?: McpAppTheme
  /** BCP 47 locale; defaults to the browser's. */
  locale?: string
  /** More host context (styles, time zone, ...); `theme` and `locale` win over it. */
  hostContext?: McpAppHostContext
  /** Send `tool-cancelled` (with this reason when a string) instead of the result. */
  cancelled?: boolean | string
  /** Where the app runs (`srcdoc` by default, or a sandbox proxy on another origin) and what it may load and use. */
  sandbox?: McpAppFrameSandbox
  /** What the app may ask of the host: links, chat messages, model context, display mode, teardown. */
  handlers?: McpAppFrameHandlers
  /** Height (fixed, or min / max / initial) and the display modes the host offers. */
  sizing?: McpAppFrameSizing
  /** Flood, message size and teardown bounds. */
  limits?: McpAppFrameLimits
  /**
   * Answers the app's `sampling/createMessage` with the chat's model, after the person reviewed it
   * (`SamplingApprovalDialog`): `{ generate: createSamplingClient({ url }) }` for an AI SDK route,
   * `createAgUiSamplingClient(agent)` for AG-UI. Without it no sampling is advertised.
   */
  sampling?: McpAppSamplingOptions
  /**
   * The app's `ui/download-file`: `true` (default) confirms (`DownloadConfirmDialog`), then the page
   * saves the file; a function replaces both; `false` advertises no downloads.
   */
  downloads?: boolean | McpAppDownloadHandler
  /** Any label to replace (i18n): the frame's (`frameTitle`, the accessible name from the app, tool and server) and its dialogs'. */
  labels?: Partial<McpAppFrameLabels> & Partial<AppRequestLabels>
  /** What the app's asking costs: the pacing of its requests and the delay of the granting buttons. */
  consent?: McpAppConsentOptions
}

/** How the frame asks the person for what the app wants (sampling, downloads, full screen). */
export interface McpAppConsentOptions {
  /**
   * The pacers of the chat's apps (`createAppRequestPacers()`): after a refusal, the app's next
   * request of the kind waits (2 s, doubling, 60 s at most), the person can stop an app for the rest
   * of the chat, and an app holds at most 3 requests of a kind waiting. Default
   * `defaultAppRequestPacers`, shared by the page; give each chat its own.
   */
  pacers?: AppRequestPacers
  /** How long Allow, Approve, Send and Save ignore activation after they appear. Default 750 ms; 0 turns it off (tests). */
  activationDelayMs?: number
}

const NONE = {}

// Shown only once the module is loaded (the controller waits for it before asking), so it never suspends on a fetch.
const DisplayModeRequest = lazy(() => loadRequestDialogs().then((module) => ({ default: module.DisplayModeRequest })))

/**
 * One MCP App, mounted right away (`McpAppFrame` with `eager`): fetches its HTML through the
 * transport, runs it in a sandboxed iframe (no `allow-same-origin`, CSP from the resource's
 * `_meta.ui.csp`) and speaks the host side of the MCP Apps protocol. `data-status` is `loading`, `error` (with a retry button) or `ready`. The
 * ref and other props go to the root element. Whatever it throws while rendering (malformed activity
 * content, say) stays inside it: it shows `renderFailed` instead, and the host page goes on.
 */
export const EagerMcpAppFrame = forwardRef<HTMLDivElement, McpAppFrameProps>(function EagerMcpAppFrame(props, ref) {
  const text = useLabels(DEFAULT_MCP_APP_FRAME_LABELS, props.labels)
  return (
    <KitErrorBoundary
      resetKey={props.content}
      fallback={(error) => (
        <div ref={ref} data-mcp-hitl-app-frame="" data-status="error">
          <div data-part="error" role="alert">
            <span data-part="error-message">{text.renderFailed(error instanceof Error ? error.message : String(error))}</span>
          </div>
        </div>
      )}
    >
      <McpAppFrameView {...props} ref={ref} />
    </KitErrorBoundary>
  )
})

const McpAppFrameView = forwardRef<HTMLDivElement, McpAppFrameProps>(function McpAppFrameView(props, forwardedRef) {
  const {
    content,
    transport,
    theme,
    locale,
    hostContext,
    cancelled,
    sandbox,
    handlers,
    sizing,
    limits,
    labels,
    sampling,
    downloads,
    consent,
    ...rootProps
  } = props
  const text = useLabels(DEFAULT_MCP_APP_FRAME_LABELS, labels)
  // The display-mode question loads with the request dialogs, on first use; refused with -32603 if it cannot.
  const [controller] = useState(() => new AppFrameController(() => inputs.current, { questionReady: () => dialogsLoaded('display-mode') }))
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot)
  const { displayMode, error: frameError, displayModeRequest } = state
  // One name for the server everywhere the frame names it: the host's title, else what the server
  // calls itself; its id (a lookup key) only when nothing names it.
  const serverName = frameServerName(content)
  const app: McpAppIdentity = {
    appName: state.appName,
    toolName: content.toolName,
    serverName,
    resourceUri: content.resourceUri,
  }
  const title = text.frameTitle(app)
  // The host's chrome names the app by its claim only, isolated from the host's words.
  const claimed: McpAppIdentity = {
    ...app,
    appName: state.appName === undefined ? undefined : isolateUntrusted(state.appName),
    toolName: content.toolName === undefined ? undefined : isolateUntrusted(content.toolName),
  }
  const pacers = consent?.pacers ?? defaultAppRequestPacers
  const pacer = pacers.pacerFor({ serverHash: content.serverHash, serverId: content.serverId, resourceUri: content.resourceUri })
  // The dialogs portal here, right after the app, so Tab from the app reaches them next.
  const [requestsSlot, setRequestsSlot] = useState<HTMLDivElement | null>(null)
  const returnFocus = () => controller.iframe()
  // Keyed by value: an inline `hostContext` object must not resend the context on every render.
  const contextKey = JSON.stringify({ ...hostContext, ...(theme ? { theme } : {}), ...(locale ? { locale } : {}) })
  const context = useMemo(() => JSON.parse(contextKey) as McpAppHostContext, [contextKey])
  // Read only when a request arrives.
  const requests = useAppRequestDialogs({
    sampling,
    downloads,
    labels,
    requester: () => ({
      appName: controller.appName(),
      serverName,
      toolName: ((context.toolInfo as { tool?: { name?: unknown } } | undefined)?.tool?.name as string | undefined) ?? content.toolName,
    }),
    pacer: () => inputs.current.pacer,
    activationDelayMs: consent?.activationDelayMs,
    container: requestsSlot,
    returnFocus,
    openLink: (url) => (handlers?.onOpenLink ? handlers.onOpenLink(url) : window.open(url, '_blank', 'noopener,noreferrer')),
  })
  const inputs = useLatestRef<AppFrameInputs>({
    content,
    transport,
    hostContext: context,
    sandbox: sandbox ?? NONE,
    handlers: handlers ?? NONE,
    sizing: sizing ?? NONE,
    limits: limits ?? NONE,
    requests,
    pacer,
    title,
  })
  const resource = useAppResource(content, transport)
  const rootRef = useRef<HTMLDivElement>(null)
  const ref = useComposedRefs(rootRef, forwardedRef)
  const slotRef = useRef<HTMLDivElement>(null)

  const ready = resource.status === 'ready' ? resource.resource : undefined
  const proxyUrl = sandbox?.proxyUrl
  // Csp, permissions and display modes, by value: together with the resource they decide whether the frame is rebuilt.
  const policyKey = JSON.stringify([
    sandbox?.csp ?? null,
    sandbox?.permissions ?? null,
    sizing?.displayModes ?? null,
    [sandbox?.allowForms, sandbox?.allowModals, sandbox?.allowPointerLock, sandbox?.allowPopups],
  ])
  // biome-ignore lint/correctness/useExhaustiveDependencies: proxyUrl and policyKey re-attach so the controller can rebuild the frame
  useLayoutEffect(() => {
    const slot = slotRef.current
    if (!ready || !slot || !controller.attach(ready, slot)) return
    return () => controller.detach()
  }, [controller, ready, proxyUrl, policyKey])

  useEffect(() => {
    controller.setToolCall(content, cancelled)
  }, [controller, content, cancelled])

  useEffect(() => {
    controller.setHostContext(context)
  }, [controller, context])

  useEffect(() => {
    controller.setTitle(title)
  }, [controller, title])

  // The container's width (never the app's) goes to the app as context.
  const heightKey = JSON.stringify([sizing?.height, sizing?.minHeight, sizing?.maxHeight])
  // biome-ignore lint/correctness/useExhaustiveDependencies: new height limits are sent with the next width report
  useEffect(() => {
    const root = rootRef.current
    if (!root || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => controller.setContainerWidth(root.clientWidth))
    observer.observe(root)
    return () => observer.disconnect()
  }, [controller, heightKey])

  // Escape on the page leaves fullscreen / picture-in-picture; focus follows the mode (see core's display-mode-focus).
  useEffect(() => (displayMode === 'inline' ? undefined : exitDisplayModeOnEscape(document, () => controller.exitDisplayMode())), [controller, displayMode])
  const [focus] = useState(() => createDisplayModeFocus(document, () => controller.iframe()))
  useLayoutEffect(() => focus.modeChanged(displayMode), [focus, displayMode])

  const error = frameError ?? (resource.status === 'error' ? resource.error : undefined)
  const status = error ? 'error' : ready ? 'ready' : 'loading'
  return (
    <div
      {...rootProps}
      ref={ref}
      data-mcp-hitl-app-frame=""
      data-status={status}
      data-display-mode={displayMode}
      data-prefers-border={ready?.meta.prefersBorder}
    >
      {displayMode === 'inline' ? <AppLabel content={content} text={text} /> : null}
      {status === 'loading' ? (
        // At the height the app is expected to take, so the chat does not jump when it is ready.
        <div data-part="status" role="status" style={{ minHeight: controller.reservedHeight() }}>
          {text.loading}
        </div>
      ) : null}
      {error ? (
        // At the room the app was given: the reason and Retry where the app would be, nothing jumps.
        <div data-part="error" role="alert" style={{ minHeight: controller.reservedHeight() }}>
          <span data-part="error-message">{text.loadFailed(error.message)}</span>
          <button
            type="button"
            data-part="retry"
            onClick={() => {
              controller.clearError()
              resource.retry()
            }}
          >
            {text.retry}
          </button>
        </div>
      ) : null}
      {displayMode !== 'inline' ? <FrameHostBar mode={displayMode} app={claimed} text={text} onExit={() => controller.exitDisplayMode()} /> : null}
      <div ref={slotRef} data-part="slot" hidden={status !== 'ready'} />
      {/* After the app in the tab order, drawn over the top of its frame: nothing moves. */}
      {displayModeRequest && status === 'ready' ? (
        <Suspense fallback={null}>
          <DisplayModeRequest
          mode={displayModeRequest}
          app={claimed}
          text={text}
          onAnswer={(allow) => controller.answerDisplayMode(allow)}
          stop={{ label: text.stopRequests(claimed.appName), onStop: () => controller.stopRequests() }}
          activationDelayMs={consent?.activationDelayMs}
          returnFocus={returnFocus}
          />
        </Suspense>
      ) : null}
      <div ref={setRequestsSlot} data-part="requests">
        {requests.dialogs}
      </div>
    </div>
  )
})
