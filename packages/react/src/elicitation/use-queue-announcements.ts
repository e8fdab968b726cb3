import { hostServerName } from '@mcp-hitl/core/internal'
import { useEffect, useRef } from 'react'
import type { ElicitationViewValue } from './elicitation-context'

/**
 * What the root says through its live region: a request that arrives while another is shown (with
 * how many wait now); inline, also the form that appears (it does not take focus, so it is heard).
 */
export function useQueueAnnouncements(view: ElicitationViewValue): void {
  const { items, item, labels, announce, inDialog } = view
  const seen = useRef<Set<string> | null>(null)
  useEffect(() => {
    const previous = seen.current
    seen.current = new Set(items.map((it) => it.id))
    const arrived = items.filter((it) => !previous?.has(it.id))
    if (arrived.length === 0) return
    const last = arrived[arrived.length - 1]!
    if (previous && previous.size > 0 && items.length > 1) announce(labels.queueArrived(hostServerName(last.data), items.length))
    else if (!inDialog && item) announce(labels.appeared(hostServerName(item.data), item.data.message))
  }, [items, item, labels, announce, inDialog])
}
