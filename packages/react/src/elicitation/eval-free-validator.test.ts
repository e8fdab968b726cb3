import type { RequestedSchema } from '@mcp-hitl/core'
import type { RJSFSchema } from '@rjsf/utils'
import ajvValidator from '@rjsf/validator-ajv8'
import { describe, expect, it } from 'vitest'
import { createEvalFreeValidator } from './eval-free-validator'
import { filterErrorNoise } from './readable-errors'
import { toRjsfSchema } from './to-rjsf-schema'

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    ok: { type: 'boolean' },
    size: { type: 'string', enum: ['S', 'M'] },
    color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
    plan: { type: 'string', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2 },
    langs: { type: 'array', items: { anyOf: [{ const: 'en', title: 'English' }, { const: 'fr', title: 'French' }] } },
  },
  required: ['name', 'age'],
}

const valid = { name: 'Ada', age: 36 }
// Each fixture: content and the fields both validators must flag (empty = valid).
const fixtures: [string, Record<string, unknown>, string[]][] = [
  ['minimal valid', valid, []],
  ['everything valid', { ...valid, email: 'a@b.co', site: 'https://x.y/z', day: '2025-02-28', at: '2025-02-28T10:00:00Z', ratio: 0.5, ok: false, size: 'M', color: 'g', plan: 'pro', tags: ['a', 'c'], langs: ['fr'] }, []],
  ['missing required', { name: 'Ada' }, ['age']],
  ['too short', { ...valid, name: 'A' }, ['name']],
  ['too long', { ...valid, name: 'Adalovelace' }, ['name']],
  ['bad email', { ...valid, email: 'nope' }, ['email']],
  ['bad uri', { ...valid, site: 'not a uri' }, ['site']],
  ['bad date', { ...valid, day: '2025-02-30' }, ['day']],
  ['date-time with offset', { ...valid, at: '2025-02-28T10:00:00+02:00' }, []],
  ['non-integer', { ...valid, age: 3.5 }, ['age']],
  ['above maximum', { ...valid, age: 151 }, ['age']],
  ['below minimum', { ...valid, ratio: -0.1 }, ['ratio']],
  ['boolean as string', { ...valid, ok: 'yes' }, ['ok']],
  ['enum miss', { ...valid, size: 'XL' }, ['size']],
  ['oneOf miss', { ...valid, color: 'b' }, ['color']],
  ['enumNames miss', { ...valid, plan: 'Pro' }, ['plan']],
  ['multi too many', { ...valid, tags: ['a', 'b', 'c'] }, ['tags']],
  ['multi too few', { ...valid, tags: [] }, ['tags']],
  ['multi unknown', { ...valid, langs: ['de'] }, ['langs']],
  ['two bad fields', { name: 'A', age: -1 }, ['age', 'name']],
]

function flagged(errors: { property?: string }[]): string[] {
  return [...new Set(errors.map((e) => (e.property ?? '').replace(/^\./, '').split(/[.[]/)[0]!))].sort()
}

describe('eval-free validator vs @rjsf/validator-ajv8 (with formats): same verdicts', () => {
  const form = toRjsfSchema(schema).schema
  const kitValidator = createEvalFreeValidator(schema)

  it.each(fixtures)('%s', (_name, content, fields) => {
    const ours = kitValidator.validateFormData(content, form)
    const ajv = ajvValidator.validateFormData(content, form, undefined, filterErrorNoise)
    expect(flagged(ours.errors)).toEqual(fields)
    expect(flagged(ajv.errors)).toEqual(fields)
    for (const field of fields) expect(ours.errorSchema[field]?.__errors?.length).toBeGreaterThan(0)
  })

  it('one known difference: a date-time without a zone (RFC 3339 needs one; RJSF\'s Ajv formats accept it)', () => {
    const content = { ...valid, at: '2025-02-28T10:00:00' }
    // The kit's server-side check refuses it too, so the default validator says so before sending.
    expect(flagged(kitValidator.validateFormData(content, form).errors)).toEqual(['at'])
    expect(flagged(ajvValidator.validateFormData(content, form).errors)).toEqual([])
  })

  it('answers isValid on oneOf / anyOf options and item schemas like Ajv', () => {
    const props = form.properties as Record<string, RJSFSchema>
    const probes: [RJSFSchema, unknown][] = []
    for (const option of (props.color!.oneOf ?? []) as RJSFSchema[]) probes.push([option, 'r'], [option, 'g'], [option, 'x'])
    for (const option of ((props.langs!.items as RJSFSchema).anyOf ?? []) as RJSFSchema[]) probes.push([option, 'en'], [option, 'de'])
    probes.push([props.tags!, ['a']], [props.tags!, ['a', 'z']], [props.age!, 3], [props.age!, 3.2], [form, valid], [form, { name: 'A' }])
    for (const [sub, value] of probes) {
      expect(kitValidator.isValid(sub, value as never, form), JSON.stringify([sub, value])).toBe(ajvValidator.isValid(sub, value, form))
    }
  })

  it('passes errors through transformErrors and customValidate like RJSF expects', () => {
    const result = kitValidator.validateFormData(
      { name: 'Ada', age: 1 },
      form,
      (data, errors) => {
        if (data?.age === 1) errors.age?.addError('Custom rule.')
        return errors
      },
      (errors) => errors,
    )
    expect(result.errorSchema.age?.__errors).toEqual(['Custom rule.'])
    expect(kitValidator.rawValidation(form, { age: 1 }).errors).toHaveLength(1)
  })
})

describe('createEvalFreeValidator(requestedSchema)', () => {
  const form = toRjsfSchema(schema).schema

  it('judges the whole form by the requested schema, whatever schema object RJSF hands it', () => {
    const validator = createEvalFreeValidator(schema)
    // RJSF may pass a resolved copy of the form schema; the verdict must not depend on its identity.
    const copy = structuredClone(form)
    expect(flagged(validator.validateFormData({ ...valid, email: 'nope' }, copy).errors)).toEqual(['email'])
    expect(flagged(validator.validateFormData({ ...valid, at: '2025-02-28T10:00:00' }, copy).errors)).toEqual(['at'])
    expect(validator.validateFormData(valid, copy).errors).toEqual([])
  })

  it('without a requested schema, still reads a flat form schema and checks any other one keyword by keyword', () => {
    const validator = createEvalFreeValidator()
    expect(flagged(validator.validateFormData({ ...valid, age: 151 }, form).errors)).toEqual(['age'])
    const custom: RJSFSchema = {
      type: 'object',
      properties: { address: { type: 'object', properties: { zip: { type: 'string', minLength: 5 } } } },
      required: ['address'],
    }
    expect(flagged(validator.validateFormData({}, custom).errors)).toEqual(['address'])
    expect(flagged(validator.validateFormData({ address: { zip: '1' } }, custom).errors)).toEqual(['address'])
    expect(validator.validateFormData({ address: { zip: '12345' } }, custom).errors).toEqual([])
  })
})
