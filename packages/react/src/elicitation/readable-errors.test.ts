import type { RequestedSchema } from '@mcp-hitl/core'
import type { RJSFValidationError } from '@rjsf/utils'
import { describe, expect, it } from 'vitest'
import { fieldErrorsToErrorSchema, filterErrorNoise } from './readable-errors'
import { type RjsfFieldKeys, rjsfFieldKeys } from './rjsf-field-keys'

const SAME: RjsfFieldKeys = { keyOf: (name) => name }

describe('filterErrorNoise', () => {
  it('turns a const error per option plus the oneOf summary into one readable error', () => {
    const ajvBurst: RJSFValidationError[] = [
      { name: 'const', property: '.color', message: 'must be equal to constant', stack: '' },
      { name: 'const', property: '.color', message: 'must be equal to constant', stack: '' },
      { name: 'oneOf', property: '.color', message: 'must match exactly one schema in oneOf', stack: '' },
      { name: 'required', property: '.name', message: "must have required property 'name'", stack: '' },
    ]
    const out = filterErrorNoise(ajvBurst)
    expect(out.map((e) => [e.property, e.message])).toEqual([
      ['.color', 'Choose one of the options.'],
      ['.name', "must have required property 'name'"],
    ])
  })

  it('folds per-item multi-select errors into the field', () => {
    const out = filterErrorNoise([
      { name: 'enum', property: '.tags.0', message: 'must be equal to one of the allowed values', stack: '' },
      { name: 'enum', property: '.tags.1', message: 'must be equal to one of the allowed values', stack: '' },
    ])
    expect(out).toHaveLength(1)
    expect(out[0]!.property).toBe('.tags')
  })
})

describe('fieldErrorsToErrorSchema', () => {
  it('puts server errors on their fields and whole-object errors at the root', () => {
    expect(
      fieldErrorsToErrorSchema([
        { field: 'email', pointer: '/email', keyword: 'format', message: 'Bad address.' },
        { field: '', pointer: '', keyword: 'type', message: 'Not an object.' },
      ], SAME),
    ).toEqual({ email: { __errors: ['Bad address.'] }, __errors: ['Not an object.'] })
    expect(fieldErrorsToErrorSchema([], SAME)).toBeUndefined()
  })

  it('puts errors of a field named "" or __proto__ under its RJSF key, not at the root or on a prototype', () => {
    const properties = JSON.parse('{"": {"type": "string"}, "__proto__": {"type": "string"}}') as RequestedSchema['properties']
    const keys = rjsfFieldKeys({ type: 'object', properties })
    const out = fieldErrorsToErrorSchema(
      [
        { field: '', pointer: '/', keyword: 'required', message: 'Empty name.' },
        { field: '__proto__', pointer: '/__proto__', keyword: 'required', message: 'Proto.' },
      ],
      keys,
    )
    expect(out).toEqual({ 'mcp-hitl-field-0': { __errors: ['Empty name.'] }, 'mcp-hitl-field-1': { __errors: ['Proto.'] } })
  })
})
