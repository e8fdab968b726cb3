/**
 * Checks submitted content against a restricted schema without compiling code (no `eval`, no
 * `new Function`), so it runs under a strict CSP in the browser and on the server alike. It agrees with
 * Ajv 8 + ajv-formats ("full" mode, `coerceTypes` off, `removeAdditional: 'all'`) on this subset, with
 * one deliberate difference: a multi-select is a set, so repeated choices are refused even when the
 * schema omits `uniqueItems`.
 */
import { escapePointerToken } from './parse-requested-schema'
import type {
  ElicitContent,
  ElicitContentValue,
  MultiSelectSchema,
  PrimitiveSchemaDefinition,
  RequestedSchema,
  StringFieldSchema,
  StringFormat,
} from './protocol'
import { matchesStringFormat } from './string-formats'
import type { FieldError } from './wire'

/** The content keeping only the schema's fields, or the field errors to show. */
export type ValidateContentResult = { ok: true; content: ElicitContent } | { ok: false; errors: FieldError[] }

type Failure = { keyword: string; message: string; pointer?: string }

const FORMAT_MESSAGES: Record<StringFormat, string> = {
  email: 'Enter a valid email address.',
  uri: 'Enter a full URL, such as https://example.com.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  'date-time': 'Enter a valid date and time with a time zone (e.g. 2025-01-31T09:30:00Z).',
}

// Ajv counts Unicode code points, not UTF-16 units; so does this.
function codePointLength(value: string): number {
  let length = 0
  for (const _ of value) length++
  return length
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function optionValues(field: PrimitiveSchemaDefinition): string[] | undefined {
  if ('oneOf' in field && field.oneOf) return field.oneOf.map((o) => o.const)
  if ('enum' in field && field.enum) return field.enum
  return undefined
}

function multiValues(field: MultiSelectSchema): string[] {
  return 'anyOf' in field.items ? field.items.anyOf.map((o) => o.const) : field.items.enum
}

// One RegExp per pattern source: forms re-validate on every keystroke.
const patternCache = new Map<string, RegExp>()
function patternOf(source: string): RegExp {
  let re = patternCache.get(source)
  if (!re) {
    re = new RegExp(source, 'u')
    if (patternCache.size > 256) patternCache.clear()
    patternCache.set(source, re)
  }
  return re
}

function checkString(field: PrimitiveSchemaDefinition & { type: 'string' }, value: unknown): Failure | undefined {
  if (typeof value !== 'string') return { keyword: 'type', message: 'Enter text.' }
  const values = optionValues(field)
  if (values && !values.includes(value)) return { keyword: 'enum', message: 'Choose one of the listed options.' }
  // Selects may carry length keywords too; Ajv applies them, so this does as well.
  const { minLength, maxLength, format, pattern } = field as StringFieldSchema
  const length = minLength !== undefined || maxLength !== undefined ? codePointLength(value) : 0
  if (minLength !== undefined && length < minLength) {
    return {
      keyword: 'minLength',
      message: minLength === 1 ? 'This field cannot be empty.' : `Use at least ${plural(minLength, 'character')}.`,
    }
  }
  if (maxLength !== undefined && length > maxLength) {
    return { keyword: 'maxLength', message: `Use at most ${plural(maxLength, 'character')}.` }
  }
  if (format && !matchesStringFormat(format, value)) return { keyword: 'format', message: FORMAT_MESSAGES[format] }
  if (pattern !== undefined && !patternOf(pattern).test(value)) {
    return { keyword: 'pattern', message: 'Use the expected format.' }
  }
  return undefined
}

function checkNumber(field: PrimitiveSchemaDefinition & { type: 'number' | 'integer' }, value: unknown): Failure | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { keyword: 'type', message: 'Enter a number.' }
  if (field.type === 'integer' && !Number.isInteger(value)) return { keyword: 'type', message: 'Enter a whole number.' }
  if (field.minimum !== undefined && value < field.minimum) {
    return { keyword: 'minimum', message: `Enter a number of at least ${field.minimum}.` }
  }
  if (field.maximum !== undefined && value > field.maximum) {
    return { keyword: 'maximum', message: `Enter a number of at most ${field.maximum}.` }
  }
  return undefined
}

function checkMulti(field: MultiSelectSchema, value: unknown, pointer: string): Failure | undefined {
  if (!Array.isArray(value)) return { keyword: 'type', message: 'Choose from the listed options.' }
  const allowed = multiValues(field)
  const seen = new Set<string>()
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i]
    if (typeof item !== 'string') return { keyword: 'type', message: 'Choose from the listed options.', pointer: `${pointer}/${i}` }
    if (!allowed.includes(item)) {
      return { keyword: 'enum', message: `${JSON.stringify(item)} is not one of the options.`, pointer: `${pointer}/${i}` }
    }
    if (seen.has(item)) return { keyword: 'uniqueItems', message: 'Choose each option at most once.', pointer: `${pointer}/${i}` }
    seen.add(item)
  }
  if (field.minItems !== undefined && value.length < field.minItems) {
    return { keyword: 'minItems', message: `Choose at least ${plural(field.minItems, 'option')}.` }
  }
  if (field.maxItems !== undefined && value.length > field.maxItems) {
    return { keyword: 'maxItems', message: `Choose at most ${plural(field.maxItems, 'option')}.` }
  }
  return undefined
}

/** Checks one value against its field schema; undefined when valid. */
function checkField(field: PrimitiveSchemaDefinition, value: unknown, pointer: string): Failure | undefined {
  switch (field.type) {
    case 'string':
      return checkString(field, value)
    case 'number':
    case 'integer':
      return checkNumber(field, value)
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { keyword: 'type', message: 'Choose yes or no.' }
    case 'array':
      return checkMulti(field, value, pointer)
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Validates untrusted content against a parsed schema: field errors, or the content with unknown keys dropped. */
export function validateElicitationContent(schema: RequestedSchema, content: unknown): ValidateContentResult {
  if (!isPlainObject(content)) {
    return { ok: false, errors: [{ field: '', pointer: '', keyword: 'type', message: 'The answer must be an object of fields.' }] }
  }
  const required = new Set(schema.required ?? [])
  const errors: FieldError[] = []
  const out: ElicitContent = {}
  for (const [name, field] of Object.entries(schema.properties)) {
    const pointer = `/${escapePointerToken(name)}`
    const value = Object.hasOwn(content, name) ? content[name] : undefined
    if (value === undefined) {
      if (required.has(name)) errors.push({ field: name, pointer, keyword: 'required', message: 'This field is required.' })
      continue
    }
    const failure = checkField(field, value, pointer)
    if (failure) {
      errors.push({ field: name, pointer: failure.pointer ?? pointer, keyword: failure.keyword, message: failure.message })
      continue
    }
    const copy: ElicitContentValue = Array.isArray(value) ? [...(value as string[])] : (value as ElicitContentValue)
    // defineProperty: a field named `__proto__` must stay a field.
    Object.defineProperty(out, name, { value: copy, enumerable: true, writable: true, configurable: true })
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, content: out }
}
