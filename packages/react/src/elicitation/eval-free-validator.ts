/**
 * The default RJSF validator: core's `validateElicitationContent` for whole forms and a small keyword
 * check for the sub-schemas RJSF asks about, with no code generation. So it runs under a CSP without
 * `unsafe-eval`, needs no compile step per schema, and never pulls Ajv into the bundle. One validator
 * per requested schema: it judges the form by exactly what the server asked, whatever shape the RJSF
 * schema has.
 */
import type { FieldError, RequestedSchema } from '@mcp-hitl/core'
import { validateElicitationContent } from '@mcp-hitl/core'
import {
  type CustomValidator,
  createErrorHandler,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
} from '@rjsf/utils'
import { fromRjsfFormData } from './from-rjsf-form-data'
import { matchesSchema } from './matches-schema'
import { type RjsfFieldKeys, rjsfFieldKeys } from './rjsf-field-keys'

/** What RJSF hands the kit's validator: the form's values by field name. */
export type RjsfFormValues = Record<string, unknown>

// Converts core field errors into RJSF's error list (property paths like `.email`, under RJSF's keys).
function toRjsfErrors(errors: readonly FieldError[], keys: RjsfFieldKeys, schema?: RJSFSchema): RJSFValidationError[] {
  return errors.map((error) => {
    // The whole object has the empty pointer; a field named '' has the pointer '/'.
    const isField = error.field !== '' || Boolean(error.pointer)
    const key = keys.keyOf(error.field)
    const property = isField ? `.${key}` : ''
    const sub = isField && schema?.properties && Object.hasOwn(schema.properties, key) ? (schema.properties[key] as RJSFSchema) : undefined
    const title = typeof sub?.title === 'string' ? sub.title : error.field
    return {
      name: error.keyword,
      property,
      message: error.message,
      params: {},
      stack: title ? `${title}: ${error.message}` : error.message,
      schemaPath: isField ? `#/properties/${key}/${error.keyword}` : `#/${error.keyword}`,
      title,
    }
  })
}

const SAME_KEYS: RjsfFieldKeys = { keyOf: (name) => name }

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array'])

// Without the requested schema, a form schema made by toRjsfSchema is still a flat object of primitive
// fields: core's validator reads it as is (it ignores RJSF's extra keywords). The full parser is not
// used here on purpose: it would add a third of this entry's size.
function asRequestedSchema(schema: RJSFSchema): RequestedSchema | null {
  if (schema.type !== 'object' || typeof schema.properties !== 'object') return null
  const flat = Object.values(schema.properties).every(
    (field) => typeof field === 'object' && field !== null && PRIMITIVE_TYPES.has(String((field as RJSFSchema).type)),
  )
  return flat ? (schema as unknown as RequestedSchema) : null
}

// Schemas outside the restricted subset (a custom form using this validator): field-level keyword checks.
function genericErrors(schema: RJSFSchema, data: RjsfFormValues): FieldError[] {
  const errors: FieldError[] = []
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>
  for (const key of schema.required ?? []) {
    if (data[key] === undefined) errors.push({ field: key, pointer: `/${key}`, keyword: 'required', message: 'This field is required.' })
  }
  for (const [key, sub] of Object.entries(props)) {
    if (data[key] !== undefined && !matchesSchema(sub, data[key])) {
      errors.push({ field: key, pointer: `/${key}`, keyword: 'schema', message: 'This value is not valid.' })
    }
  }
  return errors
}

function rawErrors(requested: RequestedSchema | null, schema: RJSFSchema, formData: unknown): FieldError[] {
  const data = (formData ?? {}) as RjsfFormValues
  if (!requested) return genericErrors(schema, data)
  // The verdict is on what would be sent: empty optional values are dropped first, as on submit.
  const result = validateElicitationContent(requested, fromRjsfFormData(requested, data))
  return result.ok ? [] : result.errors
}

/**
 * Creates the eval-free RJSF validator for the form of `requestedSchema` (the elicitation's schema, as
 * the server sent it): whole forms are judged against it, exactly as the server will judge the answer.
 * Without it, any RJSF schema is checked keyword by keyword.
 */
export function createEvalFreeValidator(requestedSchema?: RequestedSchema): ValidatorType<RjsfFormValues, RJSFSchema> {
  return {
    validateFormData(
      formData: RjsfFormValues | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<RjsfFormValues, RJSFSchema>,
      transformErrors?: ErrorTransformer<RjsfFormValues, RJSFSchema>,
      uiSchema?: UiSchema<RjsfFormValues, RJSFSchema>,
    ): ValidationData<RjsfFormValues> {
      const requested = requestedSchema ?? asRequestedSchema(schema)
      // Without the requested schema the RJSF schema's own keys are the names.
      let errors = toRjsfErrors(rawErrors(requested, schema, formData), requestedSchema ? rjsfFieldKeys(requestedSchema) : SAME_KEYS, schema)
      if (transformErrors) errors = transformErrors(errors, uiSchema)
      const errorSchema = toErrorSchema<RjsfFormValues>(errors)
      if (!customValidate) return { errors, errorSchema }
      const handler = customValidate(formData, createErrorHandler<RjsfFormValues>(formData ?? {}), uiSchema, errorSchema)
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler))
    },
    isValid(schema: RJSFSchema, formData: RjsfFormValues | undefined, _rootSchema: RJSFSchema): boolean {
      return matchesSchema(schema, formData)
    },
    rawValidation<Result = FieldError>(schema: RJSFSchema, formData?: RjsfFormValues) {
      return { errors: rawErrors(requestedSchema ?? asRequestedSchema(schema), schema, formData) as unknown as Result[] }
    },
    reset() {},
  }
}
