import { ElicitRequestFormParamsSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { parseRequestedSchema } from '../src/elicitation/parse-requested-schema'
import { validateElicitationContent } from '../src/elicitation/validate-content'
import { UNSATISFIABLE_SCHEMAS, WORKED_AROUND_SCHEMAS } from './fixtures/flawed-schemas'
import { INVALID_SCHEMAS, TOLERATED_SCHEMAS } from './fixtures/other-schemas'
import { VALID_SCHEMAS } from './fixtures/valid-schemas'

describe('valid schema fixtures', () => {
  it.each(VALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: parses unchanged', (_, fixture) => {
    expect(parseRequestedSchema(structuredClone(fixture.schema))).toEqual({ ok: true, schema: fixture.schema })
  })

  it.each(VALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: passes the MCP SDK form params schema', (_, fixture) => {
    const result = ElicitRequestFormParamsSchema.safeParse({ mode: 'form', message: fixture.message, requestedSchema: fixture.schema })
    expect(result.error).toBeUndefined()
    expect(result.success).toBe(true)
  })

  it.each(VALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: its example content validates', (_, fixture) => {
    expect(validateElicitationContent(fixture.schema, fixture.content)).toEqual({ ok: true, content: fixture.content })
  })

  it('covers every property kind of the specs', () => {
    const kinds = new Set<string>()
    for (const { schema } of VALID_SCHEMAS) {
      for (const field of Object.values(schema.properties)) {
        const f = field as unknown as Record<string, unknown>
        const items = f.items as Record<string, unknown> | undefined
        if (f.type === 'array') kinds.add(items && 'anyOf' in items ? 'titled-multi' : 'untitled-multi')
        else if ('oneOf' in f) kinds.add('titled-single')
        else if ('enumNames' in f) kinds.add('legacy-enum')
        else if ('enum' in f) kinds.add('untitled-single')
        else kinds.add(String(f.type))
        if (typeof f.format === 'string') kinds.add(`format:${f.format}`)
        if ('default' in f) kinds.add(`default:${f.type}${'enum' in f || 'oneOf' in f ? ':select' : ''}`)
      }
    }
    expect([...kinds].sort()).toEqual(
      [
        'string',
        'number',
        'integer',
        'boolean',
        'untitled-single',
        'titled-single',
        'legacy-enum',
        'untitled-multi',
        'titled-multi',
        'format:email',
        'format:uri',
        'format:date',
        'format:date-time',
        'default:string',
        'default:string:select',
        'default:number',
        'default:integer',
        'default:boolean',
        'default:array',
      ].sort(),
    )
  })
})

describe('tolerated schema fixtures', () => {
  it.each(TOLERATED_SCHEMAS.map((f) => [f.name, f] as const))('%s: parses to the spec subset', (_, fixture) => {
    const result = parseRequestedSchema(fixture.input)
    expect(result).toEqual({ ok: true, schema: fixture.parsed })
    const sdk = ElicitRequestFormParamsSchema.safeParse({ message: 'm', requestedSchema: fixture.parsed })
    expect(sdk.success).toBe(true)
  })
})

describe('invalid schema fixtures', () => {
  it.each(INVALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: yields issues at the exact pointers', (_, fixture) => {
    const result = parseRequestedSchema(fixture.input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.pointer)).toEqual(fixture.pointers)
    for (const issue of result.issues) expect(issue.message).toMatch(/^[A-Z"].{15,}[.]$/)
  })
})

describe('flawed schema fixtures a form works around', () => {
  const cases = WORKED_AROUND_SCHEMAS.map((f) => [f.name, f] as const)

  it.each(cases)('%s: shown with the flaw worked around, and each adjustment reported where it is', (_, fixture) => {
    const result = parseRequestedSchema(structuredClone(fixture.input))
    expect(result).toEqual({ ok: true, schema: fixture.shown, adjustments: expect.any(Array) })
    if (!result.ok) return
    expect(result.adjustments?.map((a) => a.pointer)).toEqual(fixture.adjusted)
    for (const adjustment of result.adjustments ?? []) expect(adjustment.message).toMatch(/^[A-Z"].{15,}[.]$/)
  })

  it.each(cases)('%s: what the form shows is a schema the MCP SDK takes', (_, fixture) => {
    expect(ElicitRequestFormParamsSchema.safeParse({ message: 'm', requestedSchema: fixture.shown }).success).toBe(true)
  })

  it.each(cases)('%s: the answer passes', (_, fixture) => {
    expect(validateElicitationContent(fixture.shown, fixture.answer)).toEqual({ ok: true, content: fixture.answer })
  })

  it.each(cases.filter(([, f]) => f.refused))('%s: an answer the server\'s constraint refuses is refused on its field', (_, fixture) => {
    const refused = fixture.refused
    if (!refused) throw new Error('filtered')
    const result = validateElicitationContent(fixture.shown, refused.content)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors.map((e) => [e.field, e.keyword])).toContainEqual([refused.field, refused.keyword])
  })
})

describe('flawed schema fixtures no form can satisfy', () => {
  it.each(UNSATISFIABLE_SCHEMAS.map((f) => [f.name, f] as const))('%s: refused at the exact pointers, saying the field is required', (_, fixture) => {
    const result = parseRequestedSchema(fixture.input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.pointer)).toEqual(fixture.pointers)
    for (const issue of result.issues) expect(issue.message).toMatch(/so no answer can be valid, and it is required; .+[.]$/)
  })
})
