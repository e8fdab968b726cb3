import {
  descriptionId,
  errorId,
  type FieldErrorProps,
  type FieldTemplateProps,
  type RJSFSchema,
  type TemplatesType,
} from '@rjsf/utils'
import { useLayoutEffect, useRef } from 'react'
import type { ElicitationLabels } from './labels'
import { describesLimit, limitHintOf } from './limit-hint'

// biome-ignore lint/suspicious/noExplicitAny: RJSF's own generics default to any for form data.
type AnyData = any

/** What the kit's templates read from RJSF's `formContext`. */
export interface KitFormContext {
  labels: ElicitationLabels
}

/**
 * One field: its label (the required mark beside it, hidden from assistive tech: it is not part of the name; the control's `required` says it), the
 * server's description and the field's limits as hints (once, when the server says the same), the
 * widget, its errors. The control is marked `aria-invalid` while the field has errors; a required
 * radio group is marked required (a radio group carries no `required` of its own).
 */
function KitFieldTemplate(props: FieldTemplateProps<AnyData, RJSFSchema, KitFormContext>) {
  const { id, label, children, errors, help, hidden, required, displayLabel, schema, uiSchema, rawDescription, rawErrors, registry, classNames, style } = props
  const ref = useRef<HTMLDivElement>(null)
  const invalid = (rawErrors?.length ?? 0) > 0
  const isObject = schema.type === 'object'
  // What this field's control carries now: a fresh field carries neither mark, so it needs no lookup.
  const marked = useRef({ invalid: false, required: false })
  useLayoutEffect(() => {
    const root = ref.current
    if (!root || isObject) return
    if (!invalid && !required && !marked.current.invalid && !marked.current.required) return
    marked.current = { invalid, required: required === true }
    const group = root.querySelector('[role="radiogroup"], [role="group"]')
    const controls = group ? [group] : [...root.querySelectorAll('input, select, textarea')]
    for (const control of controls) {
      if (invalid) control.setAttribute('aria-invalid', 'true')
      else control.removeAttribute('aria-invalid')
    }
    if (group?.getAttribute('role') === 'radiogroup') {
      if (required) group.setAttribute('aria-required', 'true')
      else group.removeAttribute('aria-required')
    }
    // Only when the field's state changes: RJSF leaves attributes it does not own alone between renders.
  }, [invalid, required, isObject])
  if (hidden) return <div hidden>{children}</div>
  if (isObject) {
    return (
      <div data-part="fields" className={classNames} style={style}>
        {children}
        {errors}
      </div>
    )
  }
  const labels = registry.formContext?.labels
  // The widget as RJSF picks it (`ui:widget` wins over `ui:options.widget`), without building every option per field.
  const widget = uiSchema?.['ui:widget'] ?? (uiSchema?.['ui:options'] as { widget?: unknown } | undefined)?.widget
  const isCheckbox = schema.type === 'boolean' || widget === 'checkbox'
  const limit = limitHintOf(schema as Record<string, unknown>)
  const hint = limit && labels ? labels.limitHint(limit) : undefined
  const description = typeof rawDescription === 'string' && rawDescription.trim() ? rawDescription : undefined
  // Once: not when the server's description says the same, or already states the limit's numbers.
  const showHint = hint !== undefined && hint !== description && !(limit && describesLimit(description, limit))
  return (
    <div ref={ref} data-part="field" data-invalid={invalid ? '' : undefined} className={classNames} style={style}>
      {/* The row only holds a label and its mark: without a mark, the label alone (every node costs the mount its layout). */}
      {displayLabel &&
        !isCheckbox &&
        (required ? (
          <div data-part="label-row">
            <label htmlFor={id} data-part="label">
              {label}
            </label>
            <span data-part="required" aria-hidden="true">
              *
            </span>
          </div>
        ) : (
          <label htmlFor={id} data-part="label">
            {label}
          </label>
        ))}
      {/* A checkbox renders its own description beside its box. A hint alone is the description element itself. */}
      {!isCheckbox && description && (
        <div id={descriptionId(id)} data-part="description">
          {description}
          {showHint && ' '}
          {showHint && <span data-part="hint">{hint}</span>}
        </div>
      )}
      {!isCheckbox && !description && showHint && (
        <div id={descriptionId(id)} data-part="hint">
          {hint}
        </div>
      )}
      {children}
      {errors}
      {help}
    </div>
  )
}

/** A field's errors, each with an icon (not only red text), under the id its control points at. */
function KitFieldErrorTemplate(props: FieldErrorProps<AnyData, RJSFSchema>) {
  const list = (props.errors ?? []).filter(Boolean)
  if (list.length === 0) return null
  return (
    <div id={errorId(props.fieldPathId)} data-part="field-error">
      {list.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a field's messages have no identity but their place.
        <p key={index}>{error}</p>
      ))}
    </div>
  )
}

/** The kit's field templates; a theme's or the app's own take precedence. */
export const KIT_TEMPLATES: Partial<TemplatesType<AnyData, RJSFSchema, KitFormContext>> = {
  FieldTemplate: KitFieldTemplate,
  FieldErrorTemplate: KitFieldErrorTemplate,
}
