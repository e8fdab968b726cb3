import type { ElicitationItem } from '@mcp-hitl/core'
import { hostServerName } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent } from 'react'
import { ConsentButton } from '../shared/consent-button'
import { useElicitationView } from './elicitation-context'
import type { SendFailure } from './labels'
import { useCurrentUrlCheck } from './url-elicitation'
import { UrlStepButtons } from './url-step-buttons'

/** Props of {@link ElicitationActions}: any `<div>` prop; children go after the kit's buttons. */
export type ElicitationActionsProps = ComponentPropsWithoutRef<'div'>

/** What kind of failure an answer met, for a sentence a person understands (never "HTTP 500"). */
function sendFailure(error: NonNullable<ElicitationItem['error']>): SendFailure {
  if (error.code === 'network') return 'unreachable'
  if (error.code === 'transport' || (error.status ?? 0) >= 500) return 'server'
  return 'refused'
}

// While an answer is on its way the buttons keep focus (aria-disabled, not disabled: a disabled
// button drops focus to the page body) and ignore activation.
const whileBusy = (busy: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
  if (busy) event.preventDefault()
}

/**
 * Decline, the one exit among the buttons: the root's corner × (and Escape inside) is the Cancel.
 * It asks first when the user typed.
 */
function ExitButtons({ busy }: { busy: boolean }) {
  const { labels, leave, ids } = useElicitationView('ElicitationActions')
  const decline = (event: MouseEvent<HTMLButtonElement>) => {
    whileBusy(busy)(event)
    if (!busy) leave('decline')
  }
  return (
    <button
      type="button"
      data-action="decline"
      data-variant="secondary"
      aria-disabled={busy || undefined}
      aria-describedby={ids.exitHint}
      onClick={decline}
    >
      {labels.decline}
    </button>
  )
}

/**
 * URL mode. Before consent: Decline and the granting "Open <site>", which names where it goes.
 * After it: Copy link, Reopen <site> and "I'm done", which sets the step aside: it stays as a
 * pending row until the server confirms.
 */
function UrlActions() {
  const { item, status, labels, respond, setAside, activationDelayMs } = useElicitationView('ElicitationActions')
  const check = useCurrentUrlCheck()
  if (!item) return null
  if (status === 'waiting') {
    const done = (
      <ConsentButton data-action="done" data-variant="primary" activationDelayMs={activationDelayMs} onClick={() => setAside()}>
        {labels.urlDone}
      </ConsentButton>
    )
    if (!check.ok) return done
    return (
      <UrlStepButtons url={check.url} host={check.host} labels={labels} activationDelayMs={activationDelayMs}>
        {done}
      </UrlStepButtons>
    )
  }
  const busy = status === 'submitting'
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    whileBusy(busy)(event)
    if (!check.ok || busy) return
    // Opened from the click itself (popup blockers), in a window that cannot reach back to this page.
    window.open(check.url.href, '_blank', 'noopener,noreferrer')
    void respond({ action: 'accept' })
  }
  return (
    <>
      <ExitButtons busy={busy} />
      {check.ok && (
        <ConsentButton
          key={item.id}
          data-action="accept"
          data-variant="primary"
          activationDelayMs={activationDelayMs}
          aria-disabled={busy || undefined}
          onClick={open}
        >
          {labels.openUrl(check.host)}
        </ConsentButton>
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
        {/* Asked from inside (Escape, Decline or Cancel there): the safe answer takes focus. */}
        <button type="button" data-action="keep-editing" data-variant="primary" autoFocus onClick={() => resolveExit(false)}>
          {labels.keepEditing}
        </button>
      </div>
    </div>
  )
}

/** A failed send, in words, right above the buttons (always in view) and announced. */
function SendError() {
  const { item, status, labels, ids } = useElicitationView('ElicitationActions')
  if (status !== 'error' || !item?.error || item.fieldErrors) return null
  return (
    <p id={ids.sendError} data-part="send-error" role="alert">
      {labels.sendFailed(sendFailure(item.error))}
    </p>
  )
}

/**
 * Decline (secondary: tells the server no) and the primary Send, which names the server; the
 * root's corner × is the Cancel, in the dialog and inline alike. Decline and Cancel ask first when
 * the user typed. Send (and Open <site> in URL mode) ignores activation for a moment after it
 * appears; a failed send is said above the buttons. Close once settled or expired.
 */
export const ElicitationActions = forwardRef<HTMLDivElement, ElicitationActionsProps>(function ElicitationActions({ children, ...props }, ref) {
  const { item, status, mode, labels, ids, inDialog, dismiss, pendingExit, activationDelayMs } = useElicitationView('ElicitationActions')
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
      <SendError />
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
            {/* Submits the RJSF form by id, so the Actions part may live outside the Body part. A new
                request gets a new button: it ignores activation for a moment again. Enter in a field
                submits through this button's click, which the guard covers too. */}
            <ConsentButton
              key={item.id}
              type="submit"
              form={ids.form}
              data-action="accept"
              data-variant="primary"
              activationDelayMs={activationDelayMs}
              aria-disabled={busy || undefined}
              aria-busy={busy}
              aria-describedby={status === 'error' && item.error && !item.fieldErrors ? ids.sendError : undefined}
              onClick={whileBusy(busy)}
            >
              {busy ? labels.submitting : labels.accept(server)}
            </ConsentButton>
          </>
        )}
      </div>
      {children}
    </div>
  )
})
