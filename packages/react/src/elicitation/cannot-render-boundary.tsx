import { hostServerName } from '@mcp-hitl/core/internal'
import { type ReactNode, useLayoutEffect } from 'react'
import { KitErrorBoundary } from '../shared/kit-error-boundary'
import { CannotRenderNotice } from './cannot-render-notice'
import { useElicitationView } from './elicitation-context'

/** What a Root shows once one of its parts threw: the title, the cannot-render notice and Close. */
function CannotRenderParts() {
  const { item, labels, ids, dismiss, setDescribed } = useElicitationView('ElicitationDialog.Root')
  // The message is not shown here: the Root must not point at it.
  useLayoutEffect(() => setDescribed(false), [setDescribed])
  if (!item) return null
  return (
    <>
      <div data-part="header">
        <h2 id={ids.title} data-part="title">
          {labels.title(hostServerName(item.data))}
        </h2>
      </div>
      <div data-part="body">
        <CannotRenderNotice />
      </div>
      <div data-part="actions">
        <button type="button" data-action="close" onClick={() => dismiss()}>
          {labels.close}
        </button>
      </div>
    </>
  )
}

/**
 * Wraps a Root's parts: if any of them throws (a custom part, a theme, a schema the form cannot
 * show), the item is declined and the Root shows why, while the host page goes on.
 */
export function CannotRenderBoundary({ children }: { children?: ReactNode }) {
  const { item, declineUnrenderable } = useElicitationView('ElicitationDialog.Root')
  return (
    <KitErrorBoundary
      resetKey={item?.id}
      onError={declineUnrenderable}
      fallback={() => (
        // Even the notice must not take the page down (a label function that throws).
        <KitErrorBoundary fallback={() => null}>
          <CannotRenderParts />
        </KitErrorBoundary>
      )}
    >
      {children}
    </KitErrorBoundary>
  )
}
