/**
 * Reads an untrusted `requestedSchema` into the typed restricted schema, or explains, field by field,
 * why it cannot be shown as a form. Accepts every shape the 2025-06-18 and 2025-11-25 specs allow
 * (plus the legacy `enumNames`) and tolerates harmless extras real servers send.
 */
import type {
  PrimitiveSchemaDefinition,
  RequestedSchema,
  StringFormat,
  TitledOption,
} from './protocol'

/** One reason a schema was refused: where (a JSON pointer into the schema) and why. */
export interface SchemaIssue {
  /** JSON pointer into the schema, e.g. `/properties/age/minimum`; empty string for the root. */
  pointer: string
  /** A sentence a developer understands. */
  message: string
}

/** The typed schema, or every issue found. */
export type ParseRequestedSchemaResult = { ok: true; schema: RequestedSchema } | { ok: false; issues: SchemaIssue[] }

type Json = Record<string, unknown>

const FORMATS: ReadonlySet<string> = new Set<StringFormat>(['email', 'uri', 'date', 'date-time'])

// Keywords that would change what is valid if silently dropped: refuse them instead of guessing.
const UNSUPPORTED_KEYWORDS = [
  '$ref',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'const',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'patternProperties',
  'dependentRequired',
  'dependentSchemas',
  'contains',
  'prefixItems',
  'additionalItems',
] as const

const ROOT_UNSUPPORTED = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'patternProperties'] as const

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

/** Escapes a key for a JSON pointer (RFC 6901). */
export function escapePointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

// `__proto__` is a legal JSON key; plain assignment would set the prototype instead of a property.
function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

class Collector {
  readonly issues: SchemaIssue[] = []
  add(pointer: string, message: string): void {
    // Field names open many sentences ("property "x" ..."); a sentence starts with a capital.
    this.issues.push({ pointer, message: message.charAt(0).toUpperCase() + message.slice(1) })
  }
}

function optionalString(node: Json, key: string, at: string, name: string, c: Collector, out: Json): void {
  const value = node[key]
  if (value === undefined) return
  if (typeof value !== 'string') c.add(`${at}/${key}`, `"${key}" of ${name} must be a string, got ${describe(value)}.`)
  else out[key] = value
}

function nonNegativeInt(node: Json, key: string, at: string, name: string, c: Collector, out: Json): number | undefined {
  const value = node[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    c.add(`${at}/${key}`, `"${key}" of ${name} must be a whole number of 0 or more, got ${describe(value)}.`)
    return undefined
  }
  out[key] = value
  return value
}

function checkRange(
  lo: number | undefined,
  hi: number | undefined,
  loKey: string,
  hiKey: string,
  at: string,
  name: string,
  c: Collector,
): void {
  if (lo !== undefined && hi !== undefined && lo > hi) {
    c.add(`${at}/${loKey}`, `${name} has ${loKey} ${lo} greater than ${hiKey} ${hi}, so no value can be valid.`)
  }
}

function rejectUnsupported(node: Json, keys: readonly string[], at: string, name: string, c: Collector): void {
  for (const key of keys) {
    if (node[key] === undefined) continue
    const hint =
      key === '$ref'
        ? ' Inline the field instead of referencing a definition.'
        : key.startsWith('exclusive')
          ? ' Use the inclusive "minimum" / "maximum".'
          : ''
    c.add(`${at}/${escapePointerToken(key)}`, `${name} uses "${key}", which elicitation schemas do not support.${hint}`)
  }
}

/** Reads `[{ const, title }]`; returns undefined after reporting when malformed. */
function parseOptions(value: unknown, at: string, name: string, key: string, c: Collector): TitledOption[] | undefined {
  if (!Array.isArray(value)) {
    c.add(at, `"${key}" of ${name} must be an array of { "const", "title" } options, got ${describe(value)}.`)
    return undefined
  }
  if (value.length === 0) {
    c.add(at, `"${key}" of ${name} lists no options, so nothing could be chosen.`)
    return undefined
  }
  const options: TitledOption[] = []
  const seen = new Set<string>()
  let ok = true
  value.forEach((option, i) => {
    const oat = `${at}/${i}`
    if (!isRecord(option)) {
      c.add(oat, `Option ${i} of ${name} must be an object { "const", "title" }, got ${describe(option)}.`)
      ok = false
      return
    }
    if (typeof option.const !== 'string') {
      c.add(`${oat}/const`, `Option ${i} of ${name} needs a string "const" value, got ${describe(option.const)}.`)
      ok = false
    } else if (seen.has(option.const)) {
      c.add(`${oat}/const`, `Option ${i} of ${name} repeats the value ${JSON.stringify(option.const)}.`)
      ok = false
    } else seen.add(option.const)
    if (typeof option.title !== 'string') {
      c.add(`${oat}/title`, `Option ${i} of ${name} needs a string "title" label, got ${describe(option.title)}.`)
      ok = false
    }
    if (ok) options.push({ const: option.const as string, title: option.title as string })
  })
  return ok ? options : undefined
}

/** Reads an `enum` of strings; returns undefined after reporting when malformed. */
function parseEnum(value: unknown, at: string, name: string, c: Collector): string[] | undefined {
  if (!Array.isArray(value)) {
    c.add(at, `"enum" of ${name} must be an array of strings, got ${describe(value)}.`)
    return undefined
  }
  if (value.length === 0) {
    c.add(at, `"enum" of ${name} lists no values, so nothing could be chosen.`)
    return undefined
  }
  const seen = new Set<string>()
  let ok = true
  value.forEach((item, i) => {
    if (typeof item !== 'string') {
      c.add(`${at}/${i}`, `Value ${i} in "enum" of ${name} must be a string, got ${describe(item)}. Only string options are supported.`)
      ok = false
    } else if (seen.has(item)) {
      c.add(`${at}/${i}`, `Value ${i} in "enum" of ${name} repeats ${JSON.stringify(item)}.`)
      ok = false
    } else seen.add(item)
  })
  return ok ? (value as string[]) : undefined
}

function parseString(node: Json, at: string, name: string, c: Collector, out: Json): void {
  optionalString(node, 'format', at, name, c, {})
  if (node.format !== undefined && typeof node.format === 'string') {
    if (FORMATS.has(node.format)) out.format = node.format
    else {
      const hint = node.format === 'password' ? ' Mark secret fields with "writeOnly": true instead.' : ''
      c.add(`${at}/format`, `${name} has format ${JSON.stringify(node.format)}; only email, uri, date and date-time are supported.${hint}`)
    }
  }
  const lo = nonNegativeInt(node, 'minLength', at, name, c, out)
  const hi = nonNegativeInt(node, 'maxLength', at, name, c, out)
  checkRange(lo, hi, 'minLength', 'maxLength', at, name, c)
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== 'string') {
      c.add(`${at}/pattern`, `"pattern" of ${name} must be a string, got ${describe(node.pattern)}.`)
    } else {
      try {
        // Same flags as Ajv 8, so both validators read the pattern alike.
        new RegExp(node.pattern, 'u')
        out.pattern = node.pattern
      } catch (error) {
        c.add(`${at}/pattern`, `"pattern" of ${name} is not a valid regular expression: ${(error as Error).message}.`)
      }
    }
  }
  if (node.oneOf !== undefined && node.enum !== undefined) {
    c.add(`${at}/oneOf`, `${name} has both "enum" and "oneOf"; use one of them to list the options.`)
    return
  }
  let values: string[] | undefined
  if (node.oneOf !== undefined) {
    const options = parseOptions(node.oneOf, `${at}/oneOf`, name, 'oneOf', c)
    if (options) {
      out.oneOf = options
      values = options.map((o) => o.const)
    }
  } else if (node.enum !== undefined) {
    values = parseEnum(node.enum, `${at}/enum`, name, c)
    if (values) out.enum = [...values]
  }
  if (node.enumNames !== undefined) {
    if (node.enum === undefined) {
      c.add(`${at}/enumNames`, `${name} has "enumNames" without "enum"; the labels have no values to name.`)
    } else if (!Array.isArray(node.enumNames) || node.enumNames.some((n) => typeof n !== 'string')) {
      c.add(`${at}/enumNames`, `"enumNames" of ${name} must be an array of strings.`)
    } else if (Array.isArray(node.enum) && node.enumNames.length !== node.enum.length) {
      c.add(
        `${at}/enumNames`,
        `${name} has ${node.enumNames.length} "enumNames" for ${node.enum.length} "enum" values; they must pair up one to one.`,
      )
    } else out.enumNames = [...(node.enumNames as string[])]
  }
  if (node.writeOnly !== undefined) {
    if (typeof node.writeOnly !== 'boolean') c.add(`${at}/writeOnly`, `"writeOnly" of ${name} must be true or false.`)
    else out.writeOnly = node.writeOnly
  }
  if (node.default !== undefined) {
    if (typeof node.default !== 'string') {
      c.add(`${at}/default`, `"default" of ${name} must be a string, got ${describe(node.default)}.`)
    } else if (values && !values.includes(node.default)) {
      c.add(`${at}/default`, `"default" of ${name} is ${JSON.stringify(node.default)}, which is not one of its options.`)
    } else out.default = node.default
  }
}

function parseNumber(node: Json, at: string, name: string, c: Collector, out: Json, integer: boolean): void {
  const bound = (key: 'minimum' | 'maximum'): number | undefined => {
    const value = node[key]
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      c.add(`${at}/${key}`, `"${key}" of ${name} must be a number, got ${describe(value)}.`)
      return undefined
    }
    out[key] = value
    return value
  }
  checkRange(bound('minimum'), bound('maximum'), 'minimum', 'maximum', at, name, c)
  if (node.default !== undefined) {
    const d = node.default
    if (typeof d !== 'number' || !Number.isFinite(d)) {
      c.add(`${at}/default`, `"default" of ${name} must be a number, got ${describe(d)}.`)
    } else if (integer && !Number.isInteger(d)) {
      c.add(`${at}/default`, `"default" of ${name} must be a whole number because its type is integer, got ${d}.`)
    } else out.default = d
  }
}

function parseArray(node: Json, at: string, name: string, c: Collector, out: Json): void {
  const items = node.items
  let values: string[] | undefined
  if (!isRecord(items)) {
    c.add(`${at}/items`, `${name} is an array, so it needs "items" listing the options ({ "type": "string", "enum": [...] } or { "anyOf": [...] }).`)
  } else if (items.anyOf !== undefined) {
    const options = parseOptions(items.anyOf, `${at}/items/anyOf`, name, 'items.anyOf', c)
    if (options) {
      out.items = { anyOf: options }
      values = options.map((o) => o.const)
    }
  } else if (items.oneOf !== undefined) {
    c.add(`${at}/items/oneOf`, `${name} lists its options in "items.oneOf"; multi-selects use "items.anyOf" with { "const", "title" } options.`)
  } else if (items.type !== 'string') {
    c.add(`${at}/items/type`, `${name} is an array of ${describe(items.type)}; only multi-selects of strings ("items": { "type": "string", "enum": [...] }) are supported.`)
  } else if (items.enum === undefined) {
    c.add(`${at}/items`, `${name} is a free list of strings; arrays must be multi-selects with "items.enum" or "items.anyOf" options.`)
  } else {
    values = parseEnum(items.enum, `${at}/items/enum`, name, c)
    if (values) out.items = { type: 'string', enum: [...values] }
  }
  const lo = nonNegativeInt(node, 'minItems', at, name, c, out)
  const hi = nonNegativeInt(node, 'maxItems', at, name, c, out)
  checkRange(lo, hi, 'minItems', 'maxItems', at, name, c)
  if (values && lo !== undefined && lo > values.length) {
    c.add(`${at}/minItems`, `${name} requires at least ${lo} choices but offers only ${values.length} options.`)
  }
  if (node.uniqueItems !== undefined && node.uniqueItems !== true) {
    c.add(`${at}/uniqueItems`, `${name} allows repeated choices; a multi-select picks each option at most once, so "uniqueItems" can only be true.`)
  }
  if (node.default !== undefined) {
    const d = node.default
    if (!Array.isArray(d) || d.some((v) => typeof v !== 'string')) {
      c.add(`${at}/default`, `"default" of ${name} must be an array of strings, got ${describe(d)}.`)
    } else {
      const bad = values ? d.findIndex((v) => !values.includes(v as string)) : -1
      if (bad >= 0) c.add(`${at}/default/${bad}`, `"default" of ${name} contains ${JSON.stringify(d[bad])}, which is not one of its options.`)
      else out.default = [...(d as string[])]
    }
  }
}

/**
 * Pydantic (the Python SDK, FastMCP) writes an optional field as `anyOf: [{ type: X }, { type: 'null' }]`
 * with `default: null`. In an elicitation form "optional" already means "may be left out", so read it
 * as the plain X field; the null itself is never sent.
 */
function unwrapNullable(node: Json): Json {
  const anyOf = node.anyOf
  if (node.type !== undefined || !Array.isArray(anyOf) || anyOf.length !== 2) return node
  const nulls = anyOf.filter((m) => isRecord(m) && m.type === 'null' && Object.keys(m).length === 1)
  const other = anyOf.find((m) => !(isRecord(m) && m.type === 'null'))
  if (nulls.length !== 1 || !isRecord(other)) return node
  const { anyOf: _drop, ...outer } = node
  const merged: Json = { ...other, ...outer }
  if (merged.default === null) delete merged.default
  return merged
}

function parseProperty(key: string, raw: unknown, c: Collector): PrimitiveSchemaDefinition | undefined {
  const at = `/properties/${escapePointerToken(key)}`
  const name = `property ${JSON.stringify(key)}`
  const before = c.issues.length
  if (!isRecord(raw)) {
    c.add(at, `The schema of ${name} must be an object, got ${describe(raw)}.`)
    return undefined
  }
  const node = unwrapNullable(raw)
  rejectUnsupported(node, UNSUPPORTED_KEYWORDS, at, name, c)
  const out: Json = {}
  const type = node.type
  if (type === undefined) {
    c.add(`${at}/type`, `${name} has no "type"; use string, number, integer, boolean or array.`)
    return undefined
  }
  if (type === 'object' || node.properties !== undefined) {
    c.add(type === 'object' ? `${at}/type` : `${at}/properties`, `${name} is a nested object; elicitation schemas are flat, so move its fields to the top level.`)
    return undefined
  }
  if (typeof type !== 'string' || !['string', 'number', 'integer', 'boolean', 'array'].includes(type)) {
    const hint = Array.isArray(type) ? ' A list of types is not supported; leave a field out of "required" to make it optional.' : ''
    c.add(`${at}/type`, `${name} has type ${describe(type)}; use string, number, integer, boolean or array.${hint}`)
    return undefined
  }
  if (node.anyOf !== undefined) {
    c.add(`${at}/anyOf`, `${name} uses "anyOf", which only multi-selects support, inside "items"; leave a field out of "required" to make it optional.`)
  }
  if (node.oneOf !== undefined && type !== 'string') {
    c.add(`${at}/oneOf`, `${name} uses "oneOf", which only string single-selects support.`)
  }
  if ((node.enum !== undefined || node.enumNames !== undefined) && type !== 'string') {
    c.add(`${at}/enum`, `${name} of type ${type} has "enum"; only strings can be single-selects.`)
  }
  if (node.items !== undefined && type !== 'array') c.add(`${at}/items`, `${name} of type ${type} has "items", which only arrays use.`)
  out.type = type
  optionalString(node, 'title', at, name, c, out)
  optionalString(node, 'description', at, name, c, out)
  if (type === 'string') parseString(node, at, name, c, out)
  else if (type === 'number' || type === 'integer') parseNumber(node, at, name, c, out, type === 'integer')
  else if (type === 'array') parseArray(node, at, name, c, out)
  else if (node.default !== undefined) {
    if (typeof node.default !== 'boolean') c.add(`${at}/default`, `"default" of ${name} must be true or false, got ${describe(node.default)}.`)
    else out.default = node.default
  }
  if (type !== 'string' && node.writeOnly !== undefined) {
    if (typeof node.writeOnly !== 'boolean') c.add(`${at}/writeOnly`, `"writeOnly" of ${name} must be true or false.`)
    else out.writeOnly = node.writeOnly
  }
  return c.issues.length === before ? (out as unknown as PrimitiveSchemaDefinition) : undefined
}

/** Reads an untrusted `requestedSchema`: the typed schema, or every issue with a JSON pointer and a readable sentence. */
export function parseRequestedSchema(input: unknown): ParseRequestedSchemaResult {
  const c = new Collector()
  if (!isRecord(input)) {
    c.add('', `The requested schema must be a JSON object, got ${describe(input)}.`)
    return { ok: false, issues: c.issues }
  }
  rejectUnsupported(input, ROOT_UNSUPPORTED, '', 'The requested schema', c)
  if (input.type !== 'object') {
    c.add('/type', `The requested schema must have "type": "object", got ${describe(input.type)}.`)
  }
  if (input.$schema !== undefined && typeof input.$schema !== 'string') {
    c.add('/$schema', `"$schema" must be a string, got ${describe(input.$schema)}.`)
  }
  const properties: Record<string, PrimitiveSchemaDefinition> = {}
  if (!isRecord(input.properties)) {
    c.add('/properties', `The requested schema needs "properties", an object of fields, got ${describe(input.properties)}.`)
  } else {
    for (const [key, node] of Object.entries(input.properties)) {
      const field = parseProperty(key, node, c)
      if (field) setOwn(properties, key, field)
    }
  }
  let required: string[] | undefined
  if (input.required !== undefined) {
    if (!Array.isArray(input.required)) {
      c.add('/required', `"required" must be an array of property names, got ${describe(input.required)}.`)
    } else {
      required = []
      input.required.forEach((name, i) => {
        if (typeof name !== 'string') c.add(`/required/${i}`, `Entry ${i} of "required" must be a property name, got ${describe(name)}.`)
        else if (isRecord(input.properties) && !Object.hasOwn(input.properties, name)) {
          c.add(`/required/${i}`, `"required" names ${JSON.stringify(name)}, which is not among the properties.`)
        } else if (!required?.includes(name)) required?.push(name)
      })
    }
  }
  if (c.issues.length > 0) return { ok: false, issues: c.issues }
  const schema: RequestedSchema = { type: 'object', properties }
  if (typeof input.$schema === 'string') schema.$schema = input.$schema
  if (required) schema.required = required
  return { ok: true, schema }
}
