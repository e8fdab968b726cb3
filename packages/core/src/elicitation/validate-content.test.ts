// @module-tag security
import { describe, expect, it } from 'vitest'
import { ELICITATION_INPUT_LIMITS } from './input-limits'
import type { RequestedSchema } from './protocol'
import { validateElicitationContent } from './validate-content'

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number', minimum: -1, maximum: 1 },
    ok: { type: 'boolean' },
    color: { type: 'string', enum: ['red', 'green'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, minItems: 1, maxItems: 2 },
    langs: { type: 'array', items: { anyOf: [{ const: 'en', title: 'English' }, { const: 'fr', title: 'French' }] } },
  },
  required: ['name', 'ok'],
}

function errorsOf(content: unknown) {
  const result = validateElicitationContent(schema, content)
  if (result.ok) throw new Error('expected errors')
  return result.errors
}

describe('validateElicitationContent', () => {
  it('accepts valid content of every kind and drops unknown keys', () => {
    const content = {
      name: 'Ada',
      email: 'ada@example.com',
      site: 'https://example.com/a?b=c',
      born: '2024-02-29',
      at: '2025-01-31T09:30:00.5+01:00',
      code: 'ABC',
      age: 36,
      ratio: -0.25,
      ok: false,
      color: 'green',
      size: 'l',
      tags: ['x', 'z'],
      langs: [],
    }
    expect(validateElicitationContent(schema, { ...content, extra: 1 })).toEqual({ ok: true, content })
  })

  it('does not share arrays with the input', () => {
    const tags = ['x']
    const result = validateElicitationContent(schema, { name: 'Ada', ok: true, tags })
    expect(result.ok && result.content.tags).toEqual(['x'])
    expect(result.ok && result.content.tags).not.toBe(tags)
  })

  it('reports missing required fields and treats undefined as missing', () => {
    expect(errorsOf({ name: undefined })).toEqual([
      { field: 'name', pointer: '/name', keyword: 'required', message: 'This field is required.' },
      { field: 'ok', pointer: '/ok', keyword: 'required', message: 'This field is required.' },
    ])
  })

  it('refuses anything but a plain object', () => {
    for (const bad of [null, [], 'x', 1, new Date()]) {
      expect(errorsOf(bad)).toEqual([{ field: '', pointer: '', keyword: 'type', message: 'The answer must be an object of fields.' }])
    }
    expect(validateElicitationContent(schema, Object.assign(Object.create(null), { name: 'Ada', ok: true })).ok).toBe(true)
  })

  it('checks kinds without coercion', () => {
    const base = { name: 'Ada', ok: true }
    const kw = (c: Record<string, unknown>) => errorsOf({ ...base, ...c }).map((e) => `${e.pointer}:${e.keyword}`)
    expect(kw({ age: '3' })).toEqual(['/age:type'])
    expect(kw({ age: 3.5 })).toEqual(['/age:type'])
    expect(kw({ ratio: Number.NaN })).toEqual(['/ratio:type'])
    expect(kw({ ok: 'true' })).toEqual(['/ok:type'])
    expect(kw({ name: 12 })).toEqual(['/name:type'])
    expect(kw({ tags: 'x' })).toEqual(['/tags:type'])
    expect(kw({ tags: ['x', 1] })).toEqual(['/tags/1:type'])
    expect(kw({ color: null })).toEqual(['/color:type'])
  })

  it('checks options, uniqueness and item counts', () => {
    const base = { name: 'Ada', ok: true }
    const kw = (c: Record<string, unknown>) => errorsOf({ ...base, ...c }).map((e) => `${e.pointer}:${e.keyword}`)
    expect(kw({ color: 'blue' })).toEqual(['/color:enum'])
    expect(kw({ size: 'Small' })).toEqual(['/size:enum'])
    expect(kw({ tags: ['x', 'q'] })).toEqual(['/tags/1:enum'])
    expect(kw({ langs: ['en', 'en'] })).toEqual(['/langs/1:uniqueItems'])
    expect(kw({ tags: [] })).toEqual(['/tags:minItems'])
    expect(kw({ tags: ['x', 'y', 'z'] })).toEqual(['/tags:maxItems'])
  })

  it('checks bounds, counting code points like Ajv', () => {
    const base = { name: 'Ada', ok: true }
    const kw = (c: Record<string, unknown>) => errorsOf({ ...base, ...c }).map((e) => `${e.pointer}:${e.keyword}`)
    expect(kw({ name: 'A' })).toEqual(['/name:minLength'])
    expect(kw({ name: 'Adalbe' })).toEqual(['/name:maxLength'])
    expect(validateElicitationContent(schema, { ...base, name: '😀😀😀😀😀' }).ok).toBe(true)
    expect(kw({ age: -1 })).toEqual(['/age:minimum'])
    expect(kw({ ratio: 1.01 })).toEqual(['/ratio:maximum'])
    expect(errorsOf({ ...base, name: 'A' })[0]?.message).toBe('Use at least 2 characters.')
  })

  it('checks formats as ajv-formats full mode does', () => {
    const base = { name: 'Ada', ok: true }
    const valid = (c: Record<string, unknown>) => validateElicitationContent(schema, { ...base, ...c }).ok
    expect(valid({ email: 'not-an-email' })).toBe(false)
    expect(valid({ email: 'a.b+c@sub.example.org' })).toBe(true)
    expect(valid({ site: 'example.com' })).toBe(false)
    expect(valid({ site: 'mailto:ada@example.com' })).toBe(true)
    expect(valid({ born: '2023-02-29' })).toBe(false)
    expect(valid({ born: '2024-13-01' })).toBe(false)
    expect(valid({ at: '2025-01-31T09:30:00' })).toBe(false)
    expect(valid({ at: '2025-01-31 09:30:00Z' })).toBe(true)
    expect(valid({ at: '2016-12-31T23:59:60Z' })).toBe(true)
    expect(valid({ code: 'abc' })).toBe(false)
    expect(errorsOf({ ...base, email: 'x' })[0]).toEqual({
      field: 'email',
      pointer: '/email',
      keyword: 'format',
      message: 'Enter a valid email address.',
    })
  })

  it('applies unicode patterns like Ajv', () => {
    const s: RequestedSchema = { type: 'object', properties: { e: { type: 'string', pattern: '^\\p{L}+$' } } }
    expect(validateElicitationContent(s, { e: 'Ünïcödé' }).ok).toBe(true)
    expect(validateElicitationContent(s, { e: 'a1' }).ok).toBe(false)
  })

  it('bounds strings without maxLength by the documented defaults, counting code points', () => {
    const { defaultMaxStringLength, defaultMaxPatternStringLength } = ELICITATION_INPUT_LIMITS
    const s: RequestedSchema = {
      type: 'object',
      properties: { free: { type: 'string' }, coded: { type: 'string', pattern: '^a*$' }, own: { type: 'string', maxLength: 20_000 } },
    }
    const check = (content: Record<string, string>) => validateElicitationContent(s, content)
    expect(check({ free: '😀'.repeat(defaultMaxStringLength), coded: 'a'.repeat(defaultMaxPatternStringLength) }).ok).toBe(true)
    expect(check({ free: 'x'.repeat(defaultMaxStringLength + 1) })).toEqual({
      ok: false,
      errors: [{ field: 'free', pointer: '/free', keyword: 'maxLength', message: `Use at most ${defaultMaxStringLength} characters.` }],
    })
    expect(check({ coded: 'a'.repeat(defaultMaxPatternStringLength + 1) })).toMatchObject({ ok: false, errors: [{ field: 'coded', keyword: 'maxLength' }] })
    // The schema's own maxLength wins over the default.
    expect(check({ own: 'x'.repeat(20_000) }).ok).toBe(true)
  })

  it('checks patterns in linear time: a hostile pattern gets its verdict at once', () => {
    const s: RequestedSchema = { type: 'object', properties: { f: { type: 'string', pattern: '^(a+)+$' } } }
    expect(validateElicitationContent(s, { f: `${'a'.repeat(500)}!` })).toMatchObject({ ok: false, errors: [{ keyword: 'pattern', message: 'Use the expected format.' }] })
    expect(validateElicitationContent(s, { f: 'a'.repeat(500) }).ok).toBe(true)
  })

  it('fails closed on a pattern the linear-time matcher refuses (a schema that skipped the parser)', () => {
    const s: RequestedSchema = { type: 'object', properties: { f: { type: 'string', pattern: '^(a)\\1$' }, g: { type: 'string', pattern: '(' } } }
    expect(validateElicitationContent(s, { f: 'aa', g: 'x' })).toEqual({
      ok: false,
      errors: [
        { field: 'f', pointer: '/f', keyword: 'pattern', message: 'This answer cannot be checked against the expected format.' },
        { field: 'g', pointer: '/g', keyword: 'pattern', message: 'This answer cannot be checked against the expected format.' },
      ],
    })
  })

  it('stops checking patterns once an answer has used its step budget', () => {
    // Each field may cost up to 512 x 63 steps; a schema that skipped the parser may hold more than the budget allows.
    const field = { type: 'string' as const, pattern: '^(.*a){20}$' }
    const names = Array.from({ length: 12 }, (_, i) => `f${i}`)
    const s: RequestedSchema = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, field])) }
    const result = validateElicitationContent(s, Object.fromEntries(names.map((name) => [name, 'a'.repeat(512)])))
    expect(result.ok).toBe(false)
    if (result.ok) return
    // 250,000 / (512 x 63) = 7.75: seven fields are checked and pass, the rest are refused, not run.
    expect(result.errors.map((error) => error.field)).toEqual(names.slice(7))
    expect(result.errors[0]?.message).toBe('This answer is too long to check against the expected format; shorten it.')
  })

  it('escapes field names in pointers and keeps __proto__ as a field', () => {
    const s: RequestedSchema = { type: 'object', properties: { 'a/b': { type: 'number' } }, required: ['a/b'] }
    expect(validateElicitationContent(s, {})).toEqual({
      ok: false,
      errors: [{ field: 'a/b', pointer: '/a~1b', keyword: 'required', message: 'This field is required.' }],
    })
    const p: RequestedSchema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}')
    const result = validateElicitationContent(p, JSON.parse('{"__proto__":"x"}'))
    expect(result.ok && Object.keys(result.content)).toEqual(['__proto__'])
  })

  it('takes no answer for a field whose constraints exclude every one, and says to leave it empty; left out it passes', () => {
    const s: RequestedSchema = {
      type: 'object',
      properties: {
        age: { type: 'integer', minimum: 10, maximum: 1 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 3 },
        whole: { type: 'integer', minimum: 1.2, maximum: 1.8 },
      },
    }
    const leaveEmpty = 'No answer fits this field as the server asked for it; leave it empty.'
    // Values between, at and beyond the crossed bounds: the same sentence each time, not one bound then the other.
    for (const age of [0, 1, 5, 10, 11]) {
      expect(validateElicitationContent(s, { age })).toEqual({ ok: false, errors: [{ field: 'age', pointer: '/age', keyword: 'minimum', message: leaveEmpty }] })
    }
    expect(validateElicitationContent(s, { tags: ['a', 'b'] })).toMatchObject({ ok: false, errors: [{ field: 'tags', keyword: 'minItems', message: leaveEmpty }] })
    expect(validateElicitationContent(s, { whole: 1 })).toMatchObject({ ok: false, errors: [{ field: 'whole', keyword: 'minimum', message: leaveEmpty }] })
    expect(validateElicitationContent(s, {})).toEqual({ ok: true, content: {} })
  })
})
