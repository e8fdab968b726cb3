import { isSafeServerIconSrc } from '@mcp-hitl/core'
import { type ComponentPropsWithoutRef, forwardRef, useLayoutEffect } from 'react'
import { useElicitationView } from './elicitation-context'
import { ElicitationQueueIndicator } from './elicitation-queue-indicator'
import { ElicitationTimeLeft } from './elicitation-time-left'

/** Props of {@link ElicitationHeader}: any `<div>` prop; children go after the message (an icon, a link to server settings). */
export type ElicitationHeaderProps = ComponentPropsWithoutRef<'div'>

/**
 * The host's framing (a title naming the asking server, the queue, time left, a trust note) and,
 * apart from it, the server's own words quoted under its identity (a figure captioned "Acme wrote"),
 * so a server cannot pass its text off as the host's. Server text is plain text (React escapes it;
 * no HTML, no markdown), line breaks kept by CSS. The trust note shows only while the user can answer.
 */
export const ElicitationHeader = forwardRef<HTMLDivElement, ElicitationHeaderProps>(function ElicitationHeader({ children, ...props }, ref) {
  const { item, labels, ids, status, setDescribed } = useElicitationView('ElicitationHeader')
  const present = item !== undefined
  // A composed Root learns here that the message exists (the ready-made ones know from the start,
  // so this changes nothing for them).
  useLayoutEffect(() => {
    if (!present) return
    setDescribed(true)
    return () => setDescribed(false)
  }, [present, setDescribed])
  if (!item) return null
  const server = item.data.serverName
  // Checked again here, whatever built the part: only https or data: images, in an <img> (no script) without referrer.
  const icon = isSafeServerIconSrc(item.data.serverIcon) ? item.data.serverIcon : undefined
  const answerable = status === 'pending' || status === 'error' || status === 'submitting'
  return (
    <div {...props} ref={ref} data-part="header">
      <div data-part="header-row">
        {icon && <img data-part="server-icon" src={icon} alt="" width={24} height={24} referrerPolicy="no-referrer" decoding="async" />}
        <h2 id={ids.title} data-part="title">
          {labels.title(server)}
        </h2>
        <ElicitationQueueIndicator />
      </div>
      <figure data-part="server-quote" aria-labelledby={`${ids.title}-by`}>
        <figcaption id={`${ids.title}-by`} data-part="server-identity">
          <span data-part="server-badge" aria-hidden="true">
            {(server ?? '?').trim().charAt(0).toUpperCase() || '?'}
          </span>
          {labels.serverWrote(server)}
        </figcaption>
        <blockquote data-part="message-quote">
          <p id={ids.description} data-part="message">
            {item.data.message}
          </p>
        </blockquote>
      </figure>
      {/* The meta row lays the trust note out beside the time left; without an expiry the note stands alone (one node fewer to mount). */}
      {item.data.expiresAt === undefined ? (
        answerable && <p data-part="trust-note">{labels.trustNote(server)}</p>
      ) : (
        <div data-part="header-meta">
          {answerable && <p data-part="trust-note">{labels.trustNote(server)}</p>}
          <ElicitationTimeLeft />
        </div>
      )}
      {children}
    </div>
  )
})
