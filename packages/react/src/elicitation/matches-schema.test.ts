import { type RequestedSchema, validateElicitationContent } from '@mcp-hitl/core'
import { describe, expect, it } from 'vitest'
import { matchesSchema } from './matches-schema'

describe('matchesSchema (RJSF isValid on sub-schemas)', () => {
  it('answers oneOf / anyOf option checks by const', () => {
    expect(matchesSchema({ const: 'a', title: 'A' }, 'a')).toBe(true)
    expect(matchesSchema({ const: 'a', title: 'A' }, 'b')).toBe(false)
    const titled = { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] }
    expect(matchesSchema(titled, 'b')).toBe(true)
    expect(matchesSchema(titled, 'c')).toBe(false)
    const multi = { type: 'array', items: { anyOf: [{ const: 'x' }, { const: 'y' }] }, maxItems: 1 }
    expect(matchesSchema(multi, ['x'])).toBe(true)
    expect(matchesSchema(multi, ['x', 'y'])).toBe(false)
    expect(matchesSchema(multi, ['z'])).toBe(false)
  })

  it('checks types, bounds, formats and flat objects', () => {
    expect(matchesSchema({ type: 'integer', minimum: 1 }, 1.5)).toBe(false)
    expect(matchesSchema({ type: 'number', maximum: 3 }, 3)).toBe(true)
    expect(matchesSchema({ type: 'string', format: 'email' }, 'a@b.co')).toBe(true)
    expect(matchesSchema({ type: 'string', format: 'date' }, '2025-13-45')).toBe(false)
    expect(matchesSchema({ type: 'string', minLength: 2 }, '😀')).toBe(false)
    const obj = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }
    expect(matchesSchema(obj, { n: 1 })).toBe(true)
    expect(matchesSchema(obj, {})).toBe(false)
    expect(matchesSchema(obj, { n: 'x' })).toBe(false)
    expect(matchesSchema(true, 'anything')).toBe(true)
    expect(matchesSchema(false, 'anything')).toBe(false)
  })

  it('checks formats exactly as the content validator does (one format checker for the kit)', () => {
    const values: Record<string, string[]> = {
      email: ['ada@example.com', 'a@-b.com', 'a..b@example.com', 'x@y', 'no-at', 'a b@c.d'],
      uri: ['https://example.com/a?b#c', 'urn:isbn:0451450523', 'example.com', 'https://exa mple.com', 'x:'],
      date: ['2024-02-29', '2023-02-29', '2025-04-31', '2025-1-1'],
      'date-time': ['2025-01-31T09:30:00Z', '2025-01-31T09:30Z', '2016-12-31T23:59:60Z', '2025-01-31 09:30:00+01:00', '2025-01-31T09:30:00'],
    }
    for (const [format, list] of Object.entries(values)) {
      const schema = { type: 'object', properties: { f: { type: 'string', format } } } as RequestedSchema
      for (const value of list) {
        expect(matchesSchema({ type: 'string', format }, value), `${format} ${value}`).toBe(validateElicitationContent(schema, { f: value }).ok)
      }
    }
  })

  it("checks patterns with core's linear-time matcher, not the backtracking engine", () => {
    expect(matchesSchema({ type: 'string', pattern: '^[A-Z]{3}$' }, 'ABC')).toBe(true)
    expect(matchesSchema({ type: 'string', pattern: '^[A-Z]{3}$' }, 'ABCD')).toBe(false)
    // A nested quantifier gets its verdict at once.
    expect(matchesSchema({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(40)}!`)).toBe(false)
    // A backreference cannot be checked in linear time, so the value is refused (the native engine would accept it).
    expect(matchesSchema({ type: 'string', pattern: '^(a)\\1$' }, 'aa')).toBe(false)
    expect(matchesSchema({ type: 'string', pattern: '(' }, 'x')).toBe(false)
  })
})
