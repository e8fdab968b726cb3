/**
 * Reads an untrusted `requestedSchema` into the typed restricted schema, or explains, field by field,
 * why it cannot be shown as a form. Accepts every shape the 2025-06-18 and 2025-11-25 specs allow
 * (plus the legacy `enumNames`) and tolerates harmless extras real servers send (`$schema`,
 * `additionalProperties`, annotations, `pattern`, Pydantic's nullable `anyOf`). Table-driven on
 * purpose: this ships in the browser entry, whose size is budgeted.
 */
import type { PrimitiveSchemaDefinition, RequestedSchema, TitledOption } from './protocol'

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
type Add = (pointer: string, message: string) => void
type Kind = 'str' | 'nat' | 'num' | 'bool'

const KINDS: Record<Kind, [(v: unknown) => boolean, string]> = {
  str: [(v) => typeof v === 'string', 'a string'],
  nat: [(v) => Number.isInteger(v) && (v as number) >= 0, 'a whole number of 0 or more'],
  num: [(v) => Number.isFinite(v), 'a number'],
  bool: [(v) => typeof v === 'boolean', 'true or false'],
}

// Keywords each type keeps, with the kind of value they take (title/description/writeOnly go everywhere).
const KEYWORDS: Record<string, Record<string, Kind>> = {
  string: { minLength: 'nat', maxLength: 'nat', format: 'str', pattern: 'str' },
  number: { minimum: 'num', maximum: 'num' },
  integer: { minimum: 'num', maximum: 'num' },
  boolean: {},
  array: { minItems: 'nat', maxItems: 'nat' },
}
const COMMON: Record<string, Kind> = { title: 'str', description: 'str', writeOnly: 'bool' }
const RANGES = [
  ['minLength', 'maxLength'],
  ['minimum', 'maximum'],
  ['minItems', 'maxItems'],
] as const
const FORMATS = ['email', 'uri', 'date', 'date-time']
// Keywords that would change what is valid if silently dropped: refused instead of guessed.
const UNSUPPORTED = [
  '$ref',
  'allOf',
  'anyOf',
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
]
const ROOT_UNSUPPORTED = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']

const MULTI = (name: string) => `${name} must be a multi-select: "items" with "type": "string" and "enum", or "anyOf" options.`
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v)
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`
}

/** Escapes a key for a JSON pointer (RFC 6901). */
export function escapePointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

// `__proto__` is a legal JSON key; plain assignment would set the prototype instead of a property.
function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Reads an `enum` (strings) or `[{ const, title }]` options; undefined after reporting when malformed. */
function parseOptions(value: unknown, at: string, name: string, titled: boolean, add: Add): string[] | undefined {
  const what = titled ? '{ "const", "title" } options' : 'strings'
  if (!Array.isArray(value) || value.length === 0) {
    add(at, `${name} must list its options as a non-empty array of ${what}.`)
    return undefined
  }
  const seen: string[] = []
  const before = seen.length
  let bad = 0
  value.forEach((option, i) => {
    const v = titled && isRecord(option) ? option.const : option
    const oat = titled ? `${at}/${i}/const` : `${at}/${i}`
    if (titled && !isRecord(option)) add(`${at}/${i}`, `Option ${i} of ${name} must be an object { "const", "title" }, got ${describe(option)}.`)
    else if (typeof v !== 'string') add(oat, `Option ${i} of ${name} must be a string value, got ${describe(v)}.`)
    else if (seen.includes(v)) add(oat, `Option ${i} of ${name} repeats the value ${JSON.stringify(v)}.`)
    else {
      seen.push(v)
      if (titled && typeof (option as Json).title !== 'string') add(`${at}/${i}/title`, `Option ${i} of ${name} needs a string "title" label.`)
      else return
    }
    bad++
  })
  return bad === 0 && seen.length > before ? seen : undefined
}

/**
 * Pydantic (the Python SDK, FastMCP) writes an optional field as `anyOf: [{ type: X }, { type: 'null' }]`
 * with `default: null`. "Optional" already means "may be left out", so read it as the plain X field.
 */
function unwrapNullable(node: Json): Json {
  const anyOf = node.anyOf
  if (node.type !== undefined || !Array.isArray(anyOf) || anyOf.length !== 2) return node
  const isNull = (m: unknown) => isRecord(m) && m.type === 'null' && Object.keys(m).length === 1
  const other = anyOf.find((m) => !isNull(m))
  if (!isRecord(other) || !anyOf.some(isNull)) return node
  const { anyOf: _drop, ...outer } = node
  const merged: Json = { ...other, ...outer }
  if (merged.default === null) delete merged.default
  return merged
}

/** Reads the options of a select (single or multi); returns the allowed values. */
function parseSelect(node: Json, type: string, at: string, name: string, out: Json, add: Add): string[] | undefined {
  if (type === 'array') {
    const items = node.items
    if (!isRecord(items)) {
      add(`${at}/items`, MULTI(name))
    } else if (items.anyOf !== undefined) {
      const values = parseOptions(items.anyOf, `${at}/items/anyOf`, name, true, add)
      if (values) out.items = { anyOf: (items.anyOf as TitledOption[]).map(({ const: c, title }) => ({ const: c, title })) }
      return values
    } else if (items.oneOf !== undefined) {
      add(`${at}/items/oneOf`, `${name} lists options in "items.oneOf"; multi-selects use "items.anyOf".`)
    } else if (items.type !== 'string' || items.enum === undefined) {
      const ptr = items.type !== 'string' ? `${at}/items/type` : `${at}/items`
      add(ptr, MULTI(name))
    } else {
      const values = parseOptions(items.enum, `${at}/items/enum`, name, false, add)
      if (values) out.items = { type: 'string', enum: values }
      return values
    }
    return undefined
  }
  if (node.oneOf !== undefined && node.enum !== undefined) {
    add(`${at}/oneOf`, `${name} has both "enum" and "oneOf"; keep one.`)
    return undefined
  }
  if (node.oneOf !== undefined) {
    const values = parseOptions(node.oneOf, `${at}/oneOf`, name, true, add)
    if (values) out.oneOf = (node.oneOf as TitledOption[]).map(({ const: c, title }) => ({ const: c, title }))
    return values
  }
  if (node.enumNames !== undefined) {
    const names = node.enumNames
    if (!Array.isArray(node.enum)) add(`${at}/enumNames`, `${name} has "enumNames" without "enum".`)
    else if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) add(`${at}/enumNames`, `"enumNames" of ${name} must be an array of strings.`)
    else if (names.length !== node.enum.length) {
      add(`${at}/enumNames`, `${name} has ${names.length} "enumNames" for ${node.enum.length} "enum" values; they must pair up one to one.`)
    } else out.enumNames = [...names]
  }
  if (node.enum === undefined) return undefined
  const values = parseOptions(node.enum, `${at}/enum`, name, false, add)
  if (values) out.enum = values
  return values
}

function parseProperty(key: string, raw: unknown, add: Add): PrimitiveSchemaDefinition | undefined {
  const at = `/properties/${escapePointerToken(key)}`
  const name = `property ${JSON.stringify(key)}`
  if (!isRecord(raw)) return void add(at, `The schema of ${name} must be an object, got ${describe(raw)}.`)
  const node = unwrapNullable(raw)
  let failed = false
  const fail: Add = (p, m) => {
    failed = true
    add(p, m)
  }
  for (const k of UNSUPPORTED) {
    if (node[k] === undefined) continue
    fail(`${at}/${escapePointerToken(k)}`, `${name} uses "${k}", which elicitation schemas do not support.`)
  }
  const type = node.type
  if (type === 'object' || node.properties !== undefined) {
    return void fail(`${at}/${type === 'object' ? 'type' : 'properties'}`, `${name} is a nested object; elicitation schemas are flat.`)
  }
  const keywords = typeof type === 'string' ? KEYWORDS[type] : undefined
  if (!keywords) {
    return void fail(`${at}/type`, `${name} has type ${describe(type)}; use string, number, integer, boolean or array.`)
  }
  const t = type as string
  const out: Json = { type: t }
  const isSelect = t === 'array' || node.enum !== undefined || node.oneOf !== undefined || node.enumNames !== undefined
  if (t !== 'string' && t !== 'array' && isSelect) fail(`${at}/${node.oneOf !== undefined ? 'oneOf' : 'enum'}`, `${name} of type ${t} lists options; only strings can be single-selects.`)
  if (t !== 'array' && node.items !== undefined) fail(`${at}/items`, `${name} of type ${t} has "items", which only arrays use.`)
  for (const [k, kind] of Object.entries({ ...COMMON, ...keywords })) {
    const v = node[k]
    if (v === undefined) continue
    const [check, label] = KINDS[kind]
    if (check(v)) out[k] = v
    else fail(`${at}/${k}`, `"${k}" of ${name} must be ${label}, got ${describe(v)}.`)
  }
  for (const [lo, hi] of RANGES) {
    const a = out[lo] as number | undefined
    const b = out[hi] as number | undefined
    if (a !== undefined && b !== undefined && a > b) fail(`${at}/${lo}`, `${name} has ${lo} ${a} greater than ${hi} ${b}, so no value can be valid.`)
  }
  if (typeof out.format === 'string' && !FORMATS.includes(out.format)) {
    fail(`${at}/format`, `${name} has format ${JSON.stringify(out.format)}; use email, uri, date or date-time (mark secrets "writeOnly").`)
  }
  if (typeof out.pattern === 'string') {
    try {
      // Same flags as Ajv 8, so both validators read the pattern alike.
      new RegExp(out.pattern, 'u')
    } catch (error) {
      fail(`${at}/pattern`, `"pattern" of ${name} is not a valid regular expression: ${(error as Error).message}.`)
    }
  }
  const values = isSelect && (t === 'string' || t === 'array') ? parseSelect(node, t, at, name, out, fail) : undefined
  if (t === 'array') {
    const min = out.minItems as number | undefined
    if (values && min !== undefined && min > values.length) fail(`${at}/minItems`, `${name} requires at least ${min} choices but offers only ${values.length} options.`)
    if (node.uniqueItems !== undefined && node.uniqueItems !== true) {
      fail(`${at}/uniqueItems`, `${name}: a multi-select picks each option once, so "uniqueItems" can only be true.`)
    }
  }
  const d = node.default
  if (d !== undefined) {
    const list = t === 'array' ? d : [d]
    const want = t === 'array' ? 'an array of strings' : t === 'integer' ? 'a whole number' : KINDS[t === 'boolean' ? 'bool' : t === 'string' ? 'str' : 'num'][1]
    const ok =
      Array.isArray(list) &&
      (t === 'array' || t === 'string' ? list.every((v) => typeof v === 'string') : t === 'boolean' ? typeof d === 'boolean' : t === 'integer' ? Number.isInteger(d) : Number.isFinite(d))
    const stray = ok && values ? (list as string[]).findIndex((v) => !values.includes(v)) : -1
    if (!ok) fail(`${at}/default`, `"default" of ${name} must be ${want}, got ${describe(d)}.`)
    else if (stray >= 0) fail(`${at}/default${t === 'array' ? `/${stray}` : ''}`, `"default" of ${name} has ${JSON.stringify((list as string[])[stray])}, which is not one of its options.`)
    else out.default = Array.isArray(d) ? [...d] : d
  }
  return failed ? undefined : (out as unknown as PrimitiveSchemaDefinition)
}

/** Reads an untrusted `requestedSchema`: the typed schema, or every issue with a JSON pointer and a readable sentence. */
export function parseRequestedSchema(input: unknown): ParseRequestedSchemaResult {
  const issues: SchemaIssue[] = []
  // Field names open many sentences ("property "x" ..."); a sentence starts with a capital.
  const add: Add = (pointer, m) => void issues.push({ pointer, message: m.charAt(0).toUpperCase() + m.slice(1) })
  if (!isRecord(input)) {
    add('', `The requested schema must be a JSON object, got ${describe(input)}.`)
    return { ok: false, issues }
  }
  for (const k of ROOT_UNSUPPORTED) {
    if (input[k] !== undefined) add(`/${escapePointerToken(k)}`, `The requested schema uses "${k}", which elicitation schemas do not support.`)
  }
  if (input.type !== 'object') add('/type', `The requested schema must have "type": "object", got ${describe(input.type)}.`)
  if (input.$schema !== undefined && typeof input.$schema !== 'string') add('/$schema', `"$schema" must be a string, got ${describe(input.$schema)}.`)
  const props = input.properties
  const properties: Record<string, PrimitiveSchemaDefinition> = {}
  if (!isRecord(props)) add('/properties', `The requested schema needs "properties", an object of fields, got ${describe(props)}.`)
  else {
    for (const [key, node] of Object.entries(props)) {
      const field = parseProperty(key, node, add)
      if (field) setOwn(properties, key, field)
    }
  }
  const required: string[] = []
  const req = input.required
  if (req !== undefined && !Array.isArray(req)) add('/required', `"required" must be an array of property names, got ${describe(req)}.`)
  else {
    ;(req ?? []).forEach((name: unknown, i: number) => {
      if (typeof name !== 'string') add(`/required/${i}`, `Entry ${i} of "required" must be a property name, got ${describe(name)}.`)
      else if (isRecord(props) && !Object.hasOwn(props, name)) add(`/required/${i}`, `"required" names ${JSON.stringify(name)}, which is not among the properties.`)
      else if (!required.includes(name)) required.push(name)
    })
  }
  if (issues.length > 0) return { ok: false, issues }
  const schema: RequestedSchema = { type: 'object', properties }
  if (typeof input.$schema === 'string') schema.$schema = input.$schema
  if (req !== undefined) schema.required = required
  return { ok: true, schema }
}
