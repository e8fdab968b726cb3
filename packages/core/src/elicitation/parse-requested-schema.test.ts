// @module-tag security
import { describe, expect, it } from 'vitest'
import { parseRequestedSchema, type SchemaIssue } from './parse-requested-schema'

function issuesOf(input: unknown): SchemaIssue[] {
  const result = parseRequestedSchema(input)
  if (result.ok) throw new Error(`expected issues, got ${JSON.stringify(result.schema)}`)
  return result.issues
}

function pointers(input: unknown): string[] {
  return issuesOf(input).map((i) => i.pointer)
}

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
})

describe('parseRequestedSchema', () => {
  it('accepts every property kind of the spec and keeps their keywords', () => {
    const input = obj(
      {
        name: { type: 'string', title: 'Name', description: 'Your name', minLength: 1, maxLength: 40, default: 'Ada' },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        born: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
        ratio: { type: 'number', minimum: -1.5, maximum: 1.5, default: 0.5 },
        ok: { type: 'boolean', default: true },
        color: { type: 'string', enum: ['red', 'green'], default: 'red' },
        size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }], default: 'l' },
        legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'], default: 'b' },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, minItems: 1, maxItems: 2, default: ['x'] },
        langs: { type: 'array', items: { anyOf: [{ const: 'en', title: 'English' }] }, default: ['en'] },
      },
      { required: ['name', 'email'], $schema: 'https://json-schema.org/draft/2020-12/schema' },
    )
    const result = parseRequestedSchema(input)
    expect(result).toEqual({ ok: true, schema: input })
  })

  it('tolerates harmless extras, keeps pattern and writeOnly, drops the rest', () => {
    const result = parseRequestedSchema(
      obj(
        { code: { type: 'string', pattern: '^[A-Z]{3}$', examples: ['ABC'], writeOnly: true, $comment: 'x' } },
        { additionalProperties: false, title: 'Root', $defs: {} },
      ),
    )
    expect(result).toEqual({
      ok: true,
      schema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$', writeOnly: true } } },
    })
  })

  it('reads a Pydantic optional (anyOf with null) as the plain optional field', () => {
    const result = parseRequestedSchema(
      obj({ nick: { anyOf: [{ type: 'string', maxLength: 9 }, { type: 'null' }], default: null, title: 'Nick' } }),
    )
    expect(result).toEqual({ ok: true, schema: obj({ nick: { type: 'string', title: 'Nick', maxLength: 9 } }) })
  })

  it('accepts an empty form and a multi-select with uniqueItems true', () => {
    expect(parseRequestedSchema(obj({})).ok).toBe(true)
    const multi = obj({ t: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['a'] } } })
    expect(parseRequestedSchema(multi)).toEqual({
      ok: true,
      schema: obj({ t: { type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems: true } }),
    })
  })

  it('keeps a property named __proto__ as an own property', () => {
    const result = parseRequestedSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'))
    expect(result.ok).toBe(true)
    if (result.ok) expect(Object.keys(result.schema.properties)).toEqual(['__proto__'])
  })

  it('refuses a type named after an Object.prototype member', () => {
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(pointers(obj({ field: { type } }))).toEqual(['/properties/field/type'])
    }
  })

  it('refuses a root that is not an object schema', () => {
    expect(issuesOf(null)).toEqual([
      { pointer: '', message: 'The requested schema must be a JSON object such as { "type": "object", "properties": {} }, got null.' },
    ])
    expect(pointers([])).toEqual([''])
    expect(pointers({ type: 'array', properties: {} })).toEqual(['/type'])
    expect(pointers({ type: 'object' })).toEqual(['/properties'])
    expect(pointers(obj({}, { $ref: '#/$defs/X' }))).toEqual(['/$ref'])
  })

  it('refuses nested objects with a sentence that says how to fix it', () => {
    const [issue] = issuesOf(obj({ address: { type: 'object', properties: { city: { type: 'string' } } } }))
    expect(issue?.pointer).toBe('/properties/address/type')
    expect(issue?.message).toBe('Property "address" is a nested object; elicitation schemas are flat, so move its fields to the top level.')
  })

  it('refuses unresolvable $refs, unsupported types and type lists of several types', () => {
    expect(pointers(obj({ a: { $ref: '#/$defs/A' } }))).toEqual(['/properties/a/$ref'])
    expect(issuesOf(obj({ a: { $ref: '#/$defs/A' } }))[0]?.message).toMatch(/points to nothing in this schema; inline the definition/)
    expect(issuesOf(obj({ a: { $ref: 'https://example.com/a.json' } }))[0]?.message).toMatch(/not a reference inside this schema/)
    expect(pointers(obj({ a: { type: 'null' } }))).toEqual(['/properties/a/type'])
    expect(issuesOf(obj({ a: { type: ['string', 'number'] } }))[0]?.message).toMatch(/has type an array; use one of string.*only as one type and "null"/)
    expect(pointers(obj({ a: { anyOf: [{ type: 'string' }, { type: 'number' }] } }))).toEqual([
      '/properties/a/anyOf',
      '/properties/a/type',
    ])
    expect(pointers(obj({ a: { type: 'string', anyOf: [{ type: 'string' }] } }))).toEqual(['/properties/a/anyOf'])
    expect(pointers(obj({ a: 'string' }))).toEqual(['/properties/a'])
    expect(pointers(obj({ a: { type: 'number', exclusiveMinimum: true } }))).toEqual(['/properties/a/exclusiveMinimum'])
  })

  it('resolves local $refs (Pydantic $defs, zod-to-json-schema reuse), keeping sibling annotations', () => {
    const defs = { Color: { type: 'string', enum: ['red', 'green'], title: 'Color' } }
    const result = parseRequestedSchema({
      type: 'object',
      $defs: defs,
      properties: {
        color: { $ref: '#/$defs/Color', description: 'Pick one' },
        backup: { anyOf: [{ $ref: '#/$defs/Color' }, { type: 'null' }], default: null, title: 'Backup' },
        shades: { type: 'array', items: { $ref: '#/$defs/Color' } },
        again: { $ref: '#/properties/color' },
      },
    })
    expect(result).toEqual({
      ok: true,
      schema: obj({
        color: { type: 'string', enum: ['red', 'green'], title: 'Color', description: 'Pick one' },
        backup: { type: 'string', enum: ['red', 'green'], title: 'Backup' },
        shades: { type: 'array', items: { type: 'string', enum: ['red', 'green'] } },
        again: { type: 'string', enum: ['red', 'green'], title: 'Color', description: 'Pick one' },
      }),
    })
  })

  it('refuses a $ref loop, a pointer through inherited members and a sibling that changes a constraint', () => {
    expect(issuesOf(obj({ a: { $ref: '#/properties/b' }, b: { $ref: '#/properties/a' } }))[0]?.message).toMatch(/in a loop/)
    expect(pointers(obj({ a: { $ref: '#/properties/constructor' } }))).toEqual(['/properties/a/$ref'])
    expect(pointers(obj({ a: { $ref: '#/properties/__proto__/toString' } }))).toEqual(['/properties/a/$ref'])
    const loosened = { type: 'object', $defs: { N: { type: 'integer', maximum: 5 } }, properties: { n: { $ref: '#/$defs/N', maximum: 9 } } }
    expect(issuesOf(loosened)).toEqual([
      { pointer: '/properties/n/maximum', message: expect.stringMatching(/beside "\$ref" to a value that differs from the definition's/) },
    ])
  })

  it('reads go-sdk type lists with null, selects without a type and PHP empty properties', () => {
    expect(parseRequestedSchema(obj({ n: { type: ['null', 'integer'], minimum: 1 }, s: { type: ['string'] } }))).toEqual({
      ok: true,
      schema: obj({ n: { type: 'integer', minimum: 1 }, s: { type: 'string' } }),
    })
    const titled = { title: 'Plan', oneOf: [{ const: 'free', title: 'Free' }] }
    expect(parseRequestedSchema(obj({ plan: titled, size: { enum: ['s', 'm'] } }))).toEqual({
      ok: true,
      schema: obj({ plan: { type: 'string', ...titled }, size: { type: 'string', enum: ['s', 'm'] } }),
    })
    expect(parseRequestedSchema(obj({ v: { type: 'array', items: { enum: ['a', 'b'] } } }))).toEqual({
      ok: true,
      schema: obj({ v: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } }),
    })
    expect(parseRequestedSchema({ type: 'object', properties: [] })).toEqual({ ok: true, schema: obj({}) })
    expect(pointers({ type: 'object', properties: [{ type: 'string' }] })).toEqual(['/properties'])
    // Options that are not strings are not guessed into a string select.
    expect(pointers(obj({ n: { enum: [1, 2] } }))).toEqual(['/properties/n/type'])
  })

  it('keeps exclusive bounds (numeric, and draft 4 booleans rewritten) and refuses bounds that leave no value', () => {
    expect(parseRequestedSchema(obj({ q: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 100 } }))).toEqual({
      ok: true,
      schema: obj({ q: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 100 } }),
    })
    expect(parseRequestedSchema(obj({ p: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false } }))).toEqual({
      ok: true,
      schema: obj({ p: { type: 'number', exclusiveMinimum: 0, maximum: 1 } }),
    })
    expect(issuesOf(obj({ p: { type: 'number', exclusiveMinimum: 5, maximum: 5 } }))).toEqual([
      {
        pointer: '/properties/p/exclusiveMinimum',
        message: 'Property "p" has exclusiveMinimum 5 equal to maximum 5, so no value can be valid; swap or correct them.',
      },
    ])
  })

  it('escapes property names in pointers', () => {
    expect(pointers(obj({ 'a/b~c': { type: 'object' } }))).toEqual(['/properties/a~1b~0c/type'])
  })

  it('refuses non-string enum values, pointing at each one', () => {
    const issues = issuesOf(obj({ n: { type: 'string', enum: ['a', 1, null] } }))
    expect(issues.map((i) => i.pointer)).toEqual(['/properties/n/enum/1', '/properties/n/enum/2'])
    expect(issues[0]?.message).toContain('must be a string value, got number 1')
    expect(pointers(obj({ n: { type: 'number', enum: [1, 2] } }))).toEqual(['/properties/n/enum'])
    expect(pointers(obj({ n: { type: 'string', enum: [] } }))).toEqual(['/properties/n/enum'])
    expect(pointers(obj({ n: { type: 'string', enum: ['a', 'a'] } }))).toEqual(['/properties/n/enum/1'])
  })

  it('refuses enumNames that do not pair up with enum', () => {
    const [issue] = issuesOf(obj({ c: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } }))
    expect(issue).toEqual({
      pointer: '/properties/c/enumNames',
      message: 'Property "c" has 1 "enumNames" for 2 "enum" values; they must pair up one to one.',
    })
    expect(pointers(obj({ c: { type: 'string', enumNames: ['A'] } }))).toEqual(['/properties/c/enumNames'])
    expect(pointers(obj({ c: { type: 'string', enum: ['a'], enumNames: [1] } }))).toEqual(['/properties/c/enumNames'])
  })

  it('refuses malformed titled options', () => {
    expect(pointers(obj({ s: { type: 'string', oneOf: [{ const: 'a' }, { const: 2, title: 'B' }] } }))).toEqual([
      '/properties/s/oneOf/0/title',
      '/properties/s/oneOf/1/const',
    ])
    expect(pointers(obj({ s: { type: 'string', oneOf: [], enum: ['a'] } }))).toEqual(['/properties/s/oneOf'])
    expect(pointers(obj({ m: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }, { const: 'a', title: 'A' }] } } }))).toEqual([
      '/properties/m/items/anyOf/1/const',
    ])
  })

  it('refuses inverted bounds', () => {
    expect(issuesOf(obj({ n: { type: 'number', minimum: 5, maximum: 1 } }))).toEqual([
      { pointer: '/properties/n/minimum', message: 'Property "n" has minimum 5 greater than maximum 1, so no value can be valid; swap or correct them.' },
    ])
    expect(pointers(obj({ s: { type: 'string', minLength: 3, maxLength: 2 } }))).toEqual(['/properties/s/minLength'])
    expect(pointers(obj({ m: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 3, maxItems: 1 } }))).toEqual([
      '/properties/m/minItems',
    ])
    expect(pointers(obj({ s: { type: 'string', minLength: -1, maxLength: 1.5 } }))).toEqual([
      '/properties/s/minLength',
      '/properties/s/maxLength',
    ])
    expect(pointers(obj({ n: { type: 'number', minimum: '1' } }))).toEqual(['/properties/n/minimum'])
  })

  it('refuses minItems larger than the number of options', () => {
    expect(issuesOf(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2 } }))[0]).toEqual({
      pointer: '/properties/m/minItems',
      message: 'Property "m" requires at least 2 choices but offers only 1 options; lower "minItems" or add options.',
    })
  })

  it('refuses defaults of the wrong kind or outside the options', () => {
    expect(pointers(obj({ s: { type: 'string', default: 1 } }))).toEqual(['/properties/s/default'])
    expect(pointers(obj({ n: { type: 'number', default: '1' } }))).toEqual(['/properties/n/default'])
    expect(pointers(obj({ i: { type: 'integer', default: 1.5 } }))).toEqual(['/properties/i/default'])
    expect(pointers(obj({ b: { type: 'boolean', default: 'true' } }))).toEqual(['/properties/b/default'])
    expect(pointers(obj({ e: { type: 'string', enum: ['a'], default: 'b' } }))).toEqual(['/properties/e/default'])
    expect(pointers(obj({ o: { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'b' } }))).toEqual([
      '/properties/o/default',
    ])
    expect(pointers(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'z'] } }))).toEqual([
      '/properties/m/default/1',
    ])
    expect(pointers(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, default: 'a' } }))).toEqual([
      '/properties/m/default',
    ])
  })

  it('refuses arrays that are not multi-selects', () => {
    expect(pointers(obj({ a: { type: 'array' } }))).toEqual(['/properties/a/items'])
    expect(pointers(obj({ a: { type: 'array', items: { type: 'number' } } }))).toEqual(['/properties/a/items/type'])
    expect(pointers(obj({ a: { type: 'array', items: { type: 'string' } } }))).toEqual(['/properties/a/items'])
    expect(issuesOf(obj({ a: { type: 'array', items: { oneOf: [{ const: 'a', title: 'A' }] } } }))[0]?.message).toMatch(
      /items\.anyOf/,
    )
    expect(pointers(obj({ a: { type: 'array', uniqueItems: false, items: { type: 'string', enum: ['a'] } } }))).toEqual([
      '/properties/a/uniqueItems',
    ])
  })

  it('reads format "password" as a sensitive plain string (writeOnly), as real servers mean it', () => {
    expect(parseRequestedSchema(obj({ p: { type: 'string', format: 'password', minLength: 8 } }))).toEqual({
      ok: true,
      schema: obj({ p: { type: 'string', writeOnly: true, minLength: 8 } }),
    })
    // Even where the server wrote writeOnly false: the format is the stronger statement.
    expect(parseRequestedSchema(obj({ p: { type: 'string', format: 'password', writeOnly: false } }))).toMatchObject({
      schema: { properties: { p: { writeOnly: true } } },
    })
  })

  it('refuses unknown formats and an invalid pattern', () => {
    expect(issuesOf(obj({ p: { type: 'string', format: 'color' } }))[0]?.message).toMatch(/use one of email, uri, date, date-time/)
    const [issue] = issuesOf(obj({ p: { type: 'string', pattern: '([a-z' } }))
    expect(issue?.pointer).toBe('/properties/p/pattern')
    expect(issue?.message).toMatch(/not a valid regular expression/)
  })

  it('accepts nested-quantifier patterns: they are checked in linear time', () => {
    for (const pattern of ['^(a+)+$', '^(a|aa)+$', '^(.*a){20}$', '(x+x+)+y']) expect(parseRequestedSchema(obj({ p: { type: 'string', pattern } })).ok).toBe(true)
  })

  it('refuses patterns the linear-time matcher cannot check, saying why and what to do', () => {
    const cases: [pattern: string, why: string, fix: string][] = [
      ['^(\\w)\\1$', 'uses the backreference "\\1", which cannot be checked in linear time.', 'Rewrite it without backreferences, or drop "pattern" and check the answer on the server.'],
      ['^(?=.*\\d).{8,}$', 'uses the lookaround "(?=", which cannot be checked in linear time.', 'Rewrite it without lookahead or lookbehind'],
      ['^a{5000}$', 'compiles to 5003 instructions (repetition counts multiply); the limit is 1000.', 'lower its repetition counts'],
    ]
    for (const [pattern, why, fix] of cases) {
      const [issue, ...rest] = issuesOf(obj({ p: { type: 'string', pattern } }))
      expect(rest).toEqual([])
      expect(issue?.pointer).toBe('/properties/p/pattern')
      expect(issue?.message).toContain(`"pattern" of property "p" ${why}`)
      expect(issue?.message).toContain(fix)
    }
  })

  it('refuses a schema whose patterns could cost one answer more steps than the budget, naming a maxLength that fits', () => {
    // ^(.*a){20}$ compiles to 63 instructions: 512 characters (the default) cost 32,256 steps per field.
    const field = { type: 'string', pattern: '^(.*a){20}$' }
    const properties = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, field]))
    const [issue, ...rest] = issuesOf(obj(properties))
    expect(rest).toEqual([])
    expect(issue?.pointer).toBe('/properties/f7/pattern')
    expect(issue?.message).toBe(
      '"pattern" of property "f7" compiles to 63 steps per character, so checking 512 characters takes the schema\'s patterns past the limit of 250000 steps per answer; give the property a "maxLength" of at most 384, or use simpler patterns.',
    )
    // Following the advice makes the schema acceptable.
    expect(parseRequestedSchema(obj({ ...properties, f7: { ...field, maxLength: 384 } })).ok).toBe(true)
  })

  it('refuses a minLength no answer could reach under the default maxLength', () => {
    expect(issuesOf(obj({ essay: { type: 'string', minLength: 20_000 } }))).toEqual([
      {
        pointer: '/properties/essay/minLength',
        message: 'Property "essay" has minLength 20000 but no maxLength, and such answers are limited to 10000 characters; add a "maxLength" of at least 20000.',
      },
    ])
    expect(parseRequestedSchema(obj({ essay: { type: 'string', minLength: 20_000, maxLength: 30_000 } })).ok).toBe(true)
  })

  it('refuses required entries that name no property, and reports every issue at once', () => {
    const issues = issuesOf(obj({ a: { type: 'string' }, b: { type: 'object' } }, { required: ['a', 'zip', 3] }))
    expect(issues.map((i) => i.pointer)).toEqual(['/properties/b/type', '/required/1', '/required/2'])
    expect(issues[1]?.message).toBe('"required" names "zip", which is not among the properties; add the property or remove the name.')
    expect(pointers(obj({}, { required: 'a' }))).toEqual(['/required'])
  })

  it('says how to fix each kind of issue', () => {
    const cases: [schema: unknown, fix: string][] = [
      [obj({ n: { type: 'number', enum: [1, 2] } }), 'only strings can be single-selects, so use "type": "string"'],
      [obj({ n: { type: 'number', exclusiveMinimum: true } }), 'give the bound as "exclusiveMinimum": <number>'],
      [obj({ c: { $ref: '#/$defs/C', type: 'string' } }), 'inline the definition it points to.'],
      [obj({ c: { type: 'string', const: 'x' } }), 'Use an "enum" with that one value'],
      [obj({ s: { type: 'string', items: { type: 'string' } } }), 'remove it or use "type": "array"'],
      [obj({ s: { type: 'string', format: 'color' } }), 'describe the expected shape in "description"'],
      [obj({ s: { type: 'string', pattern: '(' } }), "new RegExp(pattern, 'u')"],
      [obj({ m: { type: 'array', items: { type: 'string' } } }), '"items": { "type": "string", "enum": [...] }'],
      [obj({ m: { type: 'array', items: { oneOf: [{ const: 'a', title: 'A' }] } } }), 'a multi-select uses "items.anyOf"'],
      [obj({ s: { type: 'string', enum: ['a', 'a'] } }), 'list each value once'],
      [obj({ s: { type: 'string', oneOf: [{ const: 'a' }] } }), 'the label the user sees'],
      [obj({ s: { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] } }), 'keep one'],
      [obj({ s: { type: 'string', enum: ['a', 'b'], default: 'c' } }), 'use one of "a", "b"'],
      [obj({ m: { type: 'array', uniqueItems: false, items: { type: 'string', enum: ['a'] } } }), 'set it to true or remove it'],
      [obj({}, { oneOf: [] }), 'Ask one form at a time'],
    ]
    for (const [schema, fix] of cases) {
      const messages = issuesOf(schema).map((issue) => issue.message)
      expect(messages.some((message) => message.includes(fix)), `${JSON.stringify(schema)} -> ${JSON.stringify(messages)}`).toBe(true)
    }
  })

  it('refuses non-string titles and descriptions', () => {
    expect(pointers(obj({ a: { type: 'boolean', title: 1, description: {} } }))).toEqual([
      '/properties/a/title',
      '/properties/a/description',
    ])
  })
})
