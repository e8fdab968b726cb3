import { hostServerName } from '@mcp-hitl/core/internal'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import type { CSSProperties } from 'react'
import { elicitationForm } from './elicitation-form-loader'
import type { ElicitationRjsfFormProps } from './elicitation-rjsf-form'
import { useLazyModule } from './lazy-module'

/** Props of {@link LazyRjsfForm}: the form's, plus the request (who asks, for the failure notice). */
export interface LazyRjsfFormProps extends ElicitationRjsfFormProps {
  request: ElicitationRequestData
}

/**
 * The RJSF form, through its loader: rendered in the first render when the module is at hand (a warm
 * page), else a loading notice in the form's place until it arrives. The notice reserves about the
 * room the form's fields will take, so the buttons below move as little as can be when it comes, and
 * takes no focus. A module that cannot be fetched answers nothing: the person reads why, and that the
 * request still waits, and can try again.
 */
export function LazyRjsfForm({ request, ...props }: LazyRjsfFormProps) {
  const { module, failed, retry } = useLazyModule(elicitationForm, true)
  if (module) return <module.ElicitationRjsfForm {...props} />
  const { labels } = props
  const fields = Object.keys(props.requestedSchema.properties).length
  // Room for the fields to come, in the form's own rhythm (see styles.css).
  const reserved = { '--mcp-hitl-form-fields': Math.max(1, fields) } as CSSProperties
  if (failed) {
    return (
      <div data-part="form-placeholder" data-state="failed" style={reserved}>
        <p role="alert">{labels.formLoadFailed(hostServerName(request))}</p>
        <button
          type="button"
          data-action="retry-form"
          onClick={retry}
        >
          {labels.formRetry}
        </button>
      </div>
    )
  }
  return (
    <div data-part="form-placeholder" data-state="loading" style={reserved}>
      <p role="status">{labels.formLoading}</p>
    </div>
  )
}
