import { describe, expect, it } from 'vitest'
import { describesLimit, limitHintOf } from './limit-hint'

describe('describesLimit: the kit does not repeat a limit the server already wrote', () => {
  it.each([
    ['Your desired username (3-20 characters)', { type: 'string', minLength: 3, maxLength: 20 }, true],
    ['Between 3 and 20 letters', { type: 'string', minLength: 3, maxLength: 20 }, true],
    ['Up to 20 characters', { type: 'string', minLength: 3, maxLength: 20 }, false],
    ['Your desired username', { type: 'string', minLength: 3, maxLength: 20 }, false],
    ['At most 40', { type: 'string', maxLength: 40 }, true],
    ['Nights to stay, 1 to 14', { type: 'integer', minimum: 1, maximum: 14 }, true],
    ['Temperature from -10 to 10', { type: 'number', minimum: -10, maximum: 10 }, true],
    ['Ratio 0.5 or more', { type: 'number', minimum: 0.5 }, true],
    ['Pick 2 to 3 topics', { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string', enum: ['a', 'b', 'c'] } }, true],
    ['Room 120', { type: 'string', maxLength: 12 }, false],
  ] as const)('%j for %j: %s', (description, field, expected) => {
    const hint = limitHintOf(field as Record<string, unknown>)
    expect(hint).toBeDefined()
    expect(describesLimit(description, hint as NonNullable<typeof hint>)).toBe(expected)
  })

  it('never drops a hint that states no number (a format), nor one without a description', () => {
    expect(describesLimit('Your email 2024', { kind: 'format', format: 'email' })).toBe(false)
    expect(describesLimit(undefined, { kind: 'length', max: 20 })).toBe(false)
    expect(describesLimit('Anything 1', { kind: 'none-fits' })).toBe(false)
  })
})
