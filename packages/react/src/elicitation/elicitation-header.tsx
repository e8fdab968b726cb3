import { isSafeServerIconSrc } from '@mcp-hitl/core'
import { Description, Title } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useElicitationView } from './elicitation-context'
import { ElicitationQueueIndicator } from './elicitation-queue-indicator'
import { ElicitationTimeLeft } from './elicitation-time-left'

/** Props of {@link ElicitationHeader}: any `<div>` prop; children go after the message (an icon, a link to server settings). */
export type ElicitationHeaderProps = ComponentPropsWithoutRef<'div'>

/**
 * Title naming the asking server, trust note, queue position, time left and the server's message.
 * Server text is rendered as plain text (React escapes it; no HTML, no markdown), line breaks kept by CSS.
 */
export const ElicitationHeader = forwardRef<HTMLDivElement, ElicitationHeaderProps>(function ElicitationHeader({ children, ...props }, ref) {
  const { item, labels, ids, inDialog } = useElicitationView('ElicitationHeader')
  if (!item) return null
  const server = item.data.serverName
  // Checked again here, whatever built the part: only https or data: images, in an <img> (no script) without referrer.
  const icon = isSafeServerIconSrc(item.data.serverIcon) ? item.data.serverIcon : undefined
  const TitleTag = inDialog ? Title : 'h2'
  const MessageTag = inDialog ? Description : 'p'
  return (
    <div {...props} ref={ref} data-part="header">
      <div data-part="header-row">
        {icon && <img data-part="server-icon" src={icon} alt="" width={24} height={24} referrerPolicy="no-referrer" decoding="async" />}
        <TitleTag id={ids.title} data-part="title">
          {labels.title(server)}
        </TitleTag>
        <ElicitationQueueIndicator />
      </div>
      <p data-part="trust-note">{labels.trustNote(server)}</p>
      <MessageTag id={ids.description} data-part="message">
        {item.data.message}
      </MessageTag>
      <ElicitationTimeLeft />
      {children}
    </div>
  )
})
