/**
 * The host's own parts around an app, which the app cannot draw over or imitate from inside its
 * frame: the bar naming the app and its server while it fills the screen (with the way back), and
 * the question the person answers before it may.
 */
import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'
import { useEffect, useId, useRef } from 'react'
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

/** The app asked to leave the chat's flow: Allow or Not now, focused so the keyboard reaches it first. */
export function DisplayModeRequest(props: { mode: Mode; app: McpAppIdentity; text: McpAppFrameLabels; onAnswer: (allow: boolean) => void }) {
  const { mode, app, text, onAnswer } = props
  const id = useId()
  const denyRef = useRef<HTMLButtonElement>(null)
  useEffect(() => denyRef.current?.focus(), [])
  return (
    // A labelled section: focus lands on its "Not now", and the screen reader names the question first.
    <section data-part="display-mode-request" aria-labelledby={id}>
      <span id={id} data-part="display-mode-request-text">
        {text.confirmDisplayMode(mode, app)}
      </span>
      <button type="button" data-part="allow-display-mode" onClick={() => onAnswer(true)}>
        {text.allowDisplayMode}
      </button>
      <button type="button" data-part="deny-display-mode" ref={denyRef} onClick={() => onAnswer(false)}>
        {text.denyDisplayMode}
      </button>
    </section>
  )
}
