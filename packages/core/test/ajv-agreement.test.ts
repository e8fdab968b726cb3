/**
 * The kit's eval-free validator against the oracle it must agree with: Ajv 8 + ajv-formats in the
 * default "full" mode, `coerceTypes` off, `allErrors` on. Pairs come from a seeded generator, so every
 * run checks the same pairs. Two deliberate differences: the kit treats a multi-select as a set, so the
 * oracle schema gets `uniqueItems: true` on arrays (the kit's form always sends it that way); and the kit
 * bounds every answer (a default maxLength, a linear-time pattern matcher), which the generated answers,
 * all short, stay within. Patterns the kit cannot check in linear time fail the whole schema instead.
 */
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { ELICITATION_INPUT_LIMITS } from '../src/elicitation/input-limits'
import { parseRequestedSchema } from '../src/elicitation/parse-requested-schema'
import type { PrimitiveSchemaDefinition, RequestedSchema } from '../src/elicitation/protocol'
import { validateElicitationContent } from '../src/elicitation/validate-content'
import { VALID_SCHEMAS } from './fixtures/valid-schemas'
import { seededRandom } from './seeded-random'


type Rand = () => number
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T
const chance = (r: Rand, p: number) => r() < p
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))

const VALUES = {
  email: ['ada@example.com', 'a.b+c@sub.example.org', 'x@y', 'no-at-sign', 'a@b.c', 'spaces in@example.com', '@example.com', 'a@-b.com'],
  uri: ['https://example.com/a?b=c#d', 'mailto:ada@example.com', 'urn:isbn:0451450523', 'example.com', '/relative/path', 'http://[::1]:8080/', 'ht tp://x', 'https://exa mple.com'],
  date: ['2024-02-29', '2023-02-29', '2025-12-31', '2025-13-01', '2025-04-31', '25-01-01', '2025-1-1', '2025-01-01T00:00:00Z'],
  'date-time': ['2025-01-31T09:30:00Z', '2025-01-31t09:30:00.123+01:00', '2025-01-31 09:30:00-05:30', '2025-01-31T09:30:00', '2025-01-31T24:00:00Z', '2016-12-31T23:59:60Z', '2016-12-31T22:59:60Z', '2025-02-30T10:00:00Z'],
} as const
const TEXTS = [
  ...['', 'a', 'ab', 'Ada', 'hello world', 'ABC', 'abc', 'ÄÖÜ', '😀', '😀😀😀', 'x'.repeat(12), '123-4567', '  ', 'tab\there'],
  // Answers for the real-world patterns below, and the short attacks on the hostile ones.
  ...['a@b.co', 'a b@c.d', '+14155552671', '94103', '94103-1234', 'my-slug', 'my--slug', '#fff', '#A1B2C3', '2025-01-31', 'ab cd'],
  ...['a'.repeat(12), `${'a'.repeat(11)}!`, `${'x'.repeat(11)}y`],
]
// Patterns the kit runs on its linear-time matcher: the kinds real servers send, and classic ReDoS
// shapes (short answers keep Ajv's backtracking quick enough to serve as the oracle).
const PATTERNS = [
  ...['^[a-z]+$', '^\\d{3}-\\d{4}$', '^\\p{Lu}', '^.{2,4}$', 'b'],
  ...['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', '^\\+?[1-9]\\d{1,14}$', '^\\d{5}(-\\d{4})?$', '^[a-z0-9]+(?:-[a-z0-9]+)*$'],
  ...['^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', '\\bcd\\b', '^\\S+$'],
  ...['^(a+)+$', '^(a|aa)+$', '(x+x+)+y', '^(\\w+\\s?)*$', '^(.*a){3}$'],
]
const OPTIONS = ['red', 'green', 'blue', 'cyan', 'magenta', 'yellow']

function genField(r: Rand): PrimitiveSchemaDefinition {
  const kind = pick(r, ['string', 'format', 'number', 'integer', 'boolean', 'enum', 'oneOf', 'legacy', 'multi', 'titledMulti'] as const)
  const n = int(r, 1, 5)
  const opts = OPTIONS.slice(0, n)
  switch (kind) {
    case 'string': {
      const f: Record<string, unknown> = { type: 'string' }
      if (chance(r, 0.5)) f.minLength = int(r, 0, 3)
      if (chance(r, 0.5)) f.maxLength = int(r, (f.minLength as number | undefined) ?? 0, 6)
      if (chance(r, 0.35)) f.pattern = pick(r, PATTERNS)
      return f as unknown as PrimitiveSchemaDefinition
    }
    case 'format': {
      const f: Record<string, unknown> = { type: 'string', format: pick(r, Object.keys(VALUES) as (keyof typeof VALUES)[]) }
      if (chance(r, 0.2)) f.maxLength = int(r, 5, 30)
      return f as unknown as PrimitiveSchemaDefinition
    }
    case 'number':
    case 'integer': {
      // Each side has no bound, an inclusive one or an exclusive one (Pydantic's ge / gt, le / lt).
      const f: Record<string, unknown> = { type: kind }
      const low = pick(r, [undefined, 'minimum', 'minimum', 'exclusiveMinimum'] as const)
      const high = pick(r, [undefined, 'maximum', 'maximum', 'exclusiveMaximum'] as const)
      const lowValue = pick(r, [-10, -1.5, 0, 1, 2.5])
      if (low) f[low] = lowValue
      if (high) f[high] = low ? Math.max(lowValue + (low === 'minimum' && high === 'maximum' ? 0 : 1), pick(r, [0, 3, 7.5, 100])) : pick(r, [0, 3, 7.5, 100])
      return f as unknown as PrimitiveSchemaDefinition
    }
    case 'boolean':
      return { type: 'boolean' }
    case 'enum':
      return { type: 'string', enum: opts, ...(chance(r, 0.2) ? { minLength: 4 } : {}) }
    case 'oneOf':
      return { type: 'string', oneOf: opts.map((o) => ({ const: o, title: o.toUpperCase() })) }
    case 'legacy':
      return { type: 'string', enum: opts, enumNames: opts.map((o) => o.toUpperCase()) }
    case 'multi':
    case 'titledMulti': {
      const items = kind === 'multi' ? { type: 'string' as const, enum: opts } : { anyOf: opts.map((o) => ({ const: o, title: o })) }
      const f: Record<string, unknown> = { type: 'array', items }
      if (chance(r, 0.3)) f.uniqueItems = true
      if (chance(r, 0.4)) f.minItems = int(r, 0, Math.min(2, n))
      if (chance(r, 0.4)) f.maxItems = int(r, (f.minItems as number | undefined) ?? 0, n)
      return f as unknown as PrimitiveSchemaDefinition
    }
  }
}

function genValue(r: Rand, field: PrimitiveSchemaDefinition): unknown {
  // Mostly plausible values, some of the wrong kind, to probe both verdicts.
  if (chance(r, 0.12)) return pick(r, [null, 'x', 3, 2.5, true, [], ['red'], {}, '3', -0, 1e21])
  const f = field as unknown as Record<string, unknown>
  switch (field.type) {
    case 'string': {
      const options = (f.enum as string[] | undefined) ?? (f.oneOf as { const: string }[] | undefined)?.map((o) => o.const)
      if (options) return chance(r, 0.8) ? pick(r, options) : pick(r, ['purple', 'RED', '', 'green '])
      if (typeof f.format === 'string') return pick(r, VALUES[f.format as keyof typeof VALUES])
      return pick(r, TEXTS)
    }
    case 'number':
    case 'integer':
      return pick(r, [-11, -10, -1.5, -1, 0, 0.5, 1, 2, 2.5, 3, 7.5, 8, 100, 101, 42])
    case 'boolean':
      return chance(r, 0.9) ? r() < 0.5 : 'true'
    case 'array': {
      const items = f.items as { enum?: string[]; anyOf?: { const: string }[] }
      const options = items.enum ?? items.anyOf?.map((o) => o.const) ?? []
      const out: unknown[] = []
      const count = int(r, 0, options.length + 1)
      for (let i = 0; i < count; i++) out.push(chance(r, 0.9) ? pick(r, options) : pick(r, ['nope', 1, null]))
      return out
    }
  }
}

function genPair(r: Rand): { schema: RequestedSchema; content: unknown } {
  const properties: Record<string, PrimitiveSchemaDefinition> = {}
  const count = int(r, 1, 4)
  for (let i = 0; i < count; i++) properties[`f${i}`] = genField(r)
  const required = Object.keys(properties).filter(() => chance(r, 0.4))
  const schema: RequestedSchema = { type: 'object', properties, ...(required.length ? { required } : {}) }
  if (chance(r, 0.03)) return { schema, content: pick(r, [null, [], 'text', 1]) }
  const content: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(properties)) {
    if (chance(r, 0.15)) continue
    content[name] = genValue(r, field)
  }
  if (chance(r, 0.15)) content.extra = 'ignored'
  return { schema, content }
}

function toOracleSchema(schema: RequestedSchema): Record<string, unknown> {
  const properties: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(schema.properties)) {
    properties[name] = field.type === 'array' ? { ...field, uniqueItems: true } : field
  }
  // The draft is irrelevant to this subset; the default Ajv class only knows draft-07 meta-schemas.
  const { $schema: _ignored, ...rest } = schema
  return { ...rest, properties }
}

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false })
addFormats(ajv)

type Verdict = { ok: boolean; fields: string[] }

// Ajv compiles each schema once; the pairs are checked by several tests.
const compiled = new WeakMap<RequestedSchema, ReturnType<typeof ajv.compile>>()

function oracle(schema: RequestedSchema, content: unknown): Verdict {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(toOracleSchema(schema))
    compiled.set(schema, validate)
  }
  const ok = validate(structuredClone(content)) as boolean
  const fields = new Set<string>()
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'required') fields.add(String((error.params as { missingProperty: string }).missingProperty))
    else fields.add((error.instancePath.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~'))
  }
  return { ok, fields: [...fields].sort() }
}

function kit(schema: RequestedSchema, content: unknown): Verdict {
  const result = validateElicitationContent(schema, content)
  return result.ok ? { ok: true, fields: [] } : { ok: false, fields: [...new Set(result.errors.map((e) => e.field))].sort() }
}

const PAIRS = (() => {
  const r = seededRandom(20251125)
  return Array.from({ length: 460 }, () => genPair(r))
})()

describe('validateElicitationContent agrees with Ajv 8 + ajv-formats (full)', () => {
  it('generates at least 200 parseable pairs with both verdicts well represented', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(200)
    for (const { schema } of PAIRS) expect(parseRequestedSchema(schema).ok).toBe(true)
    const accepted = PAIRS.filter((p) => oracle(p.schema, p.content).ok).length
    expect(accepted).toBeGreaterThan(100)
    expect(PAIRS.length - accepted).toBeGreaterThan(100)
    // Ajv compiles every schema here (tens of ms each on a busy machine); the verdict tests reuse them.
  }, 120_000)

  it('exercises every keyword the kit checks', () => {
    const keywords = new Set<string>()
    for (const { schema, content } of PAIRS) {
      const result = validateElicitationContent(schema, content)
      if (!result.ok) for (const e of result.errors) keywords.add(e.keyword)
    }
    expect([...keywords].sort()).toEqual(
      [
        ...['enum', 'exclusiveMaximum', 'exclusiveMinimum', 'format', 'maxItems', 'maxLength', 'maximum', 'minItems', 'minLength'],
        ...['minimum', 'pattern', 'required', 'type', 'uniqueItems'],
      ].sort(),
    )
  })

  it('gives the same verdict and the same failing fields on every generated pair', () => {
    const disagreements = PAIRS.map((pair, i) => ({ i, pair, ajv: oracle(pair.schema, pair.content), kit: kit(pair.schema, pair.content) }))
      .filter((d) => d.ajv.ok !== d.kit.ok || d.ajv.fields.join() !== d.kit.fields.join())
      .map((d) => `#${d.i} ${JSON.stringify(d.pair)} ajv=${JSON.stringify(d.ajv)} kit=${JSON.stringify(d.kit)}`)
    expect(disagreements).toEqual([])
  })

  it('agrees on every valid fixture with its example content', () => {
    for (const fixture of VALID_SCHEMAS) {
      expect(kit(fixture.schema, fixture.content), fixture.name).toEqual(oracle(fixture.schema, fixture.content))
    }
  })

  it('gives the same verdict on every pattern of the list against every text', () => {
    const disagreements: string[] = []
    let patternsWithBothVerdicts = 0
    for (const pattern of PATTERNS) {
      const schema: RequestedSchema = { type: 'object', properties: { f: { type: 'string', pattern } } }
      const verdicts = new Set<boolean>()
      for (const text of TEXTS) {
        const expected = oracle(schema, { f: text })
        const actual = kit(schema, { f: text })
        verdicts.add(expected.ok)
        if (expected.ok !== actual.ok) disagreements.push(`${pattern} on ${JSON.stringify(text)}: ajv=${expected.ok} kit=${actual.ok}`)
      }
      if (verdicts.size === 2) patternsWithBothVerdicts++
    }
    expect(disagreements).toEqual([])
    expect(patternsWithBothVerdicts).toBe(PATTERNS.length)
  })

  it('refuses, as a whole schema with a clear issue, the patterns it cannot check in linear time', () => {
    for (const pattern of ['^(a)\\1$', '^(?=a).$', '(?<!a)b', 'a{2000}']) {
      const result = parseRequestedSchema({ type: 'object', properties: { f: { type: 'string', pattern }, g: { type: 'string' } } })
      expect(result.ok, pattern).toBe(false)
      if (result.ok) continue
      expect(result.issues).toHaveLength(1)
      expect(result.issues[0]?.pointer).toBe('/properties/f/pattern')
      expect(result.issues[0]?.message).toMatch(/^"pattern" of property "f" .+ (Rewrite|Shorten) .+ check the answer on the server\.$/)
    }
  })

  it('shows the deliberate difference: answers are bounded even without maxLength', () => {
    const schema: RequestedSchema = { type: 'object', properties: { t: { type: 'string' }, p: { type: 'string', pattern: '^a*$' } } }
    const long = { t: 'x'.repeat(ELICITATION_INPUT_LIMITS.defaultMaxStringLength + 1) }
    const longPatterned = { p: 'a'.repeat(ELICITATION_INPUT_LIMITS.defaultMaxPatternStringLength + 1) }
    expect(new Ajv({ strict: false }).validate(schema, long)).toBe(true)
    expect(new Ajv({ strict: false }).validate(schema, longPatterned)).toBe(true)
    expect(kit(schema, long)).toEqual({ ok: false, fields: ['t'] })
    expect(kit(schema, longPatterned)).toEqual({ ok: false, fields: ['p'] })
  })

  it('shows the deliberate difference: repeated multi-select choices are refused', () => {
    const schema: RequestedSchema = { type: 'object', properties: { t: { type: 'array', items: { type: 'string', enum: ['a'] } } } }
    expect(new Ajv({ strict: false }).validate(schema, { t: ['a', 'a'] })).toBe(true)
    expect(kit(schema, { t: ['a', 'a'] })).toEqual({ ok: false, fields: ['t'] })
  })
})
