import { type ElicitContent, type FieldError, type RequestedSchema, validateElicitationContent } from '@mcp-hitl/core'
// The component file, not the package index: the index also exports getTestRegistry, which imports Ajv.
import Form, { type IChangeEvent } from '@rjsf/core/lib/components/Form.js'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ElicitationFormCustomisation } from './elicitation-context'
import { createEvalFreeValidator } from './eval-free-validator'
import { KIT_TEMPLATES, type KitFormContext } from './field-templates'
import { fromRjsfFormData } from './from-rjsf-form-data'
import type { ElicitationLabels } from './labels'
import { LabelledCheckboxesWidget, LabelledRadioWidget } from './labelled-choice-widgets'
import { fieldErrorsToErrorSchema } from './readable-errors'
import { rjsfFieldKeys } from './rjsf-field-keys'
import { RJSF_FORM_OPTIONS, toRjsfSchema } from './to-rjsf-schema'

type Data = Record<string, unknown>

const DEFAULT_WIDGETS = { RadioWidget: LabelledRadioWidget, CheckboxesWidget: LabelledCheckboxesWidget }

/** Props of the RJSF form inside the Body part. */
export interface ElicitationRjsfFormProps {
  requestedSchema: RequestedSchema
  formId: string
  fieldPrefix: string
  disabled: boolean
  /** 422 field errors from the server. */
  serverErrors: readonly FieldError[] | undefined
  customisation: ElicitationFormCustomisation
  labels: ElicitationLabels
  /** Values typed earlier into this request in this view (the user looked at another queued one meanwhile); before `initialValues`. */
  draft?: unknown
  /** Values to start from (a stored draft); read when the form mounts. */
  initialValues?: ElicitContent
  /** Every change, in the answer's shape (for drafts). */
  onValuesChange?: (values: ElicitContent) => void
  /** Every change of the values. */
  onDraft?: (formData: unknown) => void
  /** The user typed or chose something (the form is no longer untouched). */
  onTyped?: () => void
  onAccept: (content: ElicitContent) => void
}

function fieldElement(root: HTMLElement | null, prefix: string, key: string): HTMLElement | null | undefined {
  // Escaped: a field name may hold quotes or backslashes, which would break the selector.
  const id = CSS.escape(`${prefix}_${key}`)
  return root?.querySelector<HTMLElement>(`[id="${id}"]:not([role]), [id^="${id}-"], [name="${id}"]`)
}

function focusField(root: HTMLElement | null, prefix: string, key: string): void {
  fieldElement(root, prefix, key)?.focus()
}

function check(requestedSchema: RequestedSchema, formData: unknown) {
  // Spec kinds on the wire: numbers stay numbers, multi-selects string[], untouched optionals dropped.
  return validateElicitationContent(requestedSchema, fromRjsfFormData(requestedSchema, (formData ?? {}) as Data))
}

/**
 * RJSF form for one requested schema; re-renders only when its own props change. The kit validates
 * with the server's own rules (core's validator) on submit, and from then on live on every change,
 * so an error leaves as soon as the field is fixed; the summary links to each field to fix.
 */
export const ElicitationRjsfForm = memo(function ElicitationRjsfForm(props: ElicitationRjsfFormProps) {
  const { requestedSchema, formId, fieldPrefix, disabled, serverErrors, customisation, labels, draft, onDraft, onTyped, onAccept, initialValues, onValuesChange } = props
  const { validator, theme, widgets, templates, fields, uiSchema: userUi, formProps } = customisation
  const wrapper = useRef<HTMLDivElement>(null)
  const [localErrors, setLocalErrors] = useState<FieldError[] | undefined>()
  const [submitted, setSubmitted] = useState(false)
  // The list of fields to fix: opened by a failed submit, shrinking as they are fixed, closed at zero.
  const [listing, setListing] = useState(false)
  const [announced, setAnnounced] = useState('')
  // Read once: RJSF resets its state whenever formData changes identity, and later values are its own.
  // A stored draft names its fields as the server does; RJSF knows some under a stand-in key.
  const [initialData] = useState(() => {
    if (draft !== undefined || !initialValues) return draft
    const keys = rjsfFieldKeys(requestedSchema)
    return Object.fromEntries(Object.entries(initialValues).map(([name, value]) => [keys.keyOf(name), value]))
  })

  const built = useMemo(() => {
    // toRjsfSchema also masks sensitive fields (password widget) and hides RJSF's own submit button.
    const form = toRjsfSchema(requestedSchema)
    return { schema: form.schema, ui: form.uiSchema }
  }, [requestedSchema])
  // RJSF still needs a validator for its schema utilities; the answer itself is judged by core's.
  const formValidator = useMemo(() => validator ?? createEvalFreeValidator(requestedSchema), [validator, requestedSchema])
  const formContext = useMemo<KitFormContext>(() => ({ ...formProps?.formContext, labels }), [formProps?.formContext, labels])

  const keys = rjsfFieldKeys(requestedSchema)
  const uiSchema = useMemo<UiSchema>(() => {
    const merged: Record<string, unknown> = { ...built.ui }
    for (const [name, value] of Object.entries(userUi ?? {})) {
      // The app names fields as the server does; RJSF knows some of them under a stand-in key.
      const key = Object.hasOwn(requestedSchema.properties, name) && !name.startsWith('ui:') ? keys.keyOf(name) : name
      const own = merged[key]
      merged[key] = own && typeof own === 'object' && value && typeof value === 'object' ? { ...own, ...value } : value
    }
    merged['ui:submitButtonOptions'] = { norender: true }
    return merged as UiSchema
  }, [built, userUi, requestedSchema, keys])

  const errors = localErrors ?? serverErrors
  const extraErrors = useMemo(() => fieldErrorsToErrorSchema(errors, keys), [errors, keys])

  useEffect(() => {
    if (!serverErrors?.length) return
    setSubmitted(true)
    setListing(true)
    setAnnounced(labels.errorSummary(serverErrors.length))
    focusField(wrapper.current, fieldPrefix, keys.keyOf(serverErrors[0]!.field))
  }, [serverErrors, fieldPrefix, labels, keys])

  const onSubmit = ({ formData }: IChangeEvent<Data>) => {
    setSubmitted(true)
    const result = check(requestedSchema, formData)
    if (!result.ok) {
      setLocalErrors(result.errors)
      setListing(true)
      setAnnounced(labels.errorSummary(result.errors.length))
      focusField(wrapper.current, fieldPrefix, keys.keyOf(result.errors[0]!.field))
      return
    }
    setLocalErrors(undefined)
    setAnnounced('')
    onAccept(result.content)
  }

  // RJSF reports the defaults it filled in once, while it is constructed: nothing was typed, so
  // nothing is stored (a reload derives the same defaults again).
  const mounted = useRef(false)
  useLayoutEffect(() => {
    mounted.current = true
  }, [])

  const onChange = ({ formData }: IChangeEvent<Data>) => {
    onDraft?.(formData)
    if (mounted.current) onValuesChange?.(fromRjsfFormData(requestedSchema, formData ?? {}))
    // After the first submit the errors follow the input: a fixed field is clean at once, a broken one says so.
    if (submitted) {
      const result = check(requestedSchema, formData)
      setLocalErrors(result.ok ? [] : result.errors)
      if (result.ok) setListing(false)
    }
  }

  const titleOf = (field: string) => {
    const schema = Object.hasOwn(requestedSchema.properties, field) ? (requestedSchema.properties[field] as { title?: string }) : undefined
    return schema?.title || field
  }
  const listed = listing ? (errors ?? []).filter((error) => error.field) : []
  const summaryId = `${formId}-summary`

  return (
    // Any input event means the user typed or chose something: leaving then asks first.
    <div ref={wrapper} data-part="form" onInput={onTyped} onChange={onTyped}>
      {listed.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a list of links to fields, not a set of controls a fieldset would group
        <div role="group" data-part="error-list" aria-labelledby={summaryId}>
          <p id={summaryId}>{labels.errorSummary(listed.length)}</p>
          <ul>
            {listed.map((error) => (
              <li key={`${error.field}:${error.message}`}>
                <a
                  href={`#${fieldPrefix}_${keys.keyOf(error.field)}`}
                  onClick={(event) => {
                    event.preventDefault()
                    focusField(wrapper.current, fieldPrefix, keys.keyOf(error.field))
                  }}
                >
                  {`${titleOf(error.field)}: ${error.message}`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form<Data, RJSFSchema>
        {...RJSF_FORM_OPTIONS}
        {...theme}
        {...formProps}
        id={formId}
        idPrefix={fieldPrefix}
        schema={built.schema}
        uiSchema={uiSchema}
        validator={formValidator}
        formContext={formContext}
        formData={initialData as Data | undefined}
        // Named choice groups unless a theme or the app brings its own widgets.
        widgets={{ ...DEFAULT_WIDGETS, ...theme?.widgets, ...widgets }}
        templates={{ ...KIT_TEMPLATES, ...theme?.templates, ...templates }}
        fields={{ ...theme?.fields, ...fields }}
        disabled={disabled}
        extraErrors={extraErrors}
        noHtml5Validate
        noValidate
        showErrorList={false}
        onChange={onChange}
        onSubmit={onSubmit}
      />
      <div data-part="error-summary" aria-live="assertive" aria-atomic="true">
        {announced}
      </div>
    </div>
  )
})
