import { describe, expect, it } from 'vitest'
import type { RequestedSchema } from '@mcp-hitl/core'
import { RJSF_FORM_OPTIONS, toRjsfSchema } from './to-rjsf-schema'

const opts = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`)

describe('toRjsfSchema', () => {
  it('hides the submit button, disables markdown and drops $schema', () => {
    const { schema, uiSchema } = toRjsfSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { note: { type: 'string', description: '**not bold**' } },
      required: ['note'],
    })
    expect(schema).toEqual({ type: 'object', properties: { note: { type: 'string', description: '**not bold**' } }, required: ['note'] })
    expect(uiSchema['ui:submitButtonOptions']).toEqual({ norender: true })
    expect(uiSchema['ui:globalOptions']).toEqual({ enableMarkdownInDescription: false })
    expect(uiSchema.note).toEqual({ 'ui:enableMarkdownInDescription': false })
  })

  it('picks date, date-time, email and uri widgets', () => {
    const { uiSchema } = toRjsfSchema({
      type: 'object',
      properties: {
        d: { type: 'string', format: 'date' },
        t: { type: 'string', format: 'date-time' },
        e: { type: 'string', format: 'email' },
        u: { type: 'string', format: 'uri' },
      },
    })
    const widgets = Object.fromEntries(['d', 't', 'e', 'u'].map((k) => [k, (uiSchema[k] as Record<string, unknown>)['ui:widget']]))
    expect(widgets).toEqual({ d: 'date', t: 'datetime', e: 'email', u: 'uri' })
  })

  it('masks sensitive fields by writeOnly or by name', () => {
    const { uiSchema } = toRjsfSchema({
      type: 'object',
      properties: {
        apiKey: { type: 'string' },
        code: { type: 'string', writeOnly: true, format: 'email' },
        pin: { type: 'integer' },
        name: { type: 'string' },
      },
    })
    expect(uiSchema.apiKey).toMatchObject({ 'ui:widget': 'password', 'ui:autocomplete': 'off' })
    expect(uiSchema.code).toMatchObject({ 'ui:widget': 'password' })
    // RJSF has no 'password' widget for numbers (it throws): the number widget gets a password input.
    expect(uiSchema.pin).toEqual({ 'ui:enableMarkdownInDescription': false, 'ui:inputType': 'password', 'ui:autocomplete': 'off' })
    expect(uiSchema.name).not.toHaveProperty('ui:widget')
  })

  it('uses radio for short single selects and a dropdown for long ones', () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: {
        short: { type: 'string', enum: opts(5) },
        long: { type: 'string', oneOf: opts(6).map((o) => ({ const: o, title: o.toUpperCase() })) },
      },
    }
    const { uiSchema } = toRjsfSchema(schema)
    expect(uiSchema.short).toMatchObject({ 'ui:widget': 'radio' })
    expect(uiSchema.long).toMatchObject({ 'ui:widget': 'select' })
    expect(toRjsfSchema(schema, { radioThreshold: 1 }).uiSchema.short).toMatchObject({ 'ui:widget': 'select' })
  })

  it('moves legacy enumNames to ui:enumNames', () => {
    const { schema, uiSchema } = toRjsfSchema({
      type: 'object',
      properties: { c: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'], default: 'g' } },
    })
    expect(schema.properties).toEqual({ c: { type: 'string', enum: ['r', 'g'], default: 'g' } })
    expect(uiSchema.c).toMatchObject({ 'ui:enumNames': ['Red', 'Green'], 'ui:widget': 'radio' })
  })

  it('marks multi-selects uniqueItems, a checkbox list always, with a filter when long', () => {
    const { schema, uiSchema } = toRjsfSchema({
      type: 'object',
      properties: {
        few: { type: 'array', items: { type: 'string', enum: opts(6) }, minItems: 1 },
        many: { type: 'array', items: { anyOf: opts(7).map((o) => ({ const: o, title: o })) } },
      },
    })
    const props = schema.properties as Record<string, Record<string, unknown>>
    expect(props.few).toEqual({ type: 'array', items: { type: 'string', enum: opts(6) }, minItems: 1, uniqueItems: true })
    expect(props.many?.uniqueItems).toBe(true)
    expect(uiSchema.few).toMatchObject({ 'ui:widget': 'checkboxes' })
    expect(uiSchema.many).toMatchObject({ 'ui:widget': 'checkboxes', 'ui:options': { filter: true } })
    expect(uiSchema.few).not.toHaveProperty('ui:options')
  })

  it('does not share arrays with the input schema', () => {
    const input: RequestedSchema = { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] }
    const { schema } = toRjsfSchema(input)
    ;(schema.required as string[]).push('x')
    expect(input.required).toEqual(['a'])
  })

  it('holds the names RJSF cannot carry (__proto__, "", __errors, ui:...) under stand-in keys that collide with no name', () => {
    const properties = JSON.parse(
      '{"__proto__": {"type": "string", "title": "Proto"}, "": {"type": "string"}, "__errors": {"type": "string"}, "ui:widget": {"type": "string"}, "mcp-hitl-field-0": {"type": "string"}, "name": {"type": "string"}}',
    ) as RequestedSchema['properties']
    const { schema, uiSchema } = toRjsfSchema({ type: 'object', properties, required: ['__proto__', 'name'] })
    expect(Object.keys(schema.properties ?? {})).toEqual(['mcp-hitl-field-1', 'mcp-hitl-field-2', 'mcp-hitl-field-3', 'mcp-hitl-field-4', 'mcp-hitl-field-0', 'name'])
    expect(schema.properties?.['mcp-hitl-field-1']).toEqual({ type: 'string', title: 'Proto' })
    expect(schema.required).toEqual(['mcp-hitl-field-1', 'name'])
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype)
    expect(Object.hasOwn(uiSchema, 'mcp-hitl-field-1')).toBe(true)
    expect(Object.hasOwn(uiSchema, '__proto__')).toBe(false)
    expect(Object.getPrototypeOf(uiSchema)).toBe(Object.prototype)
  })

  it('exports form options that keep untouched optional fields unset', () => {
    expect(RJSF_FORM_OPTIONS.experimental_defaultFormStateBehavior).toMatchObject({
      constAsDefaults: 'skipOneOf',
      emptyObjectFields: 'skipEmptyDefaults',
      arrayMinItems: { populate: 'never' },
    })
  })
})
