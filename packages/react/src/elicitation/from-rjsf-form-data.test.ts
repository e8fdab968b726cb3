import { describe, expect, it } from 'vitest'
import { fromRjsfFormData } from './from-rjsf-form-data'
import type { RequestedSchema } from '@mcp-hitl/core'

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    ok: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
  },
}

describe('fromRjsfFormData', () => {
  it('drops unset, null and empty-string values and unknown keys', () => {
    expect(fromRjsfFormData(schema, { name: '', age: undefined, ok: null, extra: 1 })).toEqual({})
  })

  it('keeps false, 0 and empty arrays as answers', () => {
    expect(fromRjsfFormData(schema, { ok: false, age: 0, tags: [] })).toEqual({ ok: false, age: 0, tags: [] })
  })

  it('turns numeric strings into numbers and leaves garbage for the validator', () => {
    expect(fromRjsfFormData(schema, { age: ' 42 ' })).toEqual({ age: 42 })
    expect(fromRjsfFormData(schema, { age: 'forty' })).toEqual({ age: 'forty' })
    expect(fromRjsfFormData(schema, { age: '  ' })).toEqual({})
  })

  it('removes holes from arrays and tolerates non-object input', () => {
    expect(fromRjsfFormData(schema, { tags: ['a', undefined, 'b'] })).toEqual({ tags: ['a', 'b'] })
    expect(fromRjsfFormData(schema, null)).toEqual({})
    expect(fromRjsfFormData(schema, ['x'])).toEqual({})
  })

  it('keeps a field named __proto__ as an answer, not a prototype', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}}') as RequestedSchema['properties']
    // toRjsfSchema holds it under a stand-in key; the answer comes back under its own name.
    const content = fromRjsfFormData({ type: 'object', properties }, { 'mcp-hitl-field-0': 'x' })
    expect(Object.hasOwn(content, '__proto__')).toBe(true)
    expect(Object.entries(content)).toEqual([['__proto__', 'x']])
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype)
  })
})
