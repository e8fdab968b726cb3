import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useElicitationView } from './elicitation-context'
import { UrlPendingRow } from './url-pending-row'

/** Props of {@link UrlPendingRows}: any `<section>` prop. */
export type UrlPendingRowsProps = ComponentPropsWithoutRef<'section'>

/**
 * The URL steps this Root set aside ("I'm done") that their servers have not confirmed: one
 * {@link UrlPendingRow} each, in a labelled region that takes no focus and covers nothing the
 * person was using (the dialog places it where it was).
 */
export const UrlPendingRows = forwardRef<HTMLElement, UrlPendingRowsProps>(function UrlPendingRows(props, ref) {
  const { setAsideItems, labels, customisation, activationDelayMs } = useElicitationView('UrlPendingRows')
  if (setAsideItems.length === 0) return null
  return (
    <section {...props} ref={ref} data-part="url-pending-list" aria-label={labels.urlPendingList}>
      {setAsideItems.map((aside) => (
        <UrlPendingRow
          key={aside.id}
          data={aside.data}
          labels={labels}
          allowLocalhost={customisation.allowLocalhost}
          activationDelayMs={activationDelayMs}
        />
      ))}
    </section>
  )
})
