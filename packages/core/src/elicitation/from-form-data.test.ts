import { describe, expect, it } from 'vitest'
import { fromFormData } from './from-form-data'
import type { RequestedSchema } from './protocol'

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    ok: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
  },
}

describe('fromFormData', () => {
  it('drops unset, null and empty-string values and unknown keys', () => {
    expect(fromFormData(schema, { name: '', age: undefined, ok: null, extra: 1 })).toEqual({})
  })

  it('keeps false, 0 and empty arrays as answers', () => {
    expect(fromFormData(schema, { ok: false, age: 0, tags: [] })).toEqual({ ok: false, age: 0, tags: [] })
  })

  it('turns numeric strings into numbers and leaves garbage for the validator', () => {
    expect(fromFormData(schema, { age: ' 42 ' })).toEqual({ age: 42 })
    expect(fromFormData(schema, { age: 'forty' })).toEqual({ age: 'forty' })
    expect(fromFormData(schema, { age: '  ' })).toEqual({})
  })

  it('removes holes from arrays and tolerates non-object input', () => {
    expect(fromFormData(schema, { tags: ['a', undefined, 'b'] })).toEqual({ tags: ['a', 'b'] })
    expect(fromFormData(schema, null)).toEqual({})
    expect(fromFormData(schema, ['x'])).toEqual({})
  })
})
