/**
 * The host's own parts around an app, which the app cannot draw over or imitate from inside its
 * frame: the bar naming the app and its server while it fills the screen (with the way back), and
 * the question the person answers before it may.
 */
import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'
import { useId, useRef } from 'react'
import { ConsentButton } from '../shared/consent-button'
import type { McpAppFrameLabels, McpAppIdentity } from './labels'
import { RequestAnnouncer } from './request-announcer'
import { useRequestFocus } from './use-request-focus'

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

/** Props of {@link DisplayModeRequest}. */
export interface DisplayModeRequestProps {
  mode: Mode
  /** Who asks, its own name already isolated. */
  app: McpAppIdentity
  text: McpAppFrameLabels
  onAnswer: (allow: boolean) => void
  /** "Stop requests from <app>" and its action (the question is refused too). */
  stop: { label: string; onStop: () => void }
  activationDelayMs: number | undefined
  /** Where focus goes after the question when the place the person was in is gone (the app). */
  returnFocus: () => HTMLElement | null | undefined
}

/**
 * The app asked to leave the chat's flow: Not now or Allow, on the consent model. It lies over the
 * top of the frame (nothing moves, so no click meant for the app lands on it by a shift), takes no
 * focus, is announced, and comes right after the app in the tab order; Allow ignores activation for
 * a moment after it appears; Escape inside means Not now.
 */
export function DisplayModeRequest(props: DisplayModeRequestProps) {
  const { mode, app, text, onAnswer, stop, activationDelayMs, returnFocus } = props
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const focus = useRequestFocus({ root, keep: () => root.current?.querySelector<HTMLElement>('[data-part="deny-display-mode"]'), fallback: returnFocus })
  const question = text.confirmDisplayMode(mode, app)
  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="false"
      aria-labelledby={id}
      data-part="display-mode-request"
      // Out of the flow even without the stylesheet: the frame never moves because the app asked.
      style={{ position: 'absolute' }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.stopPropagation()
        onAnswer(false)
      }}
      {...focus}
    >
      <span id={id} data-part="display-mode-request-text">
        {question}
      </span>
      <span data-part="display-mode-request-actions">
        <button type="button" data-part="stop-requests" onClick={stop.onStop}>
          {stop.label}
        </button>
        <button type="button" data-part="deny-display-mode" onClick={() => onAnswer(false)}>
          {text.denyDisplayMode}
        </button>
        <ConsentButton data-part="allow-display-mode" data-variant="primary" activationDelayMs={activationDelayMs} onClick={() => onAnswer(true)}>
          {text.allowDisplayMode}
        </ConsentButton>
      </span>
      <RequestAnnouncer text={question} />
    </div>
  )
}
