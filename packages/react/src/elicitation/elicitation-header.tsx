import { type ElicitationIdentity, readElicitationIdentity } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, useLayoutEffect, useMemo } from 'react'
import { withQuoted } from '../shared/with-quoted'
import { UntrustedText } from '../shared/untrusted-text'
import { useElicitationView } from './elicitation-context'
import type { ElicitationLabels } from './labels'
import { ElicitationQueueIndicator } from './elicitation-queue-indicator'
import { ElicitationTimeLeft } from './elicitation-time-left'

/** Props of {@link ElicitationHeader}: any `<div>` prop; children go after the message (an icon, a link to server settings). */
export type ElicitationHeaderProps = ComponentPropsWithoutRef<'div'>

/**
 * The host's framing (a title naming the asking server by the host's name for it, the queue, time
 * left, a trust note) and, apart from it, what comes from elsewhere, each marked as such: what the
 * server calls itself ("The server calls itself “Acme Chat”"), the app and tool call that raised the
 * request with a few of its arguments, and the server's own words quoted under its identity (a
 * figure captioned "Acme wrote", with the server's icon), so a server cannot pass its text, name or
 * icon off as the host's. Quoted names are bidi-isolated with their control characters shown. Server
 * text is plain text (React escapes it; no HTML, no markdown), line breaks kept by CSS. The trust
 * note shows only while the user can answer.
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
  // Checked and bounded again here, whatever built the part; the icon only https or data:, in an <img> (no script) without referrer.
  const identity = useMemo(() => readElicitationIdentity(item?.data), [item?.data])
  if (!item) return null
  const server = identity.hostName
  const icon = identity.icon
  const answerable = status === 'pending' || status === 'error' || status === 'submitting'
  return (
    <div {...props} ref={ref} data-part="header">
      <div data-part="header-row">
        <h2 id={ids.title} data-part="title">
          {labels.title(server)}
        </h2>
        <ElicitationQueueIndicator />
      </div>
      {(identity.claimedName !== undefined || identity.raisedBy) && <ElicitationOrigin identity={identity} labels={labels} />}
      <figure data-part="server-quote" aria-labelledby={`${ids.title}-by`}>
        <figcaption id={`${ids.title}-by`} data-part="server-identity">
          {/* The server's own icon goes with its own words, never beside the host's title. Its box is the
              badge's, whatever the image's size or a host's img rules: the caption keeps its line. */}
          {icon ? (
            <span data-part="server-icon-box">
              <img data-part="server-icon" src={icon} alt="" width={20} height={20} referrerPolicy="no-referrer" decoding="async" />
            </span>
          ) : (
            <span data-part="server-badge" aria-hidden="true">
              {(server ?? identity.claimedName ?? '?').trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
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

/**
 * Where the request comes from, beyond the host's name: the server's claim about itself, the app and
 * the tool call that raised it, each a host sentence around the server's (or caller's) quoted words.
 */
function ElicitationOrigin({ identity, labels }: { identity: ElicitationIdentity; labels: ElicitationLabels }) {
  const { claimedName, raisedBy } = identity
  const app = raisedBy?.app
  const tool = raisedBy?.toolTitle ?? raisedBy?.toolName
  return (
    <div data-part="origin">
      {claimedName !== undefined && <p data-part="server-claim">{withQuoted(labels.serverClaim, claimedName)}</p>}
      {app && <p data-part="raised-by-app">{withQuoted(labels.raisedByApp, app.title ?? app.resourceUri)}</p>}
      {raisedBy && tool !== undefined && (
        <div data-part="raised-by-tool">
          <p>{withQuoted(labels.raisedByTool, tool, raisedBy.toolTitle !== undefined ? raisedBy.toolName : undefined)}</p>
          {raisedBy.arguments && raisedBy.arguments.length > 0 && (
            <dl data-part="tool-arguments" aria-label={labels.toolArguments}>
              {raisedBy.arguments.map((argument, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the call's arguments, in their order; names may repeat once cut short
                <div key={i} data-part="tool-argument">
                  <dt>
                    <UntrustedText text={argument.name} singleLine data-part="argument-name" />
                  </dt>
                  <dd>{argument.hidden ? <span data-part="argument-hidden">{labels.argumentHidden}</span> : <UntrustedText text={argument.value ?? ''} singleLine data-part="argument-value" />}</dd>
                </div>
              ))}
            </dl>
          )}
          {raisedBy.moreArguments !== undefined && raisedBy.moreArguments > 0 && <p data-part="more-arguments">{labels.moreArguments(raisedBy.moreArguments)}</p>}
        </div>
      )}
    </div>
  )
}
