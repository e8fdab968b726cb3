/**
 * Reads an untrusted `requestedSchema` into the typed restricted schema, or explains, field by field,
 * why it cannot be shown as a form. Accepts every shape the 2025-06-18 and 2025-11-25 specs allow
 * (plus the legacy `enumNames`) and tolerates harmless extras real servers send (`$schema`,
 * `additionalProperties`, annotations, `pattern`, Pydantic's nullable `anyOf`). Table-driven on
 * purpose: this ships in the browser entry, whose size is budgeted.
 */
import type { PrimitiveSchemaDefinition, RequestedSchema, TitledOption } from './protocol'
import { isRecord } from '../guards'
import { escapePointerToken, isOfType, setOwn } from './schema-helpers'

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

// What a value of each kind is called in messages; `nat` is a count (minLength, maxItems...).
const LABELS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'an array of strings',
  nat: 'a whole number >= 0',
}

const NUMBER_KEYWORDS = { minimum: 'number', maximum: 'number' }
// Keywords each type keeps, with the kind of value they take (title/description/writeOnly go everywhere).
const KEYWORDS: Record<string, Json> = {
  string: { minLength: 'nat', maxLength: 'nat', format: 'string', pattern: 'string' },
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  boolean: {},
  array: { minItems: 'nat', maxItems: 'nat' },
}
const COMMON = { title: 'string', description: 'string', writeOnly: 'boolean' }
const RANGES = [
  ['minLength', 'maxLength'],
  ['minimum', 'maximum'],
  ['minItems', 'maxItems'],
] as const
const FORMATS = ['email', 'uri', 'date', 'date-time']
// Keywords that would change what is valid if silently dropped: refused instead of guessed.
const UNSUPPORTED = ['$ref', 'allOf', 'anyOf', 'not', 'if', 'then', 'else']
const PROPERTY_UNSUPPORTED = [
  ...UNSUPPORTED,
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
const ROOT_UNSUPPORTED = [...UNSUPPORTED, 'oneOf']

function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v)
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`
}

// The shape most issues take: "<what> must be <expected>, got <actual>."
const mustBe = (what: string, expected: string, value: unknown) => `${what} must be ${expected}, got ${describe(value)}.`

const MULTI = (name: string) => `${name} must be a multi-select ("items" with "enum" or "anyOf").`

// Copies titled options with only the spec's two keys.
const titledOptions = (options: TitledOption[]) => options.map(({ const: c, title }) => ({ const: c, title }))

/**
 * Reads `holder[key]`, an `enum` of strings or `oneOf` / `anyOf` titled options, into `into[key]`;
 * returns the allowed values, or undefined after reporting what is malformed.
 */
function readOptions(holder: Json, key: 'enum' | 'oneOf' | 'anyOf', at: string, name: string, into: Json, add: Add): string[] | undefined {
  const value = holder[key]
  const path = `${at}/${key}`
  const titled = key !== 'enum'
  if (!Array.isArray(value) || value.length === 0) return void add(path, `${name} needs a non-empty options array.`)
  const seen: string[] = []
  let bad = 0
  value.forEach((option, i) => {
    const v = titled && isRecord(option) ? option.const : option
    const oat = titled ? `${path}/${i}/const` : `${path}/${i}`
    const what = `Option ${i} of ${name}`
    if (titled && !isRecord(option)) add(`${path}/${i}`, mustBe(what, 'an object', option))
    else if (typeof v !== 'string') add(oat, mustBe(what, 'a string value', v))
    else if (seen.includes(v)) add(oat, `${what} repeats ${JSON.stringify(v)}.`)
    else {
      seen.push(v)
      if (titled && typeof (option as Json).title !== 'string') add(`${path}/${i}/title`, `${what} needs a string "title".`)
      else return
    }
    bad++
  })
  if (bad > 0) return undefined
  into[key] = titled ? titledOptions(value) : seen
  return seen
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

/** Reads the options of a select (single or multi) into `out`; returns the allowed values. */
function parseSelect(node: Json, type: string, at: string, name: string, out: Json, add: Add): string[] | undefined {
  if (type === 'array') {
    const items = node.items
    const itemsAt = `${at}/items`
    if (!isRecord(items)) return void add(itemsAt, MULTI(name))
    const titled = items.anyOf !== undefined
    if (!titled && items.oneOf !== undefined) return void add(`${itemsAt}/oneOf`, `${name} must use "items.anyOf", not "items.oneOf".`)
    if (!titled && (items.type !== 'string' || items.enum === undefined)) return void add(items.type !== 'string' ? `${itemsAt}/type` : itemsAt, MULTI(name))
    const into: Json = titled ? {} : { type: 'string' }
    out.items = into
    return readOptions(items, titled ? 'anyOf' : 'enum', itemsAt, name, into, add)
  }
  if (node.oneOf !== undefined) {
    if (node.enum !== undefined) return void add(`${at}/oneOf`, `${name} has both "enum" and "oneOf"; keep one.`)
    return readOptions(node, 'oneOf', at, name, out, add)
  }
  if (node.enumNames !== undefined) {
    const names = node.enumNames
    const namesAt = `${at}/enumNames`
    if (!Array.isArray(node.enum)) add(namesAt, `${name} has "enumNames" without "enum".`)
    else if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) add(namesAt, `"enumNames" of ${name} must be strings.`)
    else if (names.length !== node.enum.length) {
      add(namesAt, `${name} has ${names.length} "enumNames" for ${node.enum.length} "enum" values; they must pair up one to one.`)
    } else out.enumNames = [...names]
  }
  return node.enum === undefined ? undefined : readOptions(node, 'enum', at, name, out, add)
}

/** Reports each keyword of `keys` present on `node`. */
function refuseUnsupported(node: Json, keys: string[], at: string, subject: string, add: Add): void {
  for (const k of keys) {
    if (node[k] !== undefined) add(`${at}/${escapePointerToken(k)}`, `${subject} uses unsupported "${k}".`)
  }
}

// Any issue fails the whole schema, so what this returns only counts when nothing was reported.
function parseProperty(key: string, raw: unknown, add: Add): PrimitiveSchemaDefinition | undefined {
  const at = `/properties/${escapePointerToken(key)}`
  const name = `property ${JSON.stringify(key)}`
  if (!isRecord(raw)) return void add(at, mustBe(name, 'an object', raw))
  const node = unwrapNullable(raw)
  refuseUnsupported(node, PROPERTY_UNSUPPORTED, at, name, add)
  const type = node.type
  if (type === 'object' || node.properties !== undefined) {
    return void add(`${at}/${type === 'object' ? 'type' : 'properties'}`, `${name} is a nested object; elicitation schemas are flat.`)
  }
  // Own keys only: a `type` of "toString" or "__proto__" must not find Object.prototype's members.
  const keywords = typeof type === 'string' && Object.hasOwn(KEYWORDS, type) ? KEYWORDS[type] : undefined
  if (!keywords) {
    return void add(`${at}/type`, `${name} has type ${describe(type)}; use ${Object.keys(KEYWORDS).join(', ')}.`)
  }
  const t = type as string
  const out: Json = { type: t }
  const isSelect = t === 'array' || node.enum !== undefined || node.oneOf !== undefined || node.enumNames !== undefined
  const canSelect = t === 'string' || t === 'array'
  if (isSelect && !canSelect) add(`${at}/${node.oneOf !== undefined ? 'oneOf' : 'enum'}`, `${name} of type ${t} cannot list options.`)
  if (t !== 'array' && node.items !== undefined) add(`${at}/items`, `${name} of type ${t} cannot have "items".`)
  for (const [k, kind] of Object.entries({ ...COMMON, ...keywords }) as [string, string][]) {
    const v = node[k]
    if (v === undefined) continue
    if (kind === 'nat' ? Number.isInteger(v) && (v as number) >= 0 : isOfType(kind, v)) out[k] = v
    else add(`${at}/${k}`, mustBe(`"${k}" of ${name}`, LABELS[kind]!, v))
  }
  for (const [lo, hi] of RANGES) {
    const a = out[lo] as number | undefined
    const b = out[hi] as number | undefined
    if (a !== undefined && b !== undefined && a > b) add(`${at}/${lo}`, `${name} has ${lo} ${a} greater than ${hi} ${b}, so no value can be valid.`)
  }
  if (typeof out.format === 'string' && !FORMATS.includes(out.format)) {
    add(`${at}/format`, `${name} has format ${JSON.stringify(out.format)}; use ${FORMATS.join(', ')} (secrets: "writeOnly").`)
  }
  if (typeof out.pattern === 'string') {
    try {
      // Same flags as Ajv 8, so both validators read the pattern alike.
      new RegExp(out.pattern, 'u')
    } catch (error) {
      add(`${at}/pattern`, `"pattern" of ${name} is not a valid regular expression: ${(error as Error).message}.`)
    }
  }
  const values = isSelect && canSelect ? parseSelect(node, t, at, name, out, add) : undefined
  if (t === 'array') {
    const min = out.minItems as number | undefined
    if (values && min !== undefined && min > values.length) add(`${at}/minItems`, `${name} requires at least ${min} choices but offers only ${values.length} options.`)
    // A multi-select picks each option once.
    if (node.uniqueItems !== undefined && node.uniqueItems !== true) add(`${at}/uniqueItems`, mustBe(`"uniqueItems" of ${name}`, 'true', node.uniqueItems))
  }
  const d = node.default
  if (d !== undefined) {
    const list = t === 'array' ? d : [d]
    const ok = Array.isArray(list) && list.every((v) => isOfType(t === 'array' ? 'string' : t, v))
    const stray = ok && values ? (list as string[]).findIndex((v) => !values.includes(v)) : -1
    if (!ok) add(`${at}/default`, mustBe(`"default" of ${name}`, LABELS[t]!, d))
    else if (stray >= 0) add(`${at}/default${t === 'array' ? `/${stray}` : ''}`, `"default" of ${name} has ${JSON.stringify((list as string[])[stray])}, not an option.`)
    out.default = Array.isArray(d) ? [...d] : d
  }
  return out as unknown as PrimitiveSchemaDefinition
}

/** Reads an untrusted `requestedSchema`: the typed schema, or every issue with a JSON pointer and a readable sentence. */
export function parseRequestedSchema(input: unknown): ParseRequestedSchemaResult {
  const issues: SchemaIssue[] = []
  // Field names open many sentences ("property "x" ..."); a sentence starts with a capital.
  const add: Add = (pointer, m) => void issues.push({ pointer, message: m.charAt(0).toUpperCase() + m.slice(1) })
  const root = 'The requested schema'
  if (!isRecord(input)) {
    add('', mustBe(root, 'a JSON object', input))
    return { ok: false, issues }
  }
  refuseUnsupported(input, ROOT_UNSUPPORTED, '', root, add)
  if (input.type !== 'object') add('/type', mustBe(`"type" of ${root}`, '"object"', input.type))
  if (input.$schema !== undefined && typeof input.$schema !== 'string') add('/$schema', mustBe('"$schema"', 'a string', input.$schema))
  const props = input.properties
  const properties: Record<string, PrimitiveSchemaDefinition> = {}
  if (!isRecord(props)) add('/properties', mustBe('"properties"', 'an object', props))
  else {
    for (const [key, node] of Object.entries(props)) {
      const field = parseProperty(key, node, add)
      if (field) setOwn(properties, key, field)
    }
  }
  const required: string[] = []
  const req = input.required
  if (req !== undefined && !Array.isArray(req)) add('/required', mustBe('"required"', 'an array', req))
  else {
    ;(req ?? []).forEach((name: unknown, i: number) => {
      if (typeof name !== 'string') add(`/required/${i}`, mustBe(`Entry ${i} of "required"`, 'a property name', name))
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
