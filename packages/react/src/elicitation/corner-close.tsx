import type { ElicitationViewValue } from './elicitation-context'

/** The corner button's cross, drawn so the button's only name is its label. */
function Cross() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      <path d="M4 4l8 8M12 4l-8 8" />
    </svg>
  )
}

/**
 * What closing the request means in its state (the corner button and Escape inside, in the dialog
 * and inline alike): keep editing while a discard is asked, set a URL step aside while its server
 * confirms, dismiss once it ended, otherwise `cancel` (the spec's "dismissed without a choice").
 */
export function closeRequest(view: ElicitationViewValue): void {
  const { pendingExit, status } = view
  if (pendingExit) view.resolveExit(false)
  else if (status === 'submitting') return
  else if (status === 'waiting') view.setAside()
  else if (status === 'settled' || status === 'expired') view.dismiss()
  else view.leave('cancel')
}

/**
 * The corner ×: the request's Cancel (Close once it ended), so Decline is the one exit among the
 * buttons. Described by the exit hint, which names it as it is drawn. `cancelOnly`: absent once the
 * request cannot be cancelled (inline, where the ended form's own Close or "I'm done" is the way on).
 */
export function CornerClose({ view, cancelOnly = false }: { view: ElicitationViewValue; cancelOnly?: boolean }) {
  const { status, labels, ids, pendingExit } = view
  const cancels = status !== 'settled' && status !== 'expired' && status !== 'waiting'
  if (cancelOnly && !cancels) return null
  return (
    <button
      type="button"
      data-action="close-x"
      aria-label={cancels ? labels.cancel : labels.close}
      aria-describedby={cancels && !pendingExit ? ids.exitHint : undefined}
      aria-disabled={status === 'submitting' || undefined}
      onClick={() => closeRequest(view)}
    >
      <Cross />
    </button>
  )
}
