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

/** The schema shown and the pointers of the flaws worked around. */
function adjusted(input: unknown): { schema: unknown; pointers: string[] } {
  const result = parseRequestedSchema(input)
  if (!result.ok) throw new Error(`expected a schema, got ${JSON.stringify(result.issues)}`)
  return { schema: result.schema, pointers: (result.adjustments ?? []).map((a) => a.pointer) }
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
    // Draft 4's flag alone bounds nothing: it is dropped, not refused.
    expect(adjusted(obj({ a: { type: 'number', exclusiveMinimum: true } }))).toEqual({
      schema: obj({ a: { type: 'number' } }),
      pointers: ['/properties/a/exclusiveMinimum'],
    })
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
    expect(issuesOf(obj({ p: { type: 'number', exclusiveMinimum: 5, maximum: 5 } }, { required: ['p'] }))).toEqual([
      {
        pointer: '/properties/p/exclusiveMinimum',
        message: 'Property "p" has exclusiveMinimum 5 equal to maximum 5, so no answer can be valid, and it is required; swap or correct them.',
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
  })

  it('offers a repeated option once, with the label of its first place', () => {
    expect(adjusted(obj({ n: { type: 'string', enum: ['a', 'a'] } }))).toEqual({ schema: obj({ n: { type: 'string', enum: ['a'] } }), pointers: ['/properties/n/enum/1'] })
    const titled = [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }, { const: 'a', title: 'Again' }]
    expect(adjusted(obj({ m: { type: 'array', items: { anyOf: titled } } }))).toEqual({
      schema: obj({ m: { type: 'array', items: { anyOf: titled.slice(0, 2) } } }),
      pointers: ['/properties/m/items/anyOf/2/const'],
    })
    expect(parseRequestedSchema(obj({ n: { type: 'string', enum: ['a', 'a'] } }))).toMatchObject({
      adjustments: [{ message: 'Option 1 of property "n" repeats "a"; it is offered once. List each value once.' }],
    })
  })

  it('ignores enumNames that do not pair up with enum: each value is its own label', () => {
    const result = parseRequestedSchema(obj({ c: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } }))
    expect(result).toEqual({
      ok: true,
      schema: obj({ c: { type: 'string', enum: ['a', 'b'] } }),
      adjustments: [
        {
          pointer: '/properties/c/enumNames',
          message: 'Property "c" has 1 "enumNames" for 2 "enum" values; they are ignored, so each value is its own label. Pair them up one to one.',
        },
      ],
    })
    expect(adjusted(obj({ c: { type: 'string', enumNames: ['A'] } }))).toEqual({ schema: obj({ c: { type: 'string' } }), pointers: ['/properties/c/enumNames'] })
    expect(adjusted(obj({ c: { type: 'string', enum: ['a'], enumNames: [1] } }))).toEqual({
      schema: obj({ c: { type: 'string', enum: ['a'] } }),
      pointers: ['/properties/c/enumNames'],
    })
  })

  it('labels a titled option without a title with its value, and refuses options that are no string', () => {
    expect(pointers(obj({ s: { type: 'string', oneOf: [{ const: 'a' }, { const: 2, title: 'B' }] } }))).toEqual(['/properties/s/oneOf/1/const'])
    expect(adjusted(obj({ s: { type: 'string', oneOf: [{ const: 'a' }, { const: 'b', title: 7 }] } }))).toEqual({
      schema: obj({ s: { type: 'string', oneOf: [{ const: 'a', title: 'a' }, { const: 'b', title: 'b' }] } }),
      pointers: ['/properties/s/oneOf/0/title', '/properties/s/oneOf/1/title'],
    })
    expect(pointers(obj({ s: { type: 'string', oneOf: [], enum: ['a'] } }))).toEqual(['/properties/s/oneOf'])
  })

  it('refuses bounds that cross on a required field, and shows an optional one, which then takes no answer', () => {
    expect(issuesOf(obj({ n: { type: 'number', minimum: 5, maximum: 1 } }, { required: ['n'] }))).toEqual([
      {
        pointer: '/properties/n/minimum',
        message: 'Property "n" has minimum 5 greater than maximum 1, so no answer can be valid, and it is required; swap or correct them.',
      },
    ])
    expect(parseRequestedSchema(obj({ n: { type: 'number', minimum: 5, maximum: 1 } }))).toEqual({
      ok: true,
      schema: obj({ n: { type: 'number', minimum: 5, maximum: 1 } }),
      adjustments: [
        {
          pointer: '/properties/n/minimum',
          message:
            'Property "n" has minimum 5 greater than maximum 1, so no answer can be valid; it is optional, so it is shown and can only be left empty. To fix it, swap or correct them.',
        },
      ],
    })
    const required = { required: ['s', 'm', 'i'] }
    expect(
      pointers(
        obj(
          {
            s: { type: 'string', minLength: 3, maxLength: 2 },
            m: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 3, maxItems: 1 },
            i: { type: 'integer', minimum: 0.1, maximum: 0.9 },
          },
          required,
        ),
      ),
    ).toEqual(['/properties/s/minLength', '/properties/m/minItems', '/properties/i/minimum'])
    // Bounds that are no numbers are refused whether required or not: the kit cannot check them.
    expect(pointers(obj({ s: { type: 'string', minLength: -1, maxLength: 1.5 } }))).toEqual([
      '/properties/s/minLength',
      '/properties/s/maxLength',
    ])
    expect(pointers(obj({ n: { type: 'number', minimum: '1' } }))).toEqual(['/properties/n/minimum'])
  })

  it('refuses a required multi-select asking for more choices than it offers', () => {
    expect(issuesOf(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2 } }, { required: ['m'] }))[0]).toEqual({
      pointer: '/properties/m/minItems',
      message: 'Property "m" has minItems 2 but only 1 options, so no answer can be valid, and it is required; lower "minItems" or add options.',
    })
    expect(adjusted(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2 } })).pointers).toEqual(['/properties/m/minItems'])
  })

  it('drops a default the field cannot take; a multi-select keeps the part it offers', () => {
    const dropped = (field: Record<string, unknown>) => {
      const { default: _default, ...rest } = field
      expect(adjusted(obj({ f: field }))).toEqual({ schema: obj({ f: rest }), pointers: ['/properties/f/default'] })
    }
    dropped({ type: 'string', default: 1 })
    dropped({ type: 'number', default: '1' })
    dropped({ type: 'integer', default: 1.5 })
    dropped({ type: 'boolean', default: 'true' })
    dropped({ type: 'string', enum: ['a'], default: 'b' })
    dropped({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'b' })
    dropped({ type: 'array', items: { type: 'string', enum: ['a'] }, default: 'a' })
    expect(adjusted(obj({ m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a', 'z', 'a'] } }))).toEqual({
      schema: obj({ m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] } }),
      pointers: ['/properties/m/default/1', '/properties/m/default/2'],
    })
    expect(adjusted(obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['z'] } }))).toEqual({
      schema: obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] } } }),
      pointers: ['/properties/m/default/0'],
    })
    expect(parseRequestedSchema(obj({ e: { type: 'string', enum: ['a', 'b'], default: 'c' } }))).toMatchObject({
      adjustments: [{ message: '"default" of property "e" is "c", which is not one of its options ("a", "b"); it is dropped, so nothing is preselected.' }],
    })
  })

  it('refuses arrays that are not multi-selects', () => {
    expect(pointers(obj({ a: { type: 'array' } }))).toEqual(['/properties/a/items'])
    expect(pointers(obj({ a: { type: 'array', items: { type: 'number' } } }))).toEqual(['/properties/a/items/type'])
    expect(pointers(obj({ a: { type: 'array', items: { type: 'string' } } }))).toEqual(['/properties/a/items'])
  })

  it('reads a multi-select\'s items.oneOf as the items.anyOf it means, and ignores uniqueItems false', () => {
    expect(adjusted(obj({ a: { type: 'array', items: { oneOf: [{ const: 'a', title: 'A' }] } } }))).toEqual({
      schema: obj({ a: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } } }),
      pointers: ['/properties/a/items/oneOf'],
    })
    expect(adjusted(obj({ a: { type: 'array', uniqueItems: false, items: { type: 'string', enum: ['a'] } } }))).toEqual({
      schema: obj({ a: { type: 'array', items: { type: 'string', enum: ['a'] } } }),
      pointers: ['/properties/a/uniqueItems'],
    })
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

  it('refuses a required minLength no answer could reach under the default maxLength', () => {
    expect(issuesOf(obj({ essay: { type: 'string', minLength: 20_000 } }, { required: ['essay'] }))).toEqual([
      {
        pointer: '/properties/essay/minLength',
        message:
          'Property "essay" has minLength 20000 but no maxLength, and such answers are limited to 10000 characters, so no answer can be valid, and it is required; add a "maxLength" of at least 20000.',
      },
    ])
    expect(parseRequestedSchema(obj({ essay: { type: 'string', minLength: 20_000, maxLength: 30_000 } }, { required: ['essay'] })).ok).toBe(true)
  })

  it('drops required entries that name no property, keeps the others, and still reports every issue at once', () => {
    expect(parseRequestedSchema(obj({ a: { type: 'string' } }, { required: ['a', 'zip', 3] }))).toEqual({
      ok: true,
      schema: obj({ a: { type: 'string' } }, { required: ['a'] }),
      adjustments: [
        { pointer: '/required/2', message: 'Entry 2 of "required" must be a property name, got number 3; it is ignored.' },
        { pointer: '/required/1', message: '"required" names "zip", which is not among the properties; the name is ignored. Add the property or remove the name.' },
      ],
    })
    expect(adjusted(obj({}, { required: 'a' }))).toEqual({ schema: obj({}), pointers: ['/required'] })
    expect(pointers(obj({ a: { type: 'string' }, b: { type: 'object' } }, { required: ['a', 'zip'] }))).toEqual(['/properties/b/type'])
  })

  it('says how to fix each kind of issue', () => {
    const cases: [schema: unknown, fix: string][] = [
      [obj({ n: { type: 'number', enum: [1, 2] } }), 'only strings can be single-selects, so use "type": "string"'],
      [obj({ c: { $ref: '#/$defs/C', type: 'string' } }), 'inline the definition it points to.'],
      [obj({ c: { type: 'string', const: 'x' } }), 'Use an "enum" with that one value'],
      [obj({ s: { type: 'string', items: { type: 'string' } } }), 'remove it or use "type": "array"'],
      [obj({ s: { type: 'string', format: 'color' } }), 'describe the expected shape in "description"'],
      [obj({ s: { type: 'string', pattern: '(' } }), "new RegExp(pattern, 'u')"],
      [obj({ m: { type: 'array', items: { type: 'string' } } }), '"items": { "type": "string", "enum": [...] }'],
      [obj({ s: { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] } }), 'keep one'],
      [obj({ m: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2 } }, { required: ['m'] }), 'lower "minItems" or add options'],
      [obj({ i: { type: 'integer', minimum: 0.2, maximum: 0.8 } }, { required: ['i'] }), 'widen the bounds, or use "type": "number"'],
      [obj({}, { oneOf: [] }), 'Ask one form at a time'],
    ]
    for (const [schema, fix] of cases) {
      const messages = issuesOf(schema).map((issue) => issue.message)
      expect(messages.some((message) => message.includes(fix)), `${JSON.stringify(schema)} -> ${JSON.stringify(messages)}`).toBe(true)
    }
  })

  it('drops titles and descriptions that are no strings, and masks a field whose writeOnly is not a boolean', () => {
    expect(adjusted(obj({ a: { type: 'boolean', title: 1, description: {} } }))).toEqual({
      schema: obj({ a: { type: 'boolean' } }),
      pointers: ['/properties/a/title', '/properties/a/description'],
    })
    expect(adjusted(obj({ p: { type: 'string', writeOnly: 'yes' } }))).toEqual({
      schema: obj({ p: { type: 'string', writeOnly: true } }),
      pointers: ['/properties/p/writeOnly'],
    })
  })

  it('reports no adjustments for a schema without flaws', () => {
    expect(parseRequestedSchema(obj({ a: { type: 'string' } }, { required: ['a'] }))).not.toHaveProperty('adjustments')
  })
})
