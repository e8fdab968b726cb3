import { type ElicitContent, type FieldError, type RequestedSchema, validateElicitationContent } from '@mcp-hitl/core'
// The component file, not the package index: the index also exports getTestRegistry, which imports Ajv.
import Form, { type IChangeEvent } from '@rjsf/core/lib/components/Form.js'
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import type { ElicitationFormCustomisation } from './elicitation-context'
import { createEvalFreeValidator } from './eval-free-validator'
import { fromRjsfFormData } from './from-rjsf-form-data'
import { LabelledCheckboxesWidget, LabelledRadioWidget } from './labelled-choice-widgets'
import { fieldErrorsToErrorSchema, filterErrorNoise } from './readable-errors'
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
  errorSummary: (count: number) => string
  onAccept: (content: ElicitContent) => void
  /** Values to start from (a draft); read when the form mounts. */
  initialValues?: ElicitContent
  /** Every change, in the answer's shape (for drafts). */
  onValuesChange?: (values: ElicitContent) => void
}

function focusField(root: HTMLElement | null, prefix: string, key: string): void {
  // Escaped: a field name may hold quotes or backslashes, which would break the selector.
  const id = CSS.escape(`${prefix}_${key}`)
  const target = root?.querySelector<HTMLElement>(`[id="${id}"], [id^="${id}-"], [name="${id}"]`)
  target?.focus()
}

/** RJSF form for one requested schema; re-renders only when its own props change. */
export const ElicitationRjsfForm = memo(function ElicitationRjsfForm(props: ElicitationRjsfFormProps) {
  const { requestedSchema, formId, fieldPrefix, disabled, serverErrors, customisation, errorSummary, onAccept, initialValues, onValuesChange } = props
  // The first values only: RJSF resets its state whenever formData changes identity. By RJSF key:
  // a draft names its fields as the server does.
  const [startFrom] = useState(() => {
    if (!initialValues) return undefined
    const keys = rjsfFieldKeys(requestedSchema)
    return Object.fromEntries(Object.entries(initialValues).map(([name, value]) => [keys.keyOf(name), value]))
  })
  const { validator, theme, widgets, templates, fields, uiSchema: userUi, formProps } = customisation
  const wrapper = useRef<HTMLDivElement>(null)
  const [localErrors, setLocalErrors] = useState<FieldError[] | undefined>()
  const [summary, setSummary] = useState('')

  const built = useMemo(() => {
    // toRjsfSchema also masks sensitive fields (password widget) and hides RJSF's own submit button.
    const form = toRjsfSchema(requestedSchema)
    return { schema: form.schema, ui: form.uiSchema }
  }, [requestedSchema])
  // One validator per requested schema: it judges the form by exactly what the server asked.
  const formValidator = useMemo(() => validator ?? createEvalFreeValidator(requestedSchema), [validator, requestedSchema])

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
    setSummary(errorSummary(serverErrors.length))
    focusField(wrapper.current, fieldPrefix, keys.keyOf(serverErrors[0]!.field))
  }, [serverErrors, fieldPrefix, errorSummary, keys])

  const onSubmit = ({ formData }: IChangeEvent<Data>) => {
    // Spec kinds on the wire: numbers stay numbers, multi-selects string[], untouched optionals dropped.
    const result = validateElicitationContent(requestedSchema, fromRjsfFormData(requestedSchema, formData))
    if (!result.ok) {
      setLocalErrors(result.errors)
      setSummary(errorSummary(result.errors.length))
      focusField(wrapper.current, fieldPrefix, keys.keyOf(result.errors[0]!.field))
      return
    }
    setLocalErrors(undefined)
    setSummary('')
    onAccept(result.content)
  }

  const onError = (list: RJSFValidationError[]) => setSummary(errorSummary(list.length))

  return (
    <div ref={wrapper} data-part="form">
      <Form<Data, RJSFSchema>
        {...RJSF_FORM_OPTIONS}
        {...theme}
        {...formProps}
        id={formId}
        idPrefix={fieldPrefix}
        schema={built.schema}
        uiSchema={uiSchema}
        validator={formValidator}
        // Named choice groups unless a theme or the app brings its own widgets.
        widgets={{ ...DEFAULT_WIDGETS, ...theme?.widgets, ...widgets }}
        templates={{ ...theme?.templates, ...templates }}
        fields={{ ...theme?.fields, ...fields }}
        disabled={disabled}
        extraErrors={extraErrors}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        transformErrors={filterErrorNoise}
        formData={startFrom}
        onChange={({ formData }: IChangeEvent<Data>) => {
          if (localErrors) setLocalErrors(undefined)
          onValuesChange?.(fromRjsfFormData(requestedSchema, formData))
        }}
        onSubmit={onSubmit}
        onError={onError}
      />
      <div data-part="error-summary" aria-live="assertive" aria-atomic="true">
        {summary}
      </div>
    </div>
  )
})
