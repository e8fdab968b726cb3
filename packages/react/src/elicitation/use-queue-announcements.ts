import type { ElicitationItem } from '@mcp-hitl/core'
import { hostServerName } from '@mcp-hitl/core/internal'
import { useEffect, useRef } from 'react'
import { checkElicitationUrl } from './check-elicitation-url'
import type { ElicitationViewValue } from './elicitation-context'
import { endedNoticeText } from './ended-notice'
import type { ElicitationLabels } from './labels'

/**
 * What the root says through its live region, once per request: a request that appears (who asks,
 * what, and that Tab goes to it: it never takes focus, so it must be heard; for one that had already
 * ended, what became of it), or, when one is already shown, that another arrived and how many wait
 * now. A URL step's pending row is not a request and says nothing.
 */
export function useQueueAnnouncements(view: ElicitationViewValue): void {
  const { items, item, labels, announce, setAsideItems } = view
  const seen = useRef<Set<string> | null>(null)
  const shownBefore = useRef<string | undefined>(undefined)
  useEffect(() => {
    const previous = seen.current
    const wasShown = shownBefore.current
    seen.current = new Set(items.map((it) => it.id))
    shownBefore.current = item?.id
    // A pending row asks nothing (its step was consented to before): it is not a new request.
    const arrived = items.filter((it) => !previous?.has(it.id) && !setAsideItems.includes(it))
    if (arrived.length === 0 || !item) return
    if (wasShown !== undefined && wasShown === item.id) {
      const last = arrived[arrived.length - 1]!
      announce(labels.queueArrived(hostServerName(last.data), items.length))
    } else if (arrived.some((it) => it.id === item.id)) announce(appearing(item, labels))
  }, [items, item, labels, announce, setAsideItems])
}

/** What a request says as it appears: who asks what, or, for one that had already ended, what became of it. */
function appearing(item: ElicitationItem, labels: ElicitationLabels): string {
  const { mode, url, message } = item.data
  const serverName = hostServerName(item.data)
  if (item.settledReason === 'ended') return labels.endedAppeared(endedNoticeText(item.data, labels))
  return mode === 'url' ? labels.urlAppeared(serverName, checkElicitationUrl(url ?? '').host) : labels.appeared(serverName, message)
}
