import { useElicitationView } from './elicitation-context'

/** What the user reads about a form the page could not show: it was declined, why, and whether the server heard. */
export function CannotRenderNotice() {
  const { item, labels } = useElicitationView('CannotRenderNotice')
  if (!item) return null
  return (
    <>
      <p data-part="notice" data-notice="cannot-render" role="status">
        {labels.cannotRender}
      </p>
      {item.unrenderableReason !== undefined && <p data-part="notice-reason">{labels.cannotRenderReason(item.unrenderableReason)}</p>}
      {item.error && (
        <p data-part="send-error" role="alert">
          {labels.cannotRenderNotSent(item.error.message)}
        </p>
      )}
    </>
  )
}
