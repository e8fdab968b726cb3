/**
 * Maps a parsed requested schema to what react-jsonschema-form (RJSF) 6 renders well. Behaviour
 * checked against RJSF 6.11.1 (`@rjsf/utils` optionsList / isMultiSelect / getWidget, `@rjsf/core`
 * RichDescription).
 */
import type { PrimitiveSchemaDefinition, RequestedSchema } from '@mcp-hitl/core'
import { isSensitiveField, optionValues, type StringFieldSchema } from '@mcp-hitl/core/internal'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { rjsfFieldKeys } from './rjsf-field-keys'

/** Knobs of {@link toRjsfSchema}. */
export interface RjsfSchemaOptions {
  /** Multi-selects are a checkbox list; one with more options than this gets a filter box too. Default 6. */
  checkboxThreshold?: number
  /** Single selects with at most this many options render as radio buttons, longer ones as a dropdown. Default 5. */
  radioThreshold?: number
}

/** A JSON Schema and a UI schema, ready for RJSF's `Form`. */
export interface RjsfSchemaPair {
  schema: RJSFSchema
  uiSchema: UiSchema
}

/** RJSF `Form` props that belong with {@link toRjsfSchema}: untouched optional fields stay unset. */
export const RJSF_FORM_OPTIONS = {
  experimental_defaultFormStateBehavior: {
    // A titled single select (oneOf of consts) must not preselect its first option.
    constAsDefaults: 'skipOneOf',
    // Server defaults prefill the form; optional fields without one stay undefined, not '' or [].
    emptyObjectFields: 'skipEmptyDefaults',
    // An optional multi-select with minItems must not start as an array of empty items.
    arrayMinItems: { populate: 'never' },
    mergeDefaultsIntoFormData: 'useDefaultIfFormDataUndefined',
    // A required checkbox left unticked is an answer ("no"), so it starts as false.
    requiredBooleanDefault: 'populateFalse',
  },
  // The kit validates with its own messages; browser bubbles (type=email, min/max) would disagree with them.
  noHtml5Validate: true,
} as const

type Json = Record<string, unknown>

function convertField(name: string, field: PrimitiveSchemaDefinition, options: RjsfSchemaOptions): { schema: Json; ui: Json } {
  const { enumNames, ...schema } = field as PrimitiveSchemaDefinition & { enumNames?: string[] } & Json
  // Descriptions come from a remote server: never markdown, never HTML.
  const ui: Json = { 'ui:enableMarkdownInDescription': false }
  const count = optionValues(field)?.length ?? 0
  if (field.type === 'array') {
    // RJSF renders an array as a multi-select only with uniqueItems (isMultiSelect). Never a Ctrl-click
    // list box: a checkbox list, filtered when long (the kit's CheckboxesWidget reads `filter`).
    schema.uniqueItems = true
    ui['ui:widget'] = 'checkboxes'
    if (count > (options.checkboxThreshold ?? 6)) ui['ui:options'] = { filter: true }
  } else if (count > 0) {
    // RJSF 6 reads labels from ui:enumNames (optionsList), not from the schema's enumNames.
    if (enumNames) ui['ui:enumNames'] = [...enumNames]
    ui['ui:widget'] = count <= (options.radioThreshold ?? 5) ? 'radio' : 'select'
  } else if (field.type !== 'boolean' && isSensitiveField(name, field)) {
    // Masked and never offered by the browser's autofill. A number (a PIN) keeps RJSF's number
    // widget with a password input: RJSF has no 'password' widget for numbers and throws on one.
    if (field.type === 'string') ui['ui:widget'] = 'password'
    else ui['ui:inputType'] = 'password'
    ui['ui:autocomplete'] = 'off'
  } else {
    const format = (field as StringFieldSchema).format
    // RJSF widget names (getWidget's widgetMap.string) are the format names, but for 'datetime', which emits ISO strings with a Z offset.
    if (format) ui['ui:widget'] = format === 'date-time' ? 'datetime' : format
  }
  return { schema, ui }
}

/**
 * Maps a parsed requested schema to an RJSF 6 `{ schema, uiSchema }` pair; pass {@link RJSF_FORM_OPTIONS}
 * to the Form too, and read its data back with `fromRjsfFormData`: a field whose name RJSF cannot
 * carry (`''`, `__proto__`, `ui:widget`...) is held under a stand-in key.
 */
export function toRjsfSchema(schema: RequestedSchema, options: RjsfSchemaOptions = {}): RjsfSchemaPair {
  const keys = rjsfFieldKeys(schema)
  const fields = Object.entries(schema.properties).map(([name, field]) => [keys.keyOf(name), convertField(name, field, options)] as const)
  // Object.fromEntries defines own properties: a field named `__proto__` stays a field.
  const properties = Object.fromEntries(fields.map(([name, converted]) => [name, converted.schema]))
  const uiSchema: UiSchema = {
    ...Object.fromEntries(fields.map(([name, converted]) => [name, converted.ui])),
    // The dialog owns the buttons (accept / decline / cancel).
    'ui:submitButtonOptions': { norender: true },
    'ui:globalOptions': { enableMarkdownInDescription: false },
  }
  // `$schema` is left out: RJSF's Ajv only knows draft-07 and throws on a 2020-12 meta-schema URI.
  const out: RJSFSchema = { type: 'object', properties }
  if (schema.required?.length) out.required = schema.required.map(keys.keyOf)
  return { schema: out, uiSchema }
}
