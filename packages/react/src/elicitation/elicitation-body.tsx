import type { ElicitContent, ElicitationItem } from '@mcp-hitl/core'
import { type ComponentPropsWithoutRef, forwardRef, useCallback, useEffect, useMemo, useRef } from 'react'
import { KitErrorBoundary } from '../shared/kit-error-boundary'
import { useComposedRefs } from '../shared/use-composed-refs'
import { CannotRenderNotice } from './cannot-render-notice'
import { useDeferredFocus } from './deferred-focus'
import { useElicitationView } from './elicitation-context'
import { ElicitationRjsfForm } from './elicitation-rjsf-form'
import type { SendFailure } from './labels'
import { UrlElicitation } from './url-elicitation'

/** Props of {@link ElicitationBody}: any `<div>` prop; children go after the form or URL view. */
export interface ElicitationBodyProps extends ComponentPropsWithoutRef<'div'> {
  /** Focus the first field when an item appears (default: true in the dialog, false inline). */
  autoFocus?: boolean
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])'

/** What kind of failure an answer met, for a sentence a person understands (never "HTTP 500"). */
function sendFailure(error: NonNullable<ElicitationItem['error']>): SendFailure {
  if (error.code === 'network') return 'unreachable'
  if (error.code === 'transport' || (error.status ?? 0) >= 500) return 'server'
  return 'refused'
}

/** The Body part: the RJSF form, the URL view, or the settled / expired notice, plus send errors. */
export const ElicitationBody = forwardRef<HTMLDivElement, ElicitationBodyProps>(function ElicitationBody(
  { autoFocus, children, ...props },
  forwardedRef,
) {
  const { item, status, mode, labels, ids, customisation, respond, inDialog, drafts, formValues, markDirty, declineUnrenderable } =
    useElicitationView('ElicitationBody')
  const ownRef = useRef<HTMLDivElement>(null)
  const ref = useComposedRefs(ownRef, forwardedRef)
  const focus = autoFocus ?? inDialog
  const id = item?.id
  const deferred = useDeferredFocus()
  useEffect(() => {
    if (!focus || !id) return
    // Each queued item gets a fresh form: put the user in its first field (or first button).
    const body = ownRef.current
    const scope = body?.closest('[data-mcp-hitl-root]') ?? body
    // URL mode: the address to read first, not the Open button (a stray Enter must not open it).
    const url = body?.querySelector<HTMLElement>('[data-part="url"]')
    const target = url ?? body?.querySelector<HTMLElement>(FOCUSABLE) ?? scope?.querySelector<HTMLElement>(FOCUSABLE)
    // The dialog focuses it after Radix's own mount effects (one layout, not two).
    if (!target || deferred?.take(target)) return
    // preventScroll: the first field is at the top already; scrolling would force an extra layout.
    target.focus({ preventScroll: true })
  }, [focus, id, deferred])
  // What was typed into this item in this view before (the user looked at another queued one): read
  // once per item, as the form reads it only when it mounts; a new value on every render would
  // render the whole form again for nothing.
  const typed = useMemo(() => (id ? formValues.get(id) : undefined), [id, formValues])
  const onDraft = useCallback((data: unknown) => id && formValues.set(id, data), [id, formValues])
  const onTyped = useCallback(() => id && markDirty(id), [id, markDirty])
  const onAccept = useCallback((content: ElicitContent) => void respond({ action: 'accept', content }), [respond])
  const schema = item?.data.requestedSchema
  // Read once per item: what was typed before a remount or a reload (never a sensitive field).
  const draft = useMemo(() => (drafts && id && schema ? drafts.load(id, schema) : undefined), [drafts, id, schema])
  const onValuesChange = useCallback(
    (values: ElicitContent) => {
      if (drafts && id && schema) drafts.save(id, schema, values)
    },
    [drafts, id, schema],
  )
  if (!item) return null
  if (item.settledReason === 'unrenderable') {
    return (
      <div {...props} ref={ref} data-part="body">
        <CannotRenderNotice />
        {children}
      </div>
    )
  }
  let notice: string | undefined
  if (status === 'expired' || item.settledReason === 'expired') notice = labels.expired
  else if (item.settledReason === 'withdrawn') notice = labels.withdrawn(item.data.serverName)
  else if (status === 'settled') notice = item.settledReason === 'not_found' ? labels.notFound : labels.alreadySettled
  // A form or URL view that throws (a schema or theme the page cannot show) declines the item; the
  // notice above replaces it on the next render.
  const view =
    mode === 'url' ? (
      <UrlElicitation />
    ) : (
      <ElicitationRjsfForm
        key={item.id}
        requestedSchema={item.data.requestedSchema}
        formId={ids.form}
        fieldPrefix={ids.fieldPrefix}
        disabled={status === 'submitting'}
        serverErrors={item.fieldErrors}
        customisation={customisation}
        labels={labels}
        draft={typed}
        onDraft={onDraft}
        onTyped={onTyped}
        onAccept={onAccept}
        initialValues={draft}
        onValuesChange={onValuesChange}
      />
    )
  return (
    <div {...props} ref={ref} data-part="body">
      {notice ? (
        <p data-part="notice" role="status">
          {notice}
        </p>
      ) : (
        <KitErrorBoundary resetKey={item.id} onError={declineUnrenderable} fallback={() => null}>
          {view}
        </KitErrorBoundary>
      )}
      {status === 'error' && item.error && !item.fieldErrors && (
        <p data-part="send-error" role="alert">
          {labels.sendFailed(sendFailure(item.error))}
        </p>
      )}
      {children}
    </div>
  )
})
