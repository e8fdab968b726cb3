import { hostServerName } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, useId, useState } from 'react'
import { useElicitationView } from './elicitation-context'
import { UrlPendingRow } from './url-pending-row'

/** Props of {@link ElicitationQueueIndicator}: any `<div>` prop. */
export type ElicitationQueueIndicatorProps = ComponentPropsWithoutRef<'div'>

/**
 * "2 requests waiting" while more than one request is queued: a toggle that lists them (the one shown
 * marked current); choosing one shows it, and what was typed in the others is kept. A URL step set
 * aside until its server confirms is listed as its pending row (Copy link, Reopen).
 */
export const ElicitationQueueIndicator = forwardRef<HTMLDivElement, ElicitationQueueIndicatorProps>(
  function ElicitationQueueIndicator(props, ref) {
    const { items, item, labels, select, setAsideItems, customisation, activationDelayMs } = useElicitationView('ElicitationQueueIndicator')
    const [open, setOpen] = useState(false)
    const listId = useId()
    if (items.length < 2) return null
    return (
      <div {...props} ref={ref} data-part="queue">
        <button type="button" data-action="queue-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {labels.queueWaiting(items.length)}
        </button>
        {open && (
          <ul id={listId} data-part="queue-list" aria-label={labels.queueList}>
            {items.map((queued) => (
              <li key={queued.id}>
                {setAsideItems.includes(queued) ? (
                  <UrlPendingRow
                    data={queued.data}
                    labels={labels}
                    allowLocalhost={customisation.allowLocalhost}
                    activationDelayMs={activationDelayMs}
                  />
                ) : (
                <button
                  type="button"
                  data-action="queue-select"
                  aria-current={queued.id === item?.id ? 'true' : undefined}
                  onClick={() => {
                    setOpen(false)
                    select(queued.id)
                  }}
                >
                  {labels.queueItem(hostServerName(queued.data), queued.data.message)}
                </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    )
  },
)
