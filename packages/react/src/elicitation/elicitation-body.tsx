import { hostServerName } from '@mcp-hitl/core/internal'
import type { ElicitContent } from '@mcp-hitl/core'
import { type ComponentPropsWithoutRef, forwardRef, useCallback, useMemo } from 'react'
import { KitErrorBoundary } from '../shared/kit-error-boundary'
import { CannotRenderNotice } from './cannot-render-notice'
import { useElicitationView } from './elicitation-context'
import { EndedNotice } from './ended-notice'
import { LazyRjsfForm } from './lazy-rjsf-form'
import { UrlElicitation } from './url-elicitation'

/** Props of {@link ElicitationBody}: any `<div>` prop; children go after the form or URL view. */
export type ElicitationBodyProps = ComponentPropsWithoutRef<'div'>

/**
 * The Body part: the RJSF form, the URL view, or the settled / expired notice (also of a request that
 * had already ended when it reached the page). It never takes focus
 * (the person moves in with Tab or a click); a failed send is said by the Actions part, in view.
 */
export const ElicitationBody = forwardRef<HTMLDivElement, ElicitationBodyProps>(function ElicitationBody({ children, ...props }, ref) {
  const { item, status, mode, labels, ids, customisation, respond, drafts, formValues, markDirty, declineUnrenderable } =
    useElicitationView('ElicitationBody')
  const id = item?.id
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
  if (item.settledReason === 'unrenderable' || item.settledReason === 'ended') {
    return (
      <div {...props} ref={ref} data-part="body">
        {item.settledReason === 'ended' ? <EndedNotice /> : <CannotRenderNotice />}
        {children}
      </div>
    )
  }
  let notice: string | undefined
  if (status === 'expired' || item.settledReason === 'expired') notice = labels.expired
  else if (item.settledReason === 'withdrawn') notice = labels.withdrawn(hostServerName(item.data))
  else if (status === 'settled') notice = item.settledReason === 'not_found' ? labels.notFound : labels.alreadySettled
  // A form or URL view that throws (a schema or theme the page cannot show) declines the item; the
  // notice above replaces it on the next render.
  const view =
    mode === 'url' ? (
      <UrlElicitation />
    ) : (
      <LazyRjsfForm
        key={item.id}
        request={item.data}
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
      {children}
    </div>
  )
})
