/**
 * A small, eval-free JSON Schema check for the keywords RJSF asks about when it calls a validator's
 * `isValid` on sub-schemas (a `oneOf` / `anyOf` option, an item schema): types, `const`, `enum`,
 * combinators, string / number / array bounds and flat object properties. Unknown keywords pass.
 * Formats and patterns go through core's checkers, the ones the content validator uses: the same
 * strictness as Ajv's, and patterns in linear time.
 */
import { isRecord, isStringFormat, matchesPattern, matchesStringFormat } from '@mcp-hitl/core/internal'

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function hasType(value: unknown, type: unknown): boolean {
  const kind = typeOf(value)
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value)
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value)
  return kind === type
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => equal(a[k], b[k]))
  }
  return false
}

/** True when `value` satisfies `schema` (booleans as schemas too); `undefined` only fails `required`. */
export function matchesSchema(schema: unknown, value: unknown): boolean {
  if (schema === true || schema === undefined) return true
  if (schema === false) return false
  if (!isRecord(schema)) return true
  if (value === undefined) return true
  const s = schema
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type]
    if (!types.some((t) => hasType(value, t))) return false
  }
  if ('const' in s && !equal(s.const, value)) return false
  if (Array.isArray(s.enum) && !s.enum.some((option) => equal(option, value))) return false
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => matchesSchema(sub, value))) return false
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => matchesSchema(sub, value))) return false
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => matchesSchema(sub, value)).length !== 1) return false
  if (s.not !== undefined && matchesSchema(s.not, value)) return false
  if (typeof value === 'string') {
    const length = [...value].length
    if (typeof s.minLength === 'number' && length < s.minLength) return false
    if (typeof s.maxLength === 'number' && length > s.maxLength) return false
    if (isStringFormat(s.format) && !matchesStringFormat(s.format, value)) return false
    if (typeof s.pattern === 'string' && !matchesPattern(s.pattern, value)) return false
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false
    if (typeof s.maximum === 'number' && value > s.maximum) return false
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false
    if (s.uniqueItems === true && value.some((v, i) => value.findIndex((w) => equal(v, w)) !== i)) return false
    if (s.items !== undefined && !value.every((item) => matchesSchema(s.items, item))) return false
  }
  if (isRecord(value)) {
    const props = isRecord(s.properties) ? s.properties : {}
    if (Array.isArray(s.required) && !s.required.every((key) => typeof key === 'string' && value[key] !== undefined)) return false
    for (const [key, sub] of Object.entries(props)) if (!matchesSchema(sub, value[key])) return false
    if (s.additionalProperties === false && Object.keys(value).some((key) => !(key in props))) return false
  }
  return true
}
