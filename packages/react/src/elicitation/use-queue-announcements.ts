import { hostServerName } from '@mcp-hitl/core/internal'
import { useEffect, useRef } from 'react'
import { checkElicitationUrl } from './check-elicitation-url'
import type { ElicitationViewValue } from './elicitation-context'

/**
 * What the root says through its live region, once per request: a request that appears (who asks,
 * what, and that Tab goes to it: it never takes focus, so it must be heard), or, when one is already
 * shown, that another arrived and how many wait now.
 */
export function useQueueAnnouncements(view: ElicitationViewValue): void {
  const { items, item, labels, announce } = view
  const seen = useRef<Set<string> | null>(null)
  const shownBefore = useRef<string | undefined>(undefined)
  useEffect(() => {
    const previous = seen.current
    const wasShown = shownBefore.current
    seen.current = new Set(items.map((it) => it.id))
    shownBefore.current = item?.id
    const arrived = items.filter((it) => !previous?.has(it.id))
    if (arrived.length === 0 || !item) return
    if (wasShown !== undefined && wasShown === item.id) {
      const last = arrived[arrived.length - 1]!
      announce(labels.queueArrived(hostServerName(last.data), items.length))
    } else if (arrived.some((it) => it.id === item.id)) {
      const { mode, url, message } = item.data
      const serverName = hostServerName(item.data)
      announce(mode === 'url' ? labels.urlAppeared(serverName, checkElicitationUrl(url ?? '').host) : labels.appeared(serverName, message))
    }
  }, [items, item, labels, announce])
}
