import type { ElicitationRequestData } from '@mcp-hitl/core'
import { hostServerName } from '@mcp-hitl/core/internal'
import { type CSSProperties, useId } from 'react'
import { createPortal } from 'react-dom'
import { DEFAULT_PLACEHOLDER_LABELS, type ElicitationPlaceholderLabels } from './placeholder-labels'

/** Props of {@link ElicitationPlaceholder}. */
export interface ElicitationPlaceholderProps {
  request: ElicitationRequestData
  /** In the transcript (a section) rather than over the page (a non-modal dialog). */
  inline: boolean
  labels: Partial<ElicitationPlaceholderLabels> | undefined
  /** The view could not be fetched: say so, offer to try again. */
  failed: boolean
  onRetry: () => void
  /** The dialog's portal target (default `document.body`). */
  container?: HTMLElement | null
}

/**
 * Where the request will show while the view loads on a cold page: who asks and that it loads, in
 * the dialog's (or inline form's) place and about its size, so nothing jumps when the view replaces
 * it. It takes no focus and answers nothing; when the view cannot be fetched the person reads why,
 * that the request still waits, and can try again.
 */
export function ElicitationPlaceholder({ request, inline, labels, failed, onRetry, container }: ElicitationPlaceholderProps) {
  const text = { ...DEFAULT_PLACEHOLDER_LABELS, ...labels }
  const server = hostServerName(request)
  const titleId = useId()
  const fields = request.mode === 'url' ? 1 : Object.keys(request.requestedSchema?.properties ?? {}).length
  const reserved = { '--mcp-hitl-form-fields': Math.max(1, fields) } as CSSProperties
  const content = (
    <>
      <p data-part="title" id={titleId}>
        {text.needsInput(server)}
      </p>
      {failed ? (
        <>
          <p role="alert">{text.formLoadFailed(server)}</p>
          <div data-part="buttons">
            <button type="button" data-action="retry-form" onClick={onRetry}>
              {text.formRetry}
            </button>
          </div>
        </>
      ) : (
        <p role="status">{text.formLoading}</p>
      )}
    </>
  )
  const state = failed ? 'failed' : 'loading'
  if (inline) {
    return (
      <section data-mcp-hitl-root="" data-part="placeholder" data-state={state} aria-labelledby={titleId} style={reserved}>
        {content}
      </section>
    )
  }
  if (typeof document === 'undefined') return null
  return createPortal(
    <div data-mcp-hitl-root="" data-part="placeholder" data-state={state} role="dialog" aria-labelledby={titleId} style={reserved}>
      {content}
    </div>,
    container ?? document.body,
  )
}
