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
})
