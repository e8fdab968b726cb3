/**
 * The question the person answers before an app may leave the chat's flow (full screen,
 * picture-in-picture). It loads with the request dialogs, on an app's first such request.
 */
import type { McpAppDisplayMode } from '@mcp-hitl/core/apps'
import { useId, useRef } from 'react'
import { ConsentButton } from '../shared/consent-button'
import type { McpAppFrameLabels, McpAppIdentity } from './labels'
import { RequestAnnouncer } from './request-announcer'
import { useRequestFocus } from './use-request-focus'

type Mode = Exclude<McpAppDisplayMode, 'inline'>

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
