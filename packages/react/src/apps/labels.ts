import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'

/** Every text `McpAppFrame` and `LazyMcpAppFrame` show, so an app can translate or reword each one. */
export interface McpAppFrameLabels {
  /** Accessible name of the iframe. */
  frameTitle: (resourceUri: string) => string
  /** While the app's HTML loads. */
  loading: string
  /** The app could not be loaded (the message says why). */
  loadFailed: (message: string) => string
  retry: string
  /** The frame itself failed while rendering (malformed content from the server); the message says why. */
  renderFailed: (message: string) => string
  /** The host's button that leaves full screen or picture-in-picture. */
  exitDisplayMode: (mode: Exclude<McpAppDisplayMode, 'inline'>) => string
  /** `LazyMcpAppFrame`: the placeholder's button that brings an evicted app back. */
  showApp: string
}

/** English defaults. */
export const DEFAULT_MCP_APP_FRAME_LABELS: McpAppFrameLabels = {
  frameTitle: (resourceUri) => `MCP App ${resourceUri}`,
  loading: 'Loading app…',
  loadFailed: (message) => `Could not load the app: ${message}`,
  retry: 'Retry',
  renderFailed: (message) => `This app could not be shown: ${message}`,
  exitDisplayMode: (mode) => (mode === 'pip' ? 'Exit picture-in-picture' : 'Exit full screen'),
  showApp: 'Show app',
}
