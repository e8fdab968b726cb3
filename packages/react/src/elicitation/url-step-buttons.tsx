import { forwardRef, type ReactNode, useState } from 'react'
import { ConsentButton } from '../shared/consent-button'
import type { ElicitationLabels } from './labels'

/** Props of {@link UrlStepButtons}. */
export interface UrlStepButtonsProps {
  /** The checked address (only an address the URL check allowed reaches here). */
  url: URL
  /** The host, as the URL check shows it. */
  host: string
  labels: ElicitationLabels
  /** How long Reopen ignores activation after it appears (ms); default 750, 0 turns it off. */
  activationDelayMs?: number
  /** After the two buttons (the dialog's "I'm done"). */
  children?: ReactNode
}

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copy link and Reopen <site> for a URL step the person already consented to: Reopen opens the
 * same address from the click, where the page cannot reach back; Copy link says it copied only
 * once the clipboard took it, and shows the address to copy by hand when it refused.
 */
export const UrlStepButtons = forwardRef<HTMLDivElement, UrlStepButtonsProps>(function UrlStepButtons(
  { url, host, labels, activationDelayMs, children },
  ref,
) {
  const [copy, setCopy] = useState<CopyState>('idle')
  const copyLink = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) return setCopy('failed')
    clipboard.writeText(url.href).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }
  return (
    <div ref={ref} data-part="url-step-buttons">
      <button type="button" data-action="copy-link" data-variant="secondary" onClick={copyLink}>
        {labels.urlCopy}
      </button>
      <ConsentButton
        data-action="reopen"
        data-variant="secondary"
        activationDelayMs={activationDelayMs}
        onClick={() => window.open(url.href, '_blank', 'noopener,noreferrer')}
      >
        {labels.urlReopen(host)}
      </ConsentButton>
      {children}
      {/* Always in the page, so what it says later is read. */}
      <p data-part="copy-status" role="status">
        {copy === 'copied' && labels.urlCopied}
        {copy === 'failed' && (
          <>
            {labels.urlCopyFailed} <span data-part="copy-fallback">{url.href}</span>
          </>
        )}
      </p>
    </div>
  )
})
