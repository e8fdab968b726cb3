import { useElicitationView } from './elicitation-context'

/** "1 of 3" while more than one request is queued. */
export function ElicitationQueueIndicator({ className }: { className?: string }) {
  const { position, total, labels } = useElicitationView()
  if (total < 2) return null
  return (
    <span data-part="queue" className={className}>
      {labels.queuePosition(position, total)}
    </span>
  )
}
