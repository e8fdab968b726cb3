import type { ElicitationRequestData } from '@mcp-hitl/core'
import { hostServerName } from '@mcp-hitl/core/internal'
import { withQuoted } from '../shared/with-quoted'
import { useElicitationView } from './elicitation-context'
import type { ElicitationLabels } from './labels'

/** The notice's sentence (also what the live region says as it appears). */
export function endedNoticeText(data: ElicitationRequestData, labels: ElicitationLabels): string {
  const ended = data.status === 'withdrawn' || data.status === 'expired' ? data.status : 'failed'
  return labels.endedUnseen(ended, hostServerName(data), data.response?.action, data.mode === 'url' ? 'url' : 'form')
}

/**
 * What the person reads, in place of the form, about a request that had already ended when it
 * reached the page (declined for them, failed, withdrawn, expired): what became of it in the host's
 * words, in the polite status role like the other settled notices, and why. The reason is the
 * backend's and may name the server's fields, so it is quoted (bidi-isolated, controls shown).
 */
export function EndedNotice() {
  const { item, labels } = useElicitationView('EndedNotice')
  if (!item) return null
  const { reason } = item.data
  return (
    <>
      <p data-part="notice" data-notice="ended" role="status">
        {endedNoticeText(item.data, labels)}
      </p>
      {reason !== undefined && reason !== '' && <p data-part="notice-reason">{withQuoted(labels.recordReason, reason)}</p>}
    </>
  )
}
