import { isSafeServerIconSrc } from '@mcp-hitl/core'
import { Description, Title } from '@radix-ui/react-dialog'
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
  const { item, labels, ids, inDialog, status, setDescribed } = useElicitationView('ElicitationHeader')
  const present = item !== undefined
  // Inline only: in the dialog Radix tracks its Description itself (and a second render of the root
  // on every mount would cost the dialog's first paint).
  useLayoutEffect(() => {
    if (!present || inDialog) return
    setDescribed(true)
    return () => setDescribed(false)
  }, [present, inDialog, setDescribed])
  if (!item) return null
  const server = item.data.serverName
  // Checked again here, whatever built the part: only https or data: images, in an <img> (no script) without referrer.
  const icon = isSafeServerIconSrc(item.data.serverIcon) ? item.data.serverIcon : undefined
  const TitleTag = inDialog ? Title : 'h2'
  const MessageTag = inDialog ? Description : 'p'
  const answerable = status === 'pending' || status === 'error' || status === 'submitting'
  return (
    <div {...props} ref={ref} data-part="header">
      <div data-part="header-row">
        {icon && <img data-part="server-icon" src={icon} alt="" width={24} height={24} referrerPolicy="no-referrer" decoding="async" />}
        <TitleTag id={ids.title} data-part="title">
          {labels.title(server)}
        </TitleTag>
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
          {/* In the dialog Radix's Description owns the id (no key at all: an undefined one would erase it), so the dialog points at it only while it exists. */}
          <MessageTag {...(inDialog ? {} : { id: ids.description })} data-part="message">
            {item.data.message}
          </MessageTag>
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
