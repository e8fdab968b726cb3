/**
 * The host's own bar around an app, which the app cannot draw over or imitate from inside its
 * frame: it names the app and its server while it fills the screen, with the way back.
 */
import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'
import type { McpAppFrameLabels, McpAppIdentity } from './labels'

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
