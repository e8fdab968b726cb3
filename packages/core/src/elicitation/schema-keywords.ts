/**
 * The keyword tables `parseRequestedSchema` reads a requested schema with: which keywords each field
 * type keeps and what kind of value each takes, and which keywords are refused, each with the fix.
 */
import type { LinearPatternRefusal } from './linear-pattern'
import type { PrimitiveSchemaDefinition } from './protocol'

/** The `type` of a field of the restricted schema. */
export type FieldType = PrimitiveSchemaDefinition['type']

/** The kinds of value a keyword takes: how to recognise one, and what it is called in messages. */
export const VALUE_KINDS = {
  string: { accepts: (value: unknown) => typeof value === 'string', description: 'a string' },
  boolean: { accepts: (value: unknown) => typeof value === 'boolean', description: 'true or false' },
  number: { accepts: (value: unknown) => Number.isFinite(value), description: 'a number' },
  wholeNumber: { accepts: (value: unknown) => Number.isInteger(value), description: 'a whole number' },
  count: { accepts: (value: unknown) => Number.isInteger(value) && (value as number) >= 0, description: 'a whole number of 0 or more' },
  stringList: {
    accepts: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
    description: 'an array of strings',
  },
} satisfies Record<string, { accepts: (value: unknown) => boolean; description: string }>
/** The name of a kind of value in {@link VALUE_KINDS}. */
export type ValueKind = keyof typeof VALUE_KINDS

/** Keywords every field may carry. */
export const SHARED_KEYWORDS: Record<string, ValueKind> = { title: 'string', description: 'string', writeOnly: 'boolean' }

/** Keywords each field type keeps, with the kind of value each takes; the option lists are read separately. */
export const KEYWORDS_BY_TYPE: Record<FieldType, Record<string, ValueKind>> = {
  string: { minLength: 'count', maxLength: 'count', format: 'string', pattern: 'string' },
  number: { minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number' },
  integer: { minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number' },
  boolean: {},
  array: { minItems: 'count', maxItems: 'count' },
}

/** The kind of a field's `default`. */
export const DEFAULT_KIND: Record<FieldType, ValueKind> = {
  string: 'string',
  number: 'number',
  integer: 'wholeNumber',
  boolean: 'boolean',
  array: 'stringList',
}

/** The field types, in the order messages list them. */
export const FIELD_TYPES = Object.keys(KEYWORDS_BY_TYPE) as FieldType[]

const CHECK_ON_SERVER = 'Check it on the server once the answer arrives.'
const MULTI_SELECT_INSTEAD = 'Use a multi-select: "items" with "enum" or "anyOf" options.'
const ONE_FORM_AT_A_TIME = 'Ask one form at a time; send a second elicitation for the other shape.'

/**
 * Keywords that would change what is valid if silently dropped, so they are refused instead of
 * guessed, each with what to do instead. (A Map: an object literal with a `then` key is a thenable.)
 */
export const UNSUPPORTED_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['$ref', 'Inline the definition it points to.'],
  ['allOf', 'Merge its subschemas into one field.'],
  ['anyOf', 'Leave the field out of "required" to make it optional; a multi-select puts "anyOf" inside "items".'],
  ['not', CHECK_ON_SERVER],
  ['if', CHECK_ON_SERVER],
  ['then', CHECK_ON_SERVER],
  ['else', CHECK_ON_SERVER],
  ['const', 'Use an "enum" with that one value, or leave the field out.'],
  ['multipleOf', CHECK_ON_SERVER],
  ['patternProperties', 'List each field under "properties".'],
  ['dependentRequired', CHECK_ON_SERVER],
  ['dependentSchemas', CHECK_ON_SERVER],
  ['contains', 'Use a multi-select with "minItems" instead.'],
  ['prefixItems', MULTI_SELECT_INSTEAD],
  ['additionalItems', MULTI_SELECT_INSTEAD],
])
/** The keywords refused on the root schema, with what to do instead. */
export const ROOT_UNSUPPORTED_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['$ref', 'Inline the definition it points to.'],
  ['allOf', 'Merge its subschemas into one "properties" object.'],
  ['anyOf', ONE_FORM_AT_A_TIME],
  ['oneOf', ONE_FORM_AT_A_TIME],
  ['not', CHECK_ON_SERVER],
  ['if', CHECK_ON_SERVER],
  ['then', CHECK_ON_SERVER],
  ['else', CHECK_ON_SERVER],
])

/** What to do about a pattern the linear-time matcher cannot take. */
export const PATTERN_FIXES: Record<LinearPatternRefusal, string> = {
  invalid: "Write it so that JavaScript's `new RegExp(pattern, 'u')` accepts it.",
  backreference: 'Rewrite it without backreferences, or drop "pattern" and check the answer on the server.',
  lookaround: 'Rewrite it without lookahead or lookbehind, or drop "pattern" and check the answer on the server.',
  'too-large': 'Shorten it or lower its repetition counts, or drop "pattern" and check the answer on the server.',
  unsupported: 'Use plain groups, classes and quantifiers, or drop "pattern" and check the answer on the server.',
}

