import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useElicitationView } from './elicitation-context'

/** Props of {@link ElicitationQueueIndicator}: any `<span>` prop. */
export type ElicitationQueueIndicatorProps = ComponentPropsWithoutRef<'span'>

/** "1 of 3" while more than one request is queued. */
export const ElicitationQueueIndicator = forwardRef<HTMLSpanElement, ElicitationQueueIndicatorProps>(
  function ElicitationQueueIndicator(props, ref) {
    const { position, total, labels } = useElicitationView('ElicitationQueueIndicator')
    if (total < 2) return null
    return (
      <span {...props} ref={ref} data-part="queue">
        {labels.queuePosition(position, total)}
      </span>
    )
  },
)
