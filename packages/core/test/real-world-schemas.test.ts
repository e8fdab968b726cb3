/**
 * The real-world schema set on its own: what the kit shows for each, that the server's accepted
 * answer passes and its refused answer fails on the same field and keyword, and what the MCP SDK
 * v1 `Client`'s own zod parse does to the same params (the reason every adapter reads the raw ones).
 */
import { ElicitRequestFormParamsSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { parseRequestedSchema } from '../src/elicitation/parse-requested-schema'
import { validateElicitationContent } from '../src/elicitation/validate-content'
import { REAL_WORLD_SCHEMAS } from './fixtures/real-world-schemas'

const cases = REAL_WORLD_SCHEMAS.map((fixture) => [fixture.name, fixture] as const)

describe('real-world schemas', () => {
  it('are twenty-five, from laravel/mcp, FastMCP, Pydantic, go-sdk and the PHP SDK', () => {
    expect(REAL_WORLD_SCHEMAS).toHaveLength(25)
    const sources = REAL_WORLD_SCHEMAS.map((f) => f.source)
    for (const project of ['laravel/mcp', 'fastmcp', 'python-sdk', 'Pydantic', 'go-sdk', 'php-sdk']) {
      expect(sources.some((source) => source.includes(project))).toBe(true)
    }
    expect(REAL_WORLD_SCHEMAS.filter((f) => f.name.startsWith('laravel probe-'))).toHaveLength(12)
  })

  it.each(cases)('%s: shown as the restricted schema it means', (_, fixture) => {
    expect(parseRequestedSchema(structuredClone(fixture.requestedSchema))).toEqual({ ok: true, schema: fixture.shown })
  })

  it.each(cases)('%s: the answer the server accepts passes', (_, fixture) => {
    expect(validateElicitationContent(fixture.shown, fixture.answer)).toEqual({ ok: true, content: fixture.answer })
  })

  it.each(cases.filter(([, f]) => f.refused))('%s: the answer the server refuses is refused on the same field', (_, fixture) => {
    const refused = fixture.refused
    if (!refused) throw new Error('filtered')
    const result = validateElicitationContent(fixture.shown, refused.content)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors.map((e) => [e.field, e.keyword])).toContainEqual([refused.field, refused.keyword])
  })

  it('the MCP SDK v1 zod parse rejects six of them and silently strips constraints from others', () => {
    const outcome = (requestedSchema: unknown) => {
      const parsed = ElicitRequestFormParamsSchema.safeParse({ mode: 'form', message: 'm', requestedSchema })
      if (!parsed.success) return 'rejected'
      return JSON.stringify(parsed.data.requestedSchema).length < JSON.stringify(requestedSchema).length ? 'stripped' : 'kept'
    }
    const by = Object.fromEntries(REAL_WORLD_SCHEMAS.map((f) => [f.name, outcome(f.requestedSchema)]))
    expect(by['laravel probe-11: titled enum without type']).toBe('rejected')
    expect(by['laravel form without fields: properties is []']).toBe('rejected')
    expect(by['FastMCP [["low", "medium", "high"]]: multi-select items without type']).toBe('rejected')
    expect(by['Pydantic Optional fields: anyOf with null']).toBe('rejected')
    expect(by['Pydantic enum class: $ref into $defs']).toBe('rejected')
    expect(by['go-sdk jsonschema.For[T]: pointers and slices as type lists with null']).toBe('rejected')
    // pattern, exclusiveMinimum, uniqueItems and writeOnly are dropped, so answers the server refuses pass.
    expect(by['Pydantic constraints: pattern, gt, le, set of Literal']).toBe('stripped')
    expect(by['Pydantic SecretStr, EmailStr and date']).toBe('rejected')
  })
})
