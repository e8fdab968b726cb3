/**
 * Every schema the spec's subset allows renders in Chromium without throwing: each kind x each of its
 * keywords (one at a time, then all together) x required / optional x a plain or sensitive name
 * (`password`, `pin`, `writeOnly`) x with / without a default, each read by the kit's own parser
 * first, exactly as the broker reads a server's schema; then the 25 real-world schemas. A form that
 * threw would be declined (the cannot-render notice and a `decline` on the wire): neither may happen.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { isSensitiveField, parseRequestedSchema } from '@mcp-hitl/core/internal'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { REAL_WORLD_SCHEMAS } from '../../../core/test/fixtures/real-world-schemas'
import { formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

type Json = Record<string, unknown>

interface Kind {
  base: Json
  /** Each keyword the spec allows on this kind, with a legal value. */
  keywords: Record<string, Json>
  default: unknown
}

const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`)
const titled = (n: number) => options(n).map((value, i) => ({ const: value, title: `Option ${i}` }))
const text = { description: { description: 'Shown under the field.' } }

const KINDS: Record<string, Kind> = {
  text: { base: { type: 'string' }, keywords: { ...text, minLength: { minLength: 2 }, maxLength: { maxLength: 20 }, pattern: { pattern: '^[a-z]+$' } }, default: 'abc' },
  email: { base: { type: 'string', format: 'email' }, keywords: { ...text, minLength: { minLength: 3 }, maxLength: { maxLength: 64 } }, default: 'ada@example.com' },
  uri: { base: { type: 'string', format: 'uri' }, keywords: { ...text, maxLength: { maxLength: 200 } }, default: 'https://example.com' },
  date: { base: { type: 'string', format: 'date' }, keywords: text, default: '2025-01-31' },
  dateTime: { base: { type: 'string', format: 'date-time' }, keywords: text, default: '2025-01-31T09:30:00.000Z' },
  number: {
    base: { type: 'number' },
    keywords: { ...text, minimum: { minimum: 0 }, maximum: { maximum: 10 }, exclusiveMinimum: { exclusiveMinimum: -1 }, exclusiveMaximum: { exclusiveMaximum: 11 } },
    default: 2.5,
  },
  integer: {
    base: { type: 'integer' },
    keywords: { ...text, minimum: { minimum: 0 }, maximum: { maximum: 9999 }, exclusiveMinimum: { exclusiveMinimum: -1 }, exclusiveMaximum: { exclusiveMaximum: 10_000 } },
    default: 42,
  },
  boolean: { base: { type: 'boolean' }, keywords: text, default: true },
  enum: { base: { type: 'string', enum: options(3) }, keywords: text, default: 'o1' },
  longEnum: { base: { type: 'string', enum: options(9) }, keywords: text, default: 'o7' },
  titledEnum: { base: { type: 'string', oneOf: titled(3) }, keywords: text, default: 'o2' },
  longTitledEnum: { base: { type: 'string', oneOf: titled(9) }, keywords: text, default: 'o8' },
  legacyEnumNames: { base: { type: 'string', enum: options(3), enumNames: ['First', 'Second', 'Third'] }, keywords: text, default: 'o0' },
  multiSelect: {
    base: { type: 'array', items: { type: 'string', enum: options(4) } },
    keywords: { ...text, minItems: { minItems: 1 }, maxItems: { maxItems: 2 }, uniqueItems: { uniqueItems: true } },
    default: ['o1'],
  },
  longMultiSelect: { base: { type: 'array', items: { type: 'string', enum: options(12) } }, keywords: { ...text, maxItems: { maxItems: 3 } }, default: ['o4', 'o9'] },
  titledMultiSelect: {
    base: { type: 'array', items: { anyOf: titled(4) } },
    keywords: { ...text, minItems: { minItems: 1 }, maxItems: { maxItems: 3 } },
    default: ['o0', 'o3'],
  },
}

const SENSITIVITY = ['plain', 'password', 'pin', 'writeOnly'] as const

/** One kind's fields: every keyword choice x required x sensitivity x default, with unique names and titles. */
function kindSchema(kind: string, spec: Kind): { schema: Json; count: number } {
  const properties: Json = {}
  const required: string[] = []
  const keywordChoices: [string, Json][] = [['none', {}], ...Object.entries(spec.keywords), ['all', Object.assign({}, ...Object.values(spec.keywords))]]
  let n = 0
  for (const [keyword, extra] of keywordChoices) {
    for (const isRequired of [false, true]) {
      for (const sensitivity of SENSITIVITY) {
        for (const withDefault of [false, true]) {
          n++
          // The sensitive word is in the name (the title stays neutral), or the field says writeOnly.
          const stem = sensitivity === 'password' ? 'Password' : sensitivity === 'pin' ? 'Pin' : 'Field'
          const name = `${kind}${stem}${n}`
          const field: Json = { ...spec.base, ...extra, title: `${kind} ${keyword} ${n}` }
          if (sensitivity === 'writeOnly') field.writeOnly = true
          if (withDefault) field.default = spec.default
          properties[name] = field
          if (isRequired) required.push(name)
        }
      }
    }
  }
  return { schema: { type: 'object', properties, required }, count: n }
}

async function renderWithoutDecline(schema: RequestedSchema) {
  const rec = recordingFetch()
  const screen = await render(<Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} inline />)
  const form = screen.container.querySelector<HTMLElement>('[data-part="form"]')
  expect(form, 'the form rendered').not.toBeNull()
  expect(screen.container.querySelector('[data-notice="cannot-render"]')).toBeNull()
  // A decline would be on its way by now (it is sent from the boundary's commit).
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(rec.bodies).toEqual([])
  return form as HTMLElement
}

describe('every combination of the spec subset renders', () => {
  it.each(Object.entries(KINDS))('%s', async (kind, spec) => {
    const { schema, count } = kindSchema(kind, spec)
    const parsed = parseRequestedSchema(schema)
    if (!parsed.ok) throw new Error(`the parser refused the generated ${kind} schema: ${JSON.stringify(parsed.issues)}`)
    expect(Object.keys(parsed.schema.properties)).toHaveLength(count)
    const form = await renderWithoutDecline(parsed.schema)
    for (const [name, field] of Object.entries(parsed.schema.properties)) {
      expect(form.textContent, name).toContain(field.title)
      // Sensitive strings and numbers are masked; choices and booleans show their options.
      const input = form.querySelector<HTMLInputElement>(`input[id$="_${name}"]`)
      const maskable = field.type === 'string' || field.type === 'number' || field.type === 'integer'
      if (maskable && !('enum' in field) && !('oneOf' in field)) {
        expect(input, name).not.toBeNull()
        expect(input?.type === 'password', name).toBe(isSensitiveField(name, field))
      }
    }
  })
})

describe('the 25 real-world schemas render', () => {
  it.each(REAL_WORLD_SCHEMAS.map((fixture) => [fixture.name, fixture] as const))('%s', async (_, fixture) => {
    const parsed = parseRequestedSchema(fixture.requestedSchema)
    if (!parsed.ok) throw new Error(`the parser refused ${fixture.name}: ${JSON.stringify(parsed.issues)}`)
    expect(parsed.schema).toEqual(fixture.shown)
    const form = await renderWithoutDecline(parsed.schema)
    for (const field of Object.values(parsed.schema.properties)) if (field.title) expect(form.textContent).toContain(field.title)
  })
})
