/**
 * Rewrites the shapes real servers send for a property into the restricted schema's own, when the
 * rewrite means exactly the same thing, before `parseRequestedSchema` reads it. Each rewrite keeps
 * every constraint; anything that cannot be rewritten faithfully is reported and the schema refused.
 *
 * - a local `$ref` (Pydantic's `$defs`, zod-to-json-schema's reused `#/properties/...`) is replaced
 *   by what it points to, its sibling annotations kept;
 * - Pydantic's optional `anyOf: [X, { type: 'null' }]` is read as X (optional means "may be left out");
 * - a `type` list with `null` (go-sdk's pointers and slices) is read as its one other type;
 * - a select without `type` (laravel/mcp's titled enum, FastMCP's `[["a", "b"]]` items) is a string;
 * - draft-04 boolean `exclusiveMinimum` / `exclusiveMaximum` become their numeric form (alone, without
 *   the bound they qualify, they constrain nothing and are dropped).
 */
import { isRecord } from '../guards'
import { describeValue, type SchemaIssues } from './schema-issues'

type Json = Record<string, unknown>

// A chain of references longer than this is refused: real schemas point once, maybe twice.
const MAX_REF_HOPS = 8

// Keywords that only label a value: a `$ref`'s siblings may override these in the target.
const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly'])

/** Follows a JSON pointer fragment (`#/$defs/Color`, `#/properties/from`) from the root schema. */
function followPointer(root: Json, ref: string): unknown {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    let token: string
    try {
      token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    } catch {
      return undefined
    }
    if (!isRecord(node) && !Array.isArray(node)) return undefined
    // Own keys only: a pointer through "__proto__" or "constructor" must find nothing.
    if (!Object.hasOwn(node, token)) return undefined
    node = (node as Json)[token]
  }
  return node
}

/**
 * Replaces a local `$ref` by its target; siblings of the `$ref` that only annotate (title, default...)
 * override the target's, and any other sibling must agree with it. Undefined after reporting.
 */
function resolveRef(node: Json, root: Json, at: string, name: string, issues: SchemaIssues): Json | undefined {
  let current = node
  const seen = new Set<string>()
  for (let hop = 0; current.$ref !== undefined; hop++) {
    const ref = current.$ref
    if (typeof ref !== 'string') {
      issues.add(`${at}/$ref`, `"$ref" of ${name} must be a string, got ${describeValue(ref)}.`)
      return undefined
    }
    if (seen.has(ref) || hop >= MAX_REF_HOPS) {
      issues.add(`${at}/$ref`, `${name} refers in a loop or through more than ${MAX_REF_HOPS} "$ref"s (${JSON.stringify(ref)}); inline the definition.`)
      return undefined
    }
    seen.add(ref)
    const target = followPointer(root, ref)
    if (!isRecord(target)) {
      const where = ref.startsWith('#') ? 'which points to nothing in this schema' : 'which is not a reference inside this schema'
      issues.add(`${at}/$ref`, `${name} uses "$ref": ${JSON.stringify(ref)}, ${where}; inline the definition it points to.`)
      return undefined
    }
    const { $ref: _ref, ...siblings } = current
    const merged: Json = { ...target }
    for (const [keyword, value] of Object.entries(siblings)) {
      if (!ANNOTATIONS.has(keyword) && Object.hasOwn(target, keyword) && JSON.stringify(target[keyword]) !== JSON.stringify(value)) {
        issues.add(
          `${at}/${keyword}`,
          `${name} sets "${keyword}" beside "$ref" to a value that differs from the definition's; keep one of the two.`,
        )
        return undefined
      }
      merged[keyword] = value
    }
    current = merged
  }
  return current
}

const isNullSchema = (member: unknown): boolean => isRecord(member) && member.type === 'null' && Object.keys(member).length === 1

/**
 * Pydantic (the Python SDK, FastMCP) writes an optional field as `anyOf: [{ type: X }, { type: 'null' }]`
 * with `default: null`. "Optional" already means "may be left out", so read it as the plain X field.
 */
function unwrapNullable(node: Json, root: Json, at: string, name: string, issues: SchemaIssues): Json | undefined {
  const anyOf = node.anyOf
  if (node.type !== undefined || !Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.some(isNullSchema)) return node
  const other = anyOf.find((member) => !isNullSchema(member))
  if (!isRecord(other)) return node
  const resolved = resolveRef(other, root, `${at}/anyOf/${anyOf.indexOf(other)}`, name, issues)
  if (!resolved) return undefined
  const { anyOf: _nullable, ...outer } = node
  const merged: Json = { ...resolved, ...outer }
  if (merged.default === null) delete merged.default
  return merged
}

/** go-sdk writes a pointer or a slice as `type: ['null', X]`: optional X, which leaving it out of `required` says. */
function singleType(node: Json): Json {
  const type = node.type
  if (!Array.isArray(type)) return node
  const others = type.filter((t) => t !== 'null')
  if (others.length !== 1) return node
  const merged: Json = { ...node, type: others[0] }
  if (merged.default === null) delete merged.default
  return merged
}

const isOptionList = (list: unknown): boolean => Array.isArray(list) && list.length > 0 && list.every((option) => isRecord(option) && 'const' in option)
const isStringList = (list: unknown): boolean => Array.isArray(list) && list.length > 0 && list.every((value) => typeof value === 'string')

/** A select written without `type` (its options are strings) is a string field. */
function inferSelectType(node: Json): Json {
  if (node.type !== undefined) return node
  if (isOptionList(node.oneOf) || isStringList(node.enum)) return { ...node, type: 'string' }
  return node
}

/** Draft 4's `exclusiveMinimum: true` beside `minimum: m` is today's `exclusiveMinimum: m`. */
function numericExclusiveBounds(node: Json, at: string, name: string, issues: SchemaIssues): Json {
  let out = node
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const flag = out[exclusive]
    if (typeof flag !== 'boolean') continue
    const { [exclusive]: _flag, ...rest } = out
    if (!flag) {
      out = rest
      continue
    }
    const bound = out[inclusive]
    if (typeof bound !== 'number') {
      // Draft 4 reads the flag only beside its bound: alone it constrains nothing.
      issues.adjust(`${at}/${exclusive}`, `${name} has "${exclusive}": true without a numeric "${inclusive}", which bounds nothing; it is ignored. Give the bound as "${exclusive}": <number>.`)
      out = rest
      continue
    }
    const { [inclusive]: _bound, ...unbounded } = rest
    out = { ...unbounded, [exclusive]: bound }
  }
  return out
}

/** The property `raw` in the restricted schema's own shape, or undefined after reporting why it cannot be. */
export function normalizeProperty(raw: Json, root: Json, at: string, name: string, issues: SchemaIssues): Json | undefined {
  const resolved = resolveRef(raw, root, at, name, issues)
  if (!resolved) return undefined
  const unwrapped = unwrapNullable(resolved, root, at, name, issues)
  if (!unwrapped) return undefined
  let node = numericExclusiveBounds(inferSelectType(singleType(unwrapped)), at, name, issues)
  if (isRecord(node.items)) {
    const items = resolveRef(node.items, root, `${at}/items`, name, issues)
    if (!items) return undefined
    // FastMCP's `[["a", "b"]]` multi-select sends `items: { enum: [...] }` without a type.
    node = { ...node, items: items.type === undefined && isStringList(items.enum) ? { ...items, type: 'string' } : items }
  }
  return node
}
