import { hostServerName } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useElicitationView } from './elicitation-context'
import { useCurrentUrlCheck } from './url-elicitation'

/** Props of {@link ElicitationActions}: any `<div>` prop; children go after the kit's buttons. */
export type ElicitationActionsProps = ComponentPropsWithoutRef<'div'>

/** Decline, and inline also Cancel (in the dialog the corner button and Esc cancel); both ask first when the user typed. */
function ExitButtons({ busy }: { busy: boolean }) {
  const { labels, leave, inDialog, ids } = useElicitationView('ElicitationActions')
  return (
    <>
      {!inDialog && (
        <button type="button" data-action="cancel" data-variant="secondary" disabled={busy} aria-describedby={ids.exitHint} onClick={() => leave('cancel')}>
          {labels.cancel}
        </button>
      )}
      <button type="button" data-action="decline" data-variant="secondary" disabled={busy} aria-describedby={ids.exitHint} onClick={() => leave('decline')}>
        {labels.decline}
      </button>
    </>
  )
}

function UrlActions() {
  const { status, labels, respond, dismiss, inDialog } = useElicitationView('ElicitationActions')
  const check = useCurrentUrlCheck()
  if (status === 'waiting') {
    return (
      <>
        {!inDialog && (
          <button type="button" data-action="cancel" data-variant="secondary" onClick={() => dismiss()}>
            {labels.cancel}
          </button>
        )}
        <button type="button" data-action="done" data-variant="primary" onClick={() => dismiss()}>
          {labels.urlDone}
        </button>
      </>
    )
  }
  const busy = status === 'submitting'
  const open = () => {
    if (!check.ok || busy) return
    // Opened from the click itself (popup blockers), in a window that cannot reach back to this page.
    window.open(check.url.href, '_blank', 'noopener,noreferrer')
    void respond({ action: 'accept' })
  }
  return (
    <>
      <ExitButtons busy={busy} />
      {check.ok && (
        <button type="button" data-action="accept" data-variant="primary" disabled={busy} onClick={open}>
          {labels.openUrl}
        </button>
      )}
    </>
  )
}

/** Asks before typed input is thrown away: Keep editing (focused) or discard and send the exit. */
function ConfirmDiscard() {
  const { item, pendingExit, labels, ids, resolveExit } = useElicitationView('ElicitationActions')
  if (!pendingExit || !item) return null
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with its answers, not form controls: a fieldset would join the form
    <div role="group" data-part="confirm-discard" aria-labelledby={`${ids.confirm}-title`} aria-describedby={`${ids.confirm}-description`}>
      <p id={`${ids.confirm}-title`} data-part="confirm-title">
        {labels.discardTitle(pendingExit.action)}
      </p>
      <p id={`${ids.confirm}-description`} data-part="confirm-description">
        {labels.discardDescription(hostServerName(item.data))}
      </p>
      <div data-part="confirm-actions">
        <button type="button" data-action="discard" data-variant="danger" onClick={() => resolveExit(true)}>
          {labels.discardConfirm(pendingExit.action)}
        </button>
        {/* The question was just asked: the safe answer takes focus. */}
        <button type="button" data-action="keep-editing" data-variant="primary" autoFocus onClick={() => resolveExit(false)}>
          {labels.keepEditing}
        </button>
      </div>
    </div>
  )
}

/**
 * Decline (secondary: tells the server no) and the primary Send, which names the server; inline
 * also Cancel (in the dialog the corner button and Esc are the Cancel). Decline and Cancel ask first
 * when the user typed. Close once settled or expired.
 */
export const ElicitationActions = forwardRef<HTMLDivElement, ElicitationActionsProps>(function ElicitationActions({ children, ...props }, ref) {
  const { item, status, mode, labels, ids, inDialog, dismiss, pendingExit } = useElicitationView('ElicitationActions')
  if (!item) return null
  if (status === 'settled' || status === 'expired') {
    return (
      <div {...props} ref={ref} data-part="actions">
        <button type="button" data-action="close" data-variant="primary" onClick={() => dismiss()}>
          {labels.close}
        </button>
        {children}
      </div>
    )
  }
  if (pendingExit) {
    return (
      <div {...props} ref={ref} data-part="actions" data-confirming="">
        <ConfirmDiscard />
        {children}
      </div>
    )
  }
  const busy = status === 'submitting'
  const server = hostServerName(item.data)
  return (
    <div {...props} ref={ref} data-part="actions">
      {status !== 'waiting' && (
        <p id={ids.exitHint} data-part="exit-hint">
          {labels.exitHint(server, inDialog)}
        </p>
      )}
      <div data-part="buttons">
        {mode === 'url' ? (
          <UrlActions />
        ) : (
          <>
            <ExitButtons busy={busy} />
            {/* Submits the RJSF form by id, so the Actions part may live outside the Body part. */}
            <button type="submit" form={ids.form} data-action="accept" data-variant="primary" disabled={busy} aria-busy={busy}>
              {busy ? labels.submitting : labels.accept(server)}
            </button>
          </>
        )}
      </div>
      {children}
    </div>
  )
})
