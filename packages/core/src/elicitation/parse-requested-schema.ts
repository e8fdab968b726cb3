/**
 * Reads an untrusted `requestedSchema` into the typed restricted schema, or explains, field by field,
 * why no form can satisfy it and how to fix it. Accepts every shape the 2025-06-18 and
 * 2025-11-25 specs allow (plus the legacy `enumNames`) and tolerates harmless extras real servers send
 * (`$schema`, `additionalProperties`, annotations, `pattern`, exclusive bounds, `format: "password"`
 * read as `writeOnly`), and reads the other shapes real servers send (local `$ref`s, Pydantic's
 * nullable `anyOf`, `type` lists with null, selects without `type`, PHP's `properties: []`) through
 * `normalizeProperty`, which keeps every constraint. Runs on the server, before anything reaches the browser.
 * A `pattern` must be one the linear-time matcher takes, within the per-answer step budget of
 * `ELICITATION_INPUT_LIMITS`. The keyword tables are in schema-keywords.ts.
 *
 * A flaw the form can work around is worked around, and reported in `adjustments`: labels that are
 * not strings are dropped, a default the field cannot take is dropped (a multi-select keeps the
 * offered part of it), `required` names that are no property are dropped, repeated options are
 * offered once, `uniqueItems: false` is ignored (a set of choices is a valid answer either way).
 * Answers are still checked against every constraint the server sent. Constraints no answer can meet
 * (`findFieldConflict`) refuse the schema only on a required field; an optional one is shown and can
 * only be left empty. What is refused is what no form can satisfy or the kit cannot check.
 */
import { isRecord } from '../guards'
import { ELICITATION_INPUT_LIMITS, maxStringLength } from './input-limits'
import { compileLinearPattern } from './linear-pattern'
import type { PrimitiveSchemaDefinition, RequestedSchema, StringFieldSchema } from './protocol'
import { escapePointerToken, setOwn } from './schema-helpers'
import {
  DEFAULT_KIND,
  FIELD_TYPES,
  type FieldType,
  KEYWORDS_BY_TYPE,
  PATTERN_FIXES,
  ROOT_UNSUPPORTED_KEYWORDS,
  SHARED_KEYWORDS,
  UNSUPPORTED_KEYWORDS,
  VALUE_KINDS,
} from './schema-keywords'
import { type FieldConflict, findFieldConflict } from './find-field-conflict'
import { normalizeProperty } from './normalize-property'
import { readSelectOptions } from './read-select-options'
import { isStringFormat, STRING_FORMATS } from './string-formats'
import { describeValue, type SchemaIssue, SchemaIssues } from './schema-issues'

export type { SchemaIssue } from './schema-issues'

/**
 * The typed schema (with the flaws worked around in `adjustments`, for the server's developer, when
 * there were any), or every issue that refuses it.
 */
export type ParseRequestedSchemaResult =
  | { ok: true; schema: RequestedSchema; adjustments?: SchemaIssue[] }
  | { ok: false; issues: SchemaIssue[] }

type Json = Record<string, unknown>

/** Reports each keyword of `unsupported` that `node` uses. */
function refuseUnsupported(node: Json, unsupported: ReadonlyMap<string, string>, at: string, subject: string, issues: SchemaIssues): void {
  for (const [keyword, fix] of unsupported) {
    if (node[keyword] !== undefined) issues.add(`${at}/${escapePointerToken(keyword)}`, `${subject} uses "${keyword}", which elicitation schemas do not support. ${fix}`)
  }
}

/** Reads the pattern, format and length keywords of a string field already copied into `field`. */
function checkStringKeywords(field: Json, at: string, name: string, issues: SchemaIssues): void {
  const format = field.format
  if (format === 'password') {
    // Real servers send it for secrets; the restricted schema says the same with writeOnly, which
    // masks the input and redacts the echo (the MCP SDK's own schema refuses the format).
    delete field.format
    field.writeOnly = true
  } else if (typeof format === 'string' && !isStringFormat(format)) {
    issues.add(
      `${at}/format`,
      `${name} has format ${JSON.stringify(format)}; use one of ${STRING_FORMATS.join(', ')}, or drop "format" and describe the expected shape in "description".`,
    )
  }
  const pattern = field.pattern
  if (typeof pattern === 'string') {
    const compiled = compileLinearPattern(pattern)
    if (!compiled.ok) issues.add(`${at}/pattern`, `"pattern" of ${name} ${compiled.message} ${PATTERN_FIXES[compiled.reason]}`)
  }
}

/** A field conflict in words for the server's developer: what the constraints say, and how to fix them. */
function describeConflict(conflict: FieldConflict): { detail: string; fix: string } {
  switch (conflict.kind) {
    case 'crossed': {
      const relation = conflict.low > conflict.high ? 'greater than' : 'equal to'
      return { detail: `${conflict.keyword} ${conflict.low} ${relation} ${conflict.upper} ${conflict.high}`, fix: 'swap or correct them.' }
    }
    case 'no-whole-number':
      return { detail: 'bounds with no whole number between them', fix: 'widen the bounds, or use "type": "number".' }
    case 'over-limit':
      return {
        detail: `minLength ${conflict.low} but no maxLength, and such answers are limited to ${conflict.limit} characters`,
        fix: `add a "maxLength" of at least ${conflict.low}.`,
      }
    case 'few-options':
      return { detail: `minItems ${conflict.low} but only ${conflict.limit} options`, fix: 'lower "minItems" or add options.' }
  }
}

/** Annotations that only label a field: one that is not a string is dropped, the field stays. */
const LABELS: ReadonlySet<string> = new Set(['title', 'description'])

/** Reads the `default` of a field into `field`, or drops (and notes) one the field cannot take. */
function readDefault(node: Json, fieldType: FieldType, options: string[] | undefined, at: string, name: string, field: Json, issues: SchemaIssues): void {
  const value = node.default
  if (value === undefined) return
  const kind = VALUE_KINDS[DEFAULT_KIND[fieldType]]
  if (!kind.accepts(value)) {
    issues.adjust(`${at}/default`, `"default" of ${name} must be ${kind.description}, got ${describeValue(value)}; it is dropped, so the field starts empty.`)
    return
  }
  if (!options) {
    field.default = value
    return
  }
  const offered = options.map((o) => JSON.stringify(o)).join(', ')
  if (fieldType !== 'array') {
    if (options.includes(value as string)) field.default = value
    else issues.adjust(`${at}/default`, `"default" of ${name} is ${JSON.stringify(value)}, which is not one of its options (${offered}); it is dropped, so nothing is preselected.`)
    return
  }
  const chosen: string[] = []
  ;(value as string[]).forEach((item, index) => {
    if (!options.includes(item)) {
      issues.adjust(`${at}/default/${index}`, `"default" of ${name} has ${JSON.stringify(item)}, which is not one of its options (${offered}); it is not preselected.`)
    } else if (chosen.includes(item)) {
      issues.adjust(`${at}/default/${index}`, `"default" of ${name} repeats ${JSON.stringify(item)}; it is preselected once.`)
    } else chosen.push(item)
  })
  if (chosen.length > 0 || (value as string[]).length === 0) field.default = chosen
}

/**
 * Reads one property into a typed field; any issue fails the whole schema, so the result then does
 * not matter. `required` says whether the field must be answered: constraints no answer meets
 * refuse a required field only.
 */
function parseProperty(key: string, raw: unknown, root: Json, required: boolean, issues: SchemaIssues): PrimitiveSchemaDefinition | undefined {
  const at = `/properties/${escapePointerToken(key)}`
  const name = `property ${JSON.stringify(key)}`
  if (!isRecord(raw)) {
    issues.add(at, `${name} must be a schema object such as { "type": "string" }, got ${describeValue(raw)}.`)
    return undefined
  }
  const node = normalizeProperty(raw, root, at, name, issues)
  if (!node) return undefined
  refuseUnsupported(node, UNSUPPORTED_KEYWORDS, at, name, issues)
  const type = node.type
  if (type === 'object' || node.properties !== undefined) {
    issues.add(
      `${at}/${type === 'object' ? 'type' : 'properties'}`,
      `${name} is a nested object; elicitation schemas are flat, so move its fields to the top level.`,
    )
    return undefined
  }
  // Own keys only: a `type` of "toString" or "__proto__" must not find Object.prototype's members.
  if (typeof type !== 'string' || !Object.hasOwn(KEYWORDS_BY_TYPE, type)) {
    const hint = Array.isArray(type)
      ? ' A list of types is read only as one type and "null"; for an optional field, leave it out of "required".'
      : ''
    issues.add(`${at}/type`, `${name} has type ${describeValue(type)}; use one of ${FIELD_TYPES.join(', ')}.${hint}`)
    return undefined
  }
  const fieldType = type as FieldType
  const field: Json = { type: fieldType }
  const listsOptions = node.enum !== undefined || node.oneOf !== undefined || node.enumNames !== undefined
  if (listsOptions && fieldType !== 'string' && fieldType !== 'array') {
    issues.add(
      `${at}/${node.oneOf !== undefined ? 'oneOf' : 'enum'}`,
      `${name} of type ${fieldType} lists options; only strings can be single-selects, so use "type": "string".`,
    )
  }
  if (fieldType !== 'array' && node.items !== undefined) {
    issues.add(`${at}/items`, `${name} of type ${fieldType} has "items", which only arrays (multi-selects) use; remove it or use "type": "array".`)
  }

  const keywords = { ...SHARED_KEYWORDS, ...KEYWORDS_BY_TYPE[fieldType] }
  for (const [keyword, kind] of Object.entries(keywords)) {
    const value = node[keyword]
    if (value === undefined) continue
    if (VALUE_KINDS[kind].accepts(value)) field[keyword] = value
    else if (LABELS.has(keyword)) {
      issues.adjust(`${at}/${keyword}`, `"${keyword}" of ${name} must be ${VALUE_KINDS[kind].description}, got ${describeValue(value)}; it is dropped.`)
    } else if (keyword === 'writeOnly') {
      // Read on the safe side: a value that is not false may mark a secret, so it is masked.
      issues.adjust(`${at}/writeOnly`, `"writeOnly" of ${name} must be true or false, got ${describeValue(value)}; it is read as true, so the value is masked.`)
      field.writeOnly = true
    } else issues.add(`${at}/${keyword}`, `"${keyword}" of ${name} must be ${VALUE_KINDS[kind].description}, got ${describeValue(value)}.`)
  }
  if (fieldType === 'string') checkStringKeywords(field, at, name, issues)

  const options = fieldType === 'array' || (fieldType === 'string' && listsOptions) ? readSelectOptions(node, fieldType, at, name, field, issues) : undefined
  if (fieldType === 'array') {
    // A multi-select picks each option once, which a server that allows repeats accepts too.
    if (node.uniqueItems === true) field.uniqueItems = true
    else if (node.uniqueItems !== undefined) {
      issues.adjust(`${at}/uniqueItems`, `"uniqueItems" of ${name} should be true (a multi-select picks each option once), got ${describeValue(node.uniqueItems)}; it is ignored.`)
    }
  }
  readDefault(node, fieldType, options, at, name, field, issues)

  // Only once the field is whole: its options count for minItems.
  const conflict = fieldType !== 'array' || options ? findFieldConflict(field as unknown as PrimitiveSchemaDefinition) : undefined
  if (conflict) {
    const { detail, fix } = describeConflict(conflict)
    const said = `${name} has ${detail}, so no answer can be valid`
    if (required) issues.add(`${at}/${conflict.keyword}`, `${said}, and it is required; ${fix}`)
    else issues.adjust(`${at}/${conflict.keyword}`, `${said}; it is optional, so it is shown and can only be left empty. To fix it, ${fix}`)
  }
  return field as unknown as PrimitiveSchemaDefinition
}

/**
 * Adds up, field by field, the most pattern steps one answer could cost (see
 * `ELICITATION_INPUT_LIMITS.maxPatternWork`), and reports the field that takes the sum over the limit.
 */
function checkPatternWork(properties: Record<string, PrimitiveSchemaDefinition>, issues: SchemaIssues): void {
  const limit = ELICITATION_INPUT_LIMITS.maxPatternWork
  let total = 0
  for (const [key, field] of Object.entries(properties)) {
    const pattern = field.type === 'string' ? (field as StringFieldSchema).pattern : undefined
    if (pattern === undefined) continue
    const compiled = compileLinearPattern(pattern)
    if (!compiled.ok) continue
    const maxLength = maxStringLength(field as StringFieldSchema)
    const work = compiled.pattern.size * maxLength
    if (total + work > limit) {
      const affordable = Math.floor((limit - total) / compiled.pattern.size)
      issues.add(
        `/properties/${escapePointerToken(key)}/pattern`,
        `"pattern" of property ${JSON.stringify(key)} compiles to ${compiled.pattern.size} steps per character, so checking ${maxLength} characters` +
          ` takes the schema's patterns past the limit of ${limit} steps per answer; give the property a "maxLength" of at most ${affordable}, or use simpler patterns.`,
      )
      return
    }
    total += work
  }
}

/** Reads `required` as the property names it lists, each once; what is not a name is dropped and noted. */
function readRequired(input: Json, issues: SchemaIssues): string[] | undefined {
  const required = input.required
  if (required === undefined) return undefined
  if (!Array.isArray(required)) {
    issues.adjust('/required', `"required" must be an array of property names, got ${describeValue(required)}; it is ignored, so every field is optional.`)
    return undefined
  }
  const names: string[] = []
  required.forEach((name: unknown, index: number) => {
    if (typeof name !== 'string') {
      issues.adjust(`/required/${index}`, `Entry ${index} of "required" must be a property name, got ${describeValue(name)}; it is ignored.`)
    } else if (!names.includes(name)) names.push(name)
  })
  return names
}

/** Drops (and notes) the required names that are not properties: no form can ask for them. */
function keepPropertyNames(required: string[], list: unknown[], properties: unknown, issues: SchemaIssues): string[] {
  if (!isRecord(properties)) return required
  return required.filter((name) => {
    if (Object.hasOwn(properties, name)) return true
    issues.adjust(
      `/required/${list.indexOf(name)}`,
      `"required" names ${JSON.stringify(name)}, which is not among the properties; the name is ignored. Add the property or remove the name.`,
    )
    return false
  })
}

/** Reads an untrusted `requestedSchema`: the typed schema, or every issue with a JSON pointer and a sentence saying how to fix it. */
export function parseRequestedSchema(input: unknown): ParseRequestedSchemaResult {
  const issues = new SchemaIssues()
  const root = 'The requested schema'
  if (!isRecord(input)) {
    issues.add('', `${root} must be a JSON object such as { "type": "object", "properties": {} }, got ${describeValue(input)}.`)
    return { ok: false, issues: issues.list }
  }
  refuseUnsupported(input, ROOT_UNSUPPORTED_KEYWORDS, '', root, issues)
  if (input.type !== 'object') issues.add('/type', `"type" of ${root} must be "object", got ${describeValue(input.type)}.`)
  if (input.$schema !== undefined && typeof input.$schema !== 'string') {
    issues.add('/$schema', `"$schema" must be a string, got ${describeValue(input.$schema)}.`)
  }
  // PHP's json_encode writes an empty map as `[]` (laravel/mcp's form without fields).
  const rawProperties = Array.isArray(input.properties) && input.properties.length === 0 ? {} : input.properties
  const properties: Record<string, PrimitiveSchemaDefinition> = {}
  const listed = readRequired(input, issues)
  if (!isRecord(rawProperties)) {
    issues.add('/properties', `"properties" must be an object of fields, got ${describeValue(rawProperties)}.`)
  } else {
    for (const [key, node] of Object.entries(rawProperties)) {
      const field = parseProperty(key, node, input, listed?.includes(key) === true, issues)
      if (field) setOwn(properties, key, field)
    }
    checkPatternWork(properties, issues)
  }
  const required = listed && keepPropertyNames(listed, input.required as unknown[], rawProperties, issues)
  if (issues.list.length > 0) return { ok: false, issues: issues.list }
  const schema: RequestedSchema = { type: 'object', properties }
  if (typeof input.$schema === 'string') schema.$schema = input.$schema
  if (required !== undefined) schema.required = required
  return issues.adjustments.length > 0 ? { ok: true, schema, adjustments: issues.adjustments } : { ok: true, schema }
}
