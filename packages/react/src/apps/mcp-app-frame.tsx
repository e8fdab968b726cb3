import { McpHitlError, type McpAppsActivityContent, type McpUiResourcePermissions } from '@mcp-hitl/core'
import {
  type CspHostPolicy,
  detectHostContext,
  type McpAppDisplayMode,
  type McpAppHostContext,
  type McpAppHostHandlers,
  type McpAppMessageParams,
  type McpAppModelContext,
  type McpAppTheme,
  type McpProxyTransport,
  type RateLimit,
} from '@mcp-hitl/core/apps'
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { FrameHost, type McpAppSandbox } from './frame-host'
import { useAppResource } from './use-app-resource'

/** Props of {@link McpAppFrame}. */
export interface McpAppFrameProps {
  /** The `mcp-apps` activity content (AG-UI snapshot or `data-mcp-apps` part). */
  content: McpAppsActivityContent
  /** Relays the app's MCP requests (and the resource read) to its server. */
  transport: McpProxyTransport
  theme?: McpAppTheme
  /** BCP 47 locale; defaults to the browser's. */
  locale?: string
  /** More host context (styles, time zone, ...); `theme` and `locale` win over it. */
  hostContext?: McpAppHostContext
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
  /** Display modes the host offers; the app may use only those it also declares. Default `['inline']`. */
  displayModes?: McpAppDisplayMode[]
  /** Largest height the app may take, in pixels. Default 800. */
  maxHeight?: number
  /** Browser permissions the host is willing to grant when the resource asks for them. Default none. */
  permissions?: McpUiResourcePermissions
  /** Host limits on the domains the resource may declare. */
  csp?: CspHostPolicy
  /** `'srcdoc'` (default) or a sandbox proxy on another origin (`{ proxyUrl }`). */
  sandbox?: McpAppSandbox
  /** Accessible name of the iframe. Default: `MCP App <resourceUri>`. */
  title?: string
  className?: string
  style?: CSSProperties
  /** Send `tool-cancelled` (with this reason when a string) instead of the result. */
  cancelled?: boolean | string
  /** Wait for the app's teardown answer at most this long, in ms. Default 500. */
  teardownTimeoutMs?: number
  /** Flood limit for messages from the app. */
  rateLimit?: RateLimit
  /** Largest message accepted from the app, in bytes (estimated). Default 1 MiB. */
  maxMessageBytes?: number
}

const DEFAULT_MAX_HEIGHT = 800

/**
 * Renders one MCP App: fetches its HTML through the transport, runs it in a sandboxed iframe
 * (no `allow-same-origin`, CSP from the resource's `_meta.ui.csp`) and speaks the host side of
 * the MCP Apps protocol. `data-status` is `loading`, `error` (with a retry button) or `ready`.
 */
export function McpAppFrame(props: McpAppFrameProps) {
  const { content, transport, theme, locale, hostContext, displayModes, maxHeight = DEFAULT_MAX_HEIGHT } = props
  // Callbacks and the transport are read through a ref: new inline functions never rebuild the frame.
  const latest = useRef(props)
  latest.current = props
  const resource = useAppResource(content, transport)
  const rootRef = useRef<HTMLDivElement>(null)
  const slotRef = useRef<HTMLDivElement>(null)
  const hostRef = useRef<{ frame: FrameHost; key: unknown[] } | undefined>(undefined)
  const [host, setHost] = useState<FrameHost | undefined>()
  const [frameError, setFrameError] = useState<Error | undefined>()
  const [displayMode, setDisplayMode] = useState<McpAppDisplayMode>('inline')

  const sandboxKey = typeof props.sandbox === 'object' ? props.sandbox.proxyUrl : 'srcdoc'
  const policyKey = JSON.stringify([props.csp ?? null, props.permissions ?? null, displayModes ?? null])
  // Keyed by value: an inline `hostContext` object must not resend the context on every render.
  const contextKey = JSON.stringify({ ...hostContext, ...(theme ? { theme } : {}), ...(locale ? { locale } : {}) })
  const context = useMemo(() => JSON.parse(contextKey) as McpAppHostContext, [contextKey])
  const contextRef = useRef(context)
  contextRef.current = context

  const ready = resource.status === 'ready' ? resource.resource : undefined
  // `policyKey` stands for csp, permissions and display modes, by value.
  useLayoutEffect(() => {
    const slot = slotRef.current
    if (!ready || !slot) return
    const key = [ready, sandboxKey, policyKey]
    const previous = hostRef.current
    // StrictMode's simulated remount attaches the same frame again: one handshake, no replay.
    let frame = previous && previous.frame.bridge.state !== 'closed' && key.every((k, i) => k === previous.key[i]) ? previous.frame : undefined
    if (!frame) {
      const p = latest.current
      let self: FrameHost | undefined
      // The latest props carry the app-facing callbacks under the bridge's own handler names.
      const handlers = (): McpAppHostHandlers => ({
        ...latest.current,
        onSizeChange: ({ height }) => {
          if (height === undefined || !self) return
          // Height only: the width always follows the container, so the app cannot start a resize loop.
          const capped = Math.max(0, Math.min(Math.ceil(height), latest.current.maxHeight ?? DEFAULT_MAX_HEIGHT))
          self.iframe.style.height = `${capped}px`
        },
        onDisplayModeChange: (mode) => {
          setDisplayMode(mode)
          latest.current.onDisplayModeChange?.(mode)
        },
      })
      try {
        frame = new FrameHost({
          resource: ready,
          sandbox: p.sandbox ?? 'srcdoc',
          csp: p.csp,
          permissions: p.permissions,
          title: p.title ?? `MCP App ${p.content.resourceUri}`,
          teardownTimeoutMs: p.teardownTimeoutMs ?? 500,
          bridge: {
            transport: { request: (request, init) => latest.current.transport.request(request, init) },
            server: { serverHash: p.content.serverHash, serverId: p.content.serverId },
            toolInput: p.content.toolInput ?? {},
            hostContext: {
              ...detectHostContext(contextRef.current),
              containerDimensions: { width: Math.round(slot.clientWidth), maxHeight: p.maxHeight ?? DEFAULT_MAX_HEIGHT },
            },
            displayModes: p.displayModes,
            handlers,
            rateLimit: p.rateLimit,
            maxMessageBytes: p.maxMessageBytes,
          },
          onDocumentLeft: () =>
            setFrameError(new McpHitlError('the app left its page (it navigated or reloaded itself), so it was closed', { code: 'protocol' })),
        })
      } catch (error) {
        setFrameError(error instanceof Error ? error : new Error(String(error)))
        return
      }
      self = frame
      hostRef.current = { frame, key }
      setHost(frame)
      setFrameError(undefined)
    }
    frame.attach(slot)
    const attached = frame
    return () => attached.detach()
  }, [ready, sandboxKey, policyKey])

  // The outcome of the tool: result, or cancellation. Sent once by the bridge, after the input.
  useEffect(() => {
    if (!host) return
    if (props.cancelled) host.bridge.setToolCancelled(typeof props.cancelled === 'string' ? props.cancelled : undefined)
    else host.bridge.setToolResult(content.result)
  }, [host, content.result, props.cancelled])

  useEffect(() => {
    host?.bridge.setHostContext(context)
  }, [host, context])

  // The container's width (never the app's) goes to the app as context.
  useEffect(() => {
    const root = rootRef.current
    if (!host || !root || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      host.bridge.setHostContext({ containerDimensions: { width: Math.round(root.clientWidth), maxHeight } })
    })
    observer.observe(root)
    return () => observer.disconnect()
  }, [host, maxHeight])

  const exitMode = () => {
    host?.bridge.setHostContext({ displayMode: 'inline' })
    setDisplayMode('inline')
    latest.current.onDisplayModeChange?.('inline')
  }
  const exitRef = useRef(exitMode)
  exitRef.current = exitMode
  // Escape leaves fullscreen / picture-in-picture, as the host's own control.
  useEffect(() => {
    if (displayMode === 'inline') return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && exitRef.current()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [displayMode])

  const error = frameError ?? (resource.status === 'error' ? resource.error : undefined)
  const status = error ? 'error' : ready ? 'ready' : 'loading'
  return (
    <div
      ref={rootRef}
      data-mcp-hitl-app-frame=""
      data-status={status}
      data-display-mode={displayMode}
      data-prefers-border={ready?.meta.prefersBorder}
      className={props.className}
      style={props.style}
    >
      {status === 'loading' ? (
        <div data-part="status" role="status">
          Loading app…
        </div>
      ) : null}
      {error ? (
        <div data-part="error" role="alert">
          <span data-part="error-message">Could not load the app: {error.message}</span>
          <button
            type="button"
            data-part="retry"
            onClick={() => {
              setFrameError(undefined)
              resource.retry()
            }}
          >
            Retry
          </button>
        </div>
      ) : null}
      {displayMode !== 'inline' ? (
        <button type="button" data-part="exit-display-mode" onClick={exitMode}>
          Exit {displayMode === 'pip' ? 'picture-in-picture' : 'full screen'}
        </button>
      ) : null}
      <div ref={slotRef} data-part="slot" hidden={status !== 'ready'} />
    </div>
  )
}
