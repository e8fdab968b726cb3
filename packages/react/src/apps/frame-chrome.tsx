/**
 * The host's own chrome around an app, which the app cannot draw over or imitate from inside its
 * frame: the label above it inline (which app, which server), and the bar that names them while it
 * fills the screen, with the way back.
 */
import type { McpAppsFrameContent } from '@mcp-hitl/core'
import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'
import { isolateUntrusted } from '@mcp-hitl/core/internal'
import type { McpAppFrameLabels, McpAppIdentity } from './labels'

/** One name for the server everywhere the frame names it: the host's title, else what the server calls itself; its id only when nothing names it. */
export function frameServerName(content: McpAppsFrameContent): string | undefined {
  return content.serverTitle || content.serverName || content.serverId
}

/**
 * Above an inline app, in every state (placeholder, loading, error, ready: it never makes the frame
 * jump): the tool that shows it and the server, as the host knows them, never what the app says it is.
 */
export function AppLabel({ content, text }: { content: McpAppsFrameContent; text: McpAppFrameLabels }) {
  // Malformed content is the frame's to report (in its own box); the label only names what it can.
  if (typeof content !== 'object' || content === null || typeof content.resourceUri !== 'string') return null
  const app: McpAppIdentity = {
    toolName: content.toolName === undefined ? undefined : isolateUntrusted(content.toolName),
    serverName: frameServerName(content),
    resourceUri: content.resourceUri,
  }
  return <div data-part="app-label">{text.appLabel(app)}</div>
}

type Mode = Exclude<McpAppDisplayMode, 'inline'>

/** Above an app in full screen or picture-in-picture: who it is and the exit. */
export function FrameHostBar(props: { mode: Mode; app: McpAppIdentity; text: McpAppFrameLabels; onExit: () => void }) {
  const { mode, app, text, onExit } = props
  return (
    <div data-part="host-bar">
      <span data-part="host-bar-title">{text.hostBar(app)}</span>
      <button type="button" data-part="exit-display-mode" onClick={onExit}>
        {text.exitDisplayMode(mode)}
      </button>
    </div>
  )
}
