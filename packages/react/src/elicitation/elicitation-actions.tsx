import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useElicitationView } from './elicitation-context'
import { useCurrentUrlCheck } from './url-elicitation'

/** Props of {@link ElicitationActions}: any `<div>` prop; children go after the kit's buttons. */
export type ElicitationActionsProps = ComponentPropsWithoutRef<'div'>

function UrlActions() {
  const { status, labels, respond, dismiss } = useElicitationView('ElicitationActions')
  const check = useCurrentUrlCheck()
  if (status === 'waiting') {
    return (
      <>
        <button type="button" data-action="done" onClick={() => dismiss()}>
          {labels.urlDone}
        </button>
        <button type="button" data-action="cancel" onClick={() => dismiss()}>
          {labels.cancel}
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
      {check.ok && (
        <button type="button" data-action="accept" disabled={busy} onClick={open}>
          {labels.openUrl}
        </button>
      )}
      <button type="button" data-action="decline" disabled={busy} onClick={() => void respond({ action: 'decline' })}>
        {labels.decline}
      </button>
      <button type="button" data-action="cancel" disabled={busy} onClick={() => void respond({ action: 'cancel' })}>
        {labels.cancel}
      </button>
    </>
  )
}

/** Accept / Decline / Cancel (Decline is the explicit refusal; Cancel dismisses); Close once settled. */
export const ElicitationActions = forwardRef<HTMLDivElement, ElicitationActionsProps>(function ElicitationActions({ children, ...props }, ref) {
  const { item, status, mode, labels, ids, respond, dismiss } = useElicitationView('ElicitationActions')
  if (!item) return null
  if (status === 'settled' || status === 'expired') {
    return (
      <div {...props} ref={ref} data-part="actions">
        <button type="button" data-action="close" onClick={() => dismiss()}>
          {labels.close}
        </button>
        {children}
      </div>
    )
  }
  const busy = status === 'submitting'
  return (
    <div {...props} ref={ref} data-part="actions">
      {mode === 'url' ? (
        <UrlActions />
      ) : (
        <>
          {/* Submits the RJSF form by id, so the Actions part may live outside the Body part. */}
          <button type="submit" form={ids.form} data-action="accept" disabled={busy} aria-busy={busy}>
            {busy ? labels.submitting : labels.accept}
          </button>
          <button type="button" data-action="decline" disabled={busy} onClick={() => void respond({ action: 'decline' })}>
            {labels.decline}
          </button>
          <button type="button" data-action="cancel" disabled={busy} onClick={() => void respond({ action: 'cancel' })}>
            {labels.cancel}
          </button>
        </>
      )}
      {children}
    </div>
  )
})
