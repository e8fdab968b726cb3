import { hostServerName } from '@mcp-hitl/core/internal'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { type ComponentPropsWithoutRef, forwardRef, useMemo } from 'react'
import { checkElicitationUrl } from './check-elicitation-url'
import type { ElicitationLabels } from './labels'
import { UrlStepButtons } from './url-step-buttons'

/** Props of {@link UrlPendingRow}: the step's data, the labels, and any `<div>` prop. */
export interface UrlPendingRowProps extends ComponentPropsWithoutRef<'div'> {
  /** A URL-mode request the person consented to, whose server has not confirmed yet. */
  data: ElicitationRequestData
  labels: ElicitationLabels
  /** Also reopen `http://localhost` pages (development only). */
  allowLocalhost?: boolean
  /** How long Reopen ignores activation after it appears (ms); default 750, 0 turns it off. */
  activationDelayMs?: number
}

/**
 * A URL step waiting for its server to confirm: who waits for what, then Copy link and Reopen (the
 * address checked again). It stays until the server's part says the step ended, so a person who
 * said "I'm done" too early, or reloaded, can always get back to the page.
 */
export const UrlPendingRow = forwardRef<HTMLDivElement, UrlPendingRowProps>(function UrlPendingRow(
  { data, labels, allowLocalhost, activationDelayMs, ...props },
  ref,
) {
  const check = useMemo(() => checkElicitationUrl(data.url ?? '', { allowLocalhost }), [data.url, allowLocalhost])
  return (
    <div {...props} ref={ref} data-part="url-pending">
      <p data-part="url-pending-text">{labels.urlWaiting(hostServerName(data), check.host)}</p>
      {check.ok && <UrlStepButtons url={check.url} host={check.host} labels={labels} activationDelayMs={activationDelayMs} />}
    </div>
  )
})
