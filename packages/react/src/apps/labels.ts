import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'

/** Who an app is, as the host knows it: what the labels name it by. */
export interface McpAppIdentity {
  /**
   * The app's own name (`appInfo.title` or `.name` from its handshake); unknown until it connects.
   * In the display-mode question and the host bar it is its claim, already isolated
   * (`isolateUntrusted`): draw quotes around it.
   */
  appName?: string | undefined
  /** The tool whose call shows the app. */
  toolName?: string | undefined
  /** The server that serves the app (its name as the host knows it, else its id). */
  serverName?: string | undefined
  /** The app's `ui://` resource. */
  resourceUri: string
}

/** Every text `McpAppFrame` shows, so an app can translate or reword each one. */
export interface McpAppFrameLabels {
  /** Accessible name of the iframe (and of the frame's region). */
  frameTitle: (app: McpAppIdentity) => string
  /** While the app's HTML loads. */
  loading: string
  /** The app could not be loaded (the message says why). */
  loadFailed: (message: string) => string
  retry: string
  /** The frame itself failed while rendering (malformed content from the server); the message says why. */
  renderFailed: (message: string) => string
  /**
   * The host's label above an inline app: the tool that shows it (else its resource) and the server
   * that serves it, as the host knows them; never the app's own claim about itself.
   */
  appLabel: (app: McpAppIdentity) => string
  /** The host's bar above an app in full screen or picture-in-picture: names the server, and the app by its claim. */
  hostBar: (app: McpAppIdentity) => string
  /** The host's button that leaves full screen or picture-in-picture. */
  exitDisplayMode: (mode: Exclude<McpAppDisplayMode, 'inline'>) => string
  /** The app asks to leave the chat's flow (full screen, picture-in-picture): the person decides. The host's words, then the app's claim. */
  confirmDisplayMode: (mode: Exclude<McpAppDisplayMode, 'inline'>, app: McpAppIdentity) => string
  allowDisplayMode: string
  denyDisplayMode: string
  /** The person stops this app's requests of every kind for the rest of the chat (the app's own name, isolated, when it gave one). */
  stopRequests: (appName: string | undefined) => string
  /** `McpAppFrame`, lazy: the placeholder's button that brings an evicted app back. */
  showApp: string
}

// "Weather (show_weather) from weather-server"; the URI only when nothing names the app.
function describe(app: McpAppIdentity): string {
  const name = app.appName ?? app.toolName ?? app.resourceUri
  const tool = app.appName && app.toolName ? ` (${app.toolName})` : ''
  return `${name}${tool}${app.serverName ? ` from ${app.serverName}` : ''}`
}

const modeName = (mode: Exclude<McpAppDisplayMode, 'inline'>) => (mode === 'pip' ? 'picture-in-picture' : 'full screen')

// The host's words for the app: the server (and tool) it knows; the app's own name only as its claim.
const hostNamed = (app: McpAppIdentity) => `${app.serverName ? ` from ${app.serverName}` : ''}${app.toolName ? ` (shown for ${app.toolName})` : ''}`
const claim = (app: McpAppIdentity) => (app.appName ? `calls itself “${app.appName}”` : '')

/** "Stop requests from “<app>”": the frame's question and the request dialogs say it alike. */
export const stopRequestsLabel = (appName: string | undefined): string =>
  appName ? `Stop requests from “${appName}”` : 'Stop requests from this app'

/** English defaults. */
export const DEFAULT_MCP_APP_FRAME_LABELS: McpAppFrameLabels = {
  frameTitle: (app) => `App: ${describe(app)}`,
  loading: 'Loading app…',
  loadFailed: (message) => `Could not load the app: ${message}`,
  retry: 'Retry',
  renderFailed: (message) => `This app could not be shown: ${message}`,
  appLabel: (app) => `App ${app.toolName ?? app.resourceUri}${app.serverName ? ` from ${app.serverName}` : ''}`,
  hostBar: (app) => `App${hostNamed(app)}${app.appName ? `, ${claim(app)}` : ''}`,
  exitDisplayMode: (mode) => (mode === 'pip' ? 'Exit picture-in-picture' : 'Exit full screen'),
  confirmDisplayMode: (mode, app) => `An app${hostNamed(app)} asks to open in ${modeName(mode)}.${app.appName ? ` It ${claim(app)}.` : ''}`,
  allowDisplayMode: 'Allow',
  denyDisplayMode: 'Not now',
  stopRequests: stopRequestsLabel,
  showApp: 'Show app',
}
