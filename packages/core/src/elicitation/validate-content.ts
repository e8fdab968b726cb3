/**
 * Checks submitted content against a restricted schema without compiling code (no `eval`, no
 * `new Function`), so it runs under a strict CSP in the browser and on the server alike. It agrees with
 * Ajv 8 + ajv-formats ("full" mode, `coerceTypes` off, `removeAdditional: 'all'`) on this subset, with
 * two deliberate differences: a multi-select is a set, so repeated choices are refused even when the
 * schema omits `uniqueItems`; and every answer is bounded (`ELICITATION_INPUT_LIMITS`): a string
 * without `maxLength` gets the documented default, and `pattern` runs on a linear-time matcher within
 * a per-answer step budget, so no pattern can block the event loop. A field whose constraints exclude
 * every answer (`findFieldConflict`) takes none, and says so.
 */
import type {
  ElicitContent,
  ElicitContentValue,
  MultiSelectSchema,
  PrimitiveSchemaDefinition,
  RequestedSchema,
  StringFieldSchema,
  StringFormat,
} from './protocol'
import { isPlainRecord } from '../guards'
import { findFieldConflict } from './find-field-conflict'
import { ELICITATION_INPUT_LIMITS, maxStringLength } from './input-limits'
import { compileLinearPattern } from './linear-pattern'
import { escapePointerToken, optionValues, plural, setOwn } from './schema-helpers'
import { matchesStringFormat } from './string-formats'
import type { FieldError } from './wire'

/** The content keeping only the schema's fields, or the field errors to show. */
export type ValidateContentResult = { ok: true; content: ElicitContent } | { ok: false; errors: FieldError[] }

/** Why one value was refused: the JSON Schema keyword, the message for the user, and where. */
interface Failure {
  keyword: string
  message: string
  /** Set when the failure is not at the field itself but at an item of a multi-select. */
  pointer?: string
}

const fail = (keyword: string, message: string, pointer?: string): Failure => ({ keyword, message, pointer })

const FORMAT_MESSAGES: Record<StringFormat, string> = {
  email: 'Enter a valid email address.',
  uri: 'Enter a full URL, such as https://example.com.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  'date-time': 'Enter a valid date and time with a time zone (e.g. 2025-01-31T09:30:00Z).',
}
const CHOOSE_FROM_OPTIONS = 'Choose from the listed options.'
const NO_ANSWER_FITS = 'No answer fits this field as the server asked for it; leave it empty.'

/** What is left of an answer's pattern budget (`ELICITATION_INPUT_LIMITS.maxPatternWork`) while its fields are checked. */
interface PatternBudget {
  remaining: number
}

// Code points, as Ajv counts them, without building an array of them.
function codePointLength(value: string): number {
  let length = value.length
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--
        i++
      }
    }
  }
  return length
}

function checkPattern(pattern: string, value: string, length: number, budget: PatternBudget): Failure | undefined {
  const compiled = compileLinearPattern(pattern)
  // Fail closed: parseRequestedSchema refuses such schemas, so only an unparsed one gets here.
  if (!compiled.ok) return fail('pattern', 'This answer cannot be checked against the expected format.')
  const work = length * compiled.pattern.size
  if (work > budget.remaining) return fail('pattern', 'This answer is too long to check against the expected format; shorten it.')
  budget.remaining -= work
  return compiled.pattern.test(value) ? undefined : fail('pattern', 'Use the expected format.')
}

function checkString(field: PrimitiveSchemaDefinition & { type: 'string' }, value: unknown, budget: PatternBudget): Failure | undefined {
  if (typeof value !== 'string') return fail('type', 'Enter text.')
  const options = optionValues(field)
  if (options && !options.includes(value)) return fail('enum', 'Choose one of the listed options.')
  // Selects may carry length keywords too; Ajv applies them, so this does as well.
  const { minLength, format, pattern } = field as StringFieldSchema
  // Without maxLength the documented default applies, so no answer is unbounded.
  const maxLength = maxStringLength(field as StringFieldSchema)
  // Ajv counts Unicode code points, not UTF-16 units; so does this.
  const length = codePointLength(value)
  if (minLength !== undefined && length < minLength) {
    return fail('minLength', minLength === 1 ? 'This field cannot be empty.' : `Use at least ${plural(minLength, 'character')}.`)
  }
  if (length > maxLength) return fail('maxLength', `Use at most ${plural(maxLength, 'character')}.`)
  if (format !== undefined && !matchesStringFormat(format, value)) return fail('format', FORMAT_MESSAGES[format])
  if (pattern !== undefined) return checkPattern(pattern, value, length, budget)
  return undefined
}

function checkNumber(field: PrimitiveSchemaDefinition & { type: 'number' | 'integer' }, value: unknown): Failure | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('type', 'Enter a number.')
  if (field.type === 'integer' && !Number.isInteger(value)) return fail('type', 'Enter a whole number.')
  if (field.minimum !== undefined && value < field.minimum) return fail('minimum', `Enter a number of at least ${field.minimum}.`)
  if (field.maximum !== undefined && value > field.maximum) return fail('maximum', `Enter a number of at most ${field.maximum}.`)
  if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum) {
    return fail('exclusiveMinimum', `Enter a number greater than ${field.exclusiveMinimum}.`)
  }
  if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum) {
    return fail('exclusiveMaximum', `Enter a number less than ${field.exclusiveMaximum}.`)
  }
  return undefined
}

function checkMultiSelect(field: MultiSelectSchema, value: unknown, pointer: string): Failure | undefined {
  if (!Array.isArray(value)) return fail('type', CHOOSE_FROM_OPTIONS)
  const options = optionValues(field) ?? []
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i]
    const itemPointer = `${pointer}/${i}`
    if (typeof item !== 'string') return fail('type', CHOOSE_FROM_OPTIONS, itemPointer)
    if (!options.includes(item)) return fail('enum', `${JSON.stringify(item)} is not one of the options.`, itemPointer)
    if (value.indexOf(item) < i) return fail('uniqueItems', 'Choose each option at most once.', itemPointer)
  }
  if (field.minItems !== undefined && value.length < field.minItems) return fail('minItems', `Choose at least ${plural(field.minItems, 'option')}.`)
  if (field.maxItems !== undefined && value.length > field.maxItems) return fail('maxItems', `Choose at most ${plural(field.maxItems, 'option')}.`)
  return undefined
}

/** Checks one value against its field schema; undefined when valid. */
function checkField(field: PrimitiveSchemaDefinition, value: unknown, pointer: string, budget: PatternBudget): Failure | undefined {
  // Constraints that exclude every answer (an optional field the parser let through): saying so
  // beats naming one bound, then the other, as the person tries values in between.
  const conflict = findFieldConflict(field)
  if (conflict) return fail(conflict.keyword, NO_ANSWER_FITS)
  switch (field.type) {
    case 'string':
      return checkString(field, value, budget)
    case 'number':
    case 'integer':
      return checkNumber(field, value)
    case 'boolean':
      return typeof value === 'boolean' ? undefined : fail('type', 'Choose yes or no.')
    case 'array':
      return checkMultiSelect(field, value, pointer)
  }
}

/** Validates untrusted content against a parsed schema: field errors, or the content with unknown keys dropped. */
export function validateElicitationContent(schema: RequestedSchema, content: unknown): ValidateContentResult {
  if (!isPlainRecord(content)) {
    return { ok: false, errors: [{ field: '', pointer: '', keyword: 'type', message: 'The answer must be an object of fields.' }] }
  }
  const required = schema.required ?? []
  const errors: FieldError[] = []
  const out: ElicitContent = {}
  const budget: PatternBudget = { remaining: ELICITATION_INPUT_LIMITS.maxPatternWork }
  for (const [name, field] of Object.entries(schema.properties)) {
    const pointer = `/${escapePointerToken(name)}`
    const value = Object.hasOwn(content, name) ? content[name] : undefined
    if (value === undefined) {
      if (required.includes(name)) errors.push({ field: name, pointer, keyword: 'required', message: 'This field is required.' })
      continue
    }
    const failure = checkField(field, value, pointer, budget)
    if (failure) errors.push({ field: name, pointer: failure.pointer ?? pointer, keyword: failure.keyword, message: failure.message })
    // A copy: the caller's arrays are not shared. setOwn: a field named `__proto__` must stay a field.
    else setOwn(out, name, Array.isArray(value) ? [...value] : (value as ElicitContentValue))
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, content: out }
}
