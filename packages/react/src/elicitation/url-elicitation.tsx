import { hostServerName } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, useMemo } from 'react'
import { checkElicitationUrl } from './check-elicitation-url'
import { useElicitationView } from './elicitation-context'

/** Splits a URL so the host can be highlighted inside the full address. */
function urlParts(url: URL): { before: string; host: string; after: string } {
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''
  const before = `${url.protocol}//${userinfo}`
  return { before, host: url.host, after: url.href.slice(before.length + url.host.length) }
}

/** The URL check of the current item (shared by the view and the Open button). */
export function useCurrentUrlCheck() {
  const { item, customisation } = useElicitationView('UrlElicitation')
  const url = item?.data.url ?? ''
  const allowLocalhost = customisation.allowLocalhost
  return useMemo(() => checkElicitationUrl(url, { allowLocalhost }), [url, allowLocalhost])
}

/** Props of {@link UrlElicitation}: any `<div>` prop. */
export type UrlElicitationProps = ComponentPropsWithoutRef<'div'>

/**
 * URL mode: what opening the page means, the host prominently and the full address with the host
 * highlighted; warnings for punycode, mixed scripts and user info; a refusal with the reason for
 * anything but https. The address is text, never a link: it opens only through "Open <site>".
 */
export const UrlElicitation = forwardRef<HTMLDivElement, UrlElicitationProps>(function UrlElicitation({ children, ...props }, ref) {
  const { item, labels, status } = useElicitationView('UrlElicitation')
  const check = useCurrentUrlCheck()
  if (!item) return null
  const parts = check.ok ? urlParts(check.url) : undefined
  return (
    // Focusable (not in the tab order) so the dialog can start on the address rather than the Open button.
    <div tabIndex={-1} {...props} ref={ref} data-part="url" data-allowed={check.ok ? 'true' : 'false'}>
      <p data-part="url-intro">
        {status === 'waiting' ? labels.urlWaiting(hostServerName(item.data), check.host) : labels.urlIntro(hostServerName(item.data))}
      </p>
      <dl data-part="url-details">
        <dt>{labels.urlHost}</dt>
        <dd data-part="url-host">{check.ok ? check.host : (check.host ?? '—')}</dd>
        <dt>{labels.urlFull}</dt>
        <dd data-part="url-full">
          {parts ? (
            <>
              {parts.before}
              <mark data-part="url-host-mark">{parts.host}</mark>
              {parts.after}
            </>
          ) : (
            item.data.url
          )}
        </dd>
      </dl>
      {check.warnings.length > 0 && (
        <ul data-part="url-warnings">
          {check.warnings.map((warning) => (
            <li key={warning} data-warning={warning}>
              {labels.urlWarning(warning)}
            </li>
          ))}
        </ul>
      )}
      {!check.ok && (
        <p data-part="url-refused" role="alert">
          {labels.urlRefused(check.reason)}
        </p>
      )}
      {children}
    </div>
  )
})
