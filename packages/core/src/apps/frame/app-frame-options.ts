/**
 * What an app frame is given and what it shows: the option groups of `McpAppFrame` (sandbox,
 * handlers, sizing, limits), the inputs the controller reads on every build and callback, and the
 * state a view renders from it.
 */
import type { McpAppsFrameContent } from '../pending-app-content'
import type { RequestPacer } from '../../consent/request-pacer'
import type { CspHostPolicy } from '../csp'
import type { McpAppDownloadHandler } from '../download-file'
import type { McpAppDisplayMode, McpAppHostContext } from '../host-context'
import type { McpAppHostHandlers, McpAppMessageParams, McpAppModelContext } from '../host-bridge'
import type { RateLimit } from '../message-guard'
import type { McpUiResourcePermissions } from '../protocol'
import type { McpAppSamplingHandler } from '../sampling'
import type { McpAppToolset } from '../app-tool-registry'
import type { McpProxyTransport } from '../transports/types'
import type { McpAppFrameHeightOptions } from './frame-height'

/** Where the app runs and what it may load and use. */
export interface McpAppFrameSandbox {
  /** Run the app behind the spec's sandbox proxy served from another origin (a double iframe) instead of a `srcdoc` iframe. */
  proxyUrl?: string
  /** Host limits on the domains the resource may declare. */
  csp?: CspHostPolicy
  /** Browser permissions the host is willing to grant when the resource asks for them. Default none. */
  permissions?: McpUiResourcePermissions
  /**
   * `allow-forms`: a `<form>` fires `submit` for the app's script (the app's CSP keeps
   * `form-action 'none'`, so a submission still never navigates). Default false.
   */
  allowForms?: boolean
  /** `allow-modals`: `alert`, `confirm`, `prompt`, `print` (browser dialogs whose text the app writes). Default false. */
  allowModals?: boolean
  /** `allow-pointer-lock`: games and 3D views (the browser shows its notice; Escape releases it). Default false. */
  allowPointerLock?: boolean
  /** `allow-popups`: `window.open` and `target="_blank"` open sandboxed windows (without it, links go through `onOpenLink`). Default false. */
  allowPopups?: boolean
}

/** What the app may ask of the host; read on every message, so inline functions never rebuild the frame. */
export interface McpAppFrameHandlers {
  /** An `http(s):` link the app wants opened; return `false` to refuse. Default: a new window, `noopener,noreferrer`. */
  onOpenLink?: (url: string) => boolean | undefined | Promise<boolean | undefined>
  /**
   * The app asks to add a message to the chat as the person's: give it `createAppMessageReview().onMessage(...)`,
   * which puts it in front of the person (the composer, marked as the app's) and never sends it by
   * itself. One waits at a time; resolve once the chat took it, throw when the person did not send it.
   */
  onMessage?: (message: McpAppMessageParams, init?: { signal: AbortSignal }) => unknown
  /** The app replaces its context for the model's next turn. */
  onUpdateModelContext?: (context: McpAppModelContext) => unknown
  /** The display mode changed (by the app's request or the host's exit button). */
  onDisplayModeChange?: (mode: McpAppDisplayMode) => void
  /**
   * Whether the app may leave inline (full screen, picture-in-picture): resolve `false` to refuse.
   * Default: the frame asks the person (`labels.confirmDisplayMode`, Not now / Allow), each question
   * waiting its turn with the app's pacer, so an app never fills the screen unasked and cannot ask
   * in a loop; `() => true` opts out of asking. `signal` aborts when the app gives up or the frame closes.
   */
  onDisplayModeRequest?: (
    mode: Exclude<McpAppDisplayMode, 'inline'>,
    init: { signal: AbortSignal },
  ) => boolean | undefined | Promise<boolean | undefined>
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

/** How much room the app gets: `height` (fixed), `minHeight`, `maxHeight` (default 800), `initialHeight` (default 320). */
export interface McpAppFrameSizing extends McpAppFrameHeightOptions {
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
  /** The app's pacer: its display-mode questions wait their turn with it. */
  pacer: RequestPacer
  /** Accessible name of the iframe. */
  title: string
}

/** What the component renders from the controller. */
export interface AppFrameState {
  /** The display mode the host shows the app in. */
  displayMode: McpAppDisplayMode
  /** The frame could not be built (a misconfigured sandbox) or its app left its document. */
  error: Error | undefined
  /** The app's own name, from its handshake. */
  appName: string | undefined
  /** A display mode the app asked for and the person has not answered yet (see `answerDisplayMode`). */
  displayModeRequest: Exclude<McpAppDisplayMode, 'inline'> | undefined
}
