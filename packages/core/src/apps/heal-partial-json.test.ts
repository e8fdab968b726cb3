import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test/seeded-random'
import { steadyTimerLag } from '../../test/timer-lag'
import { healPartialJson, MAX_PARTIAL_JSON_DEPTH, parsePartialToolInput } from './heal-partial-json'

// Tool arguments as models write them for apps that render progressively: a drawing's elements
// (Excalidraw-style), a shader's source (newlines, quotes, backslashes, non-ASCII), a page with
// emoji (surrogate pairs, raw and escaped) and numbers of every JSON form.
const STREAMS: Record<string, string> = {
  drawing: JSON.stringify({
    title: 'Architecture',
    elements: [
      { type: 'rectangle', id: 'r1', x: 120, y: -40.5, width: 200, height: 1.25e2, strokeColor: '#1e1e1e', locked: false },
      { type: 'arrow', id: 'a1', points: [[0, 0], [80.25, -3e-2]], startBinding: null, label: { text: 'calls' } },
      { type: 'text', id: 't1', text: 'Gateway → “API”', fontSize: 20, roughness: 0 },
    ],
    camera: { zoom: 1, scroll: { x: -0, y: 10 } },
    tour: [],
    settings: {},
  }),
  shader: JSON.stringify({
    name: 'plasma',
    code: 'void mainImage(out vec4 c, in vec2 p) {\n\tvec2 uv = p / iResolution.xy; // "uv"\n\tc = vec4(uv, 0.5 + 0.5 * sin(iTime), 1.0);\n}\n/* \\ é ∑ */',
    uniforms: { iTime: 0.0, speed: 2.5 },
  }),
  // Escaped the way Python's json.dumps writes it (ensure_ascii): every non-ASCII character as \uXXXX.
  escaped: '{"query":"caf\\u00e9 \\ud83c\\udf70 near me","tags":["\\ud83d\\ude00","\\u2603\\ufe0f"],"limit":10,"exact":true,"page":null}',
  emoji: JSON.stringify({ message: 'Launch 🚀 at 10:00 👩‍🚀', reactions: ['🎉', '👍🏽'], score: -12.75 }),
  spaced: '{\n  "a" : [ 1 , 2.5e+3 , -0.001 ] ,\n  "b" : { "c" : "d" } ,\n  "e" : false\n}\n',
}

/** True when `partial` is what a prefix of the text of `full` can show: every part of it is in `full`. */
function isPrefixValue(partial: unknown, full: unknown): boolean {
  if (typeof partial === 'string') return typeof full === 'string' && full.startsWith(partial)
  // The number being written may still grow (`12` before `125`); only its kind is fixed.
  if (typeof partial === 'number') return typeof full === 'number' && Number.isFinite(partial)
  if (partial === null || typeof partial === 'boolean') return partial === full
  if (Array.isArray(partial)) {
    return Array.isArray(full) && partial.length <= full.length && partial.every((item, i) => isPrefixValue(item, full[i]))
  }
  if (typeof partial === 'object' && typeof full === 'object' && full !== null && !Array.isArray(full)) {
    return Object.entries(partial).every(([key, value]) => key in full && isPrefixValue(value, (full as Record<string, unknown>)[key]))
  }
  return false
}

/** Strings in `value` that end with a high surrogate: a character cut in half. */
function brokenStrings(value: unknown): string[] {
  if (typeof value === 'string') return /[\uD800-\uDBFF]$/.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(brokenStrings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(brokenStrings)
  return []
}

function expectEveryPrefixHeals(text: string) {
  const full = JSON.parse(text) as unknown
  const start = text.indexOf('{')
  for (let end = start + 1; end <= text.length; end++) {
    const prefix = text.slice(0, end)
    const healed = healPartialJson(prefix)
    if (healed === undefined) throw new Error(`prefix ${end} did not heal: ${JSON.stringify(prefix)}`)
    const value = JSON.parse(healed) as unknown
    if (!isPrefixValue(value, full)) throw new Error(`prefix ${end} healed to ${healed}, not a part of the full value`)
    expect(brokenStrings(value)).toEqual([])
  }
  expect(JSON.parse(healPartialJson(text) as string)).toEqual(full)
}

describe('healPartialJson', () => {
  for (const [name, text] of Object.entries(STREAMS)) {
    it(`heals every prefix of a real argument stream (${name}) into a part of the final value`, () => {
      expectEveryPrefixHeals(text)
    })
  }

  it('heals every prefix of generated documents (seeded)', () => {
    const random = seededRandom(14)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    const atoms = ['', 'a', 'é', '"', '\\', '\n', '😀', '\u2028', '\u0001', '𝄞x']
    const value = (depth: number): unknown => {
      const kind = depth > 3 ? Math.floor(random() * 4) : Math.floor(random() * 6)
      if (kind === 0) return Array.from({ length: Math.floor(random() * 4) }, () => pick(atoms)).join('')
      if (kind === 1) return pick([0, -1, 3.5, 1e21, -2.5e-7, 123456789, 0.1])
      if (kind === 2) return pick([true, false, null])
      if (kind === 3) return pick(['', 'x', 'y z'])
      if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1))
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`${pick(atoms)}${i}`, value(depth + 1)]))
    }
    for (let round = 0; round < 60; round++) {
      const doc = Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => [`k${i}`, value(1)]))
      expectEveryPrefixHeals(random() < 0.5 ? JSON.stringify(doc) : JSON.stringify(doc, null, 2))
    }
  })

  it('keeps a string value cut short, without an unfinished escape or half a surrogate pair', () => {
    expect(healPartialJson('{"code":"a\\')).toBe('{"code":"a"}')
    expect(healPartialJson('{"code":"a\\u00')).toBe('{"code":"a"}')
    expect(healPartialJson('{"code":"a\\n')).toBe('{"code":"a\\n"}')
    expect(healPartialJson('{"s":"x\\ud83d')).toBe('{"s":"x"}')
    expect(healPartialJson('{"s":"x\\ud83d\\ude')).toBe('{"s":"x"}')
    expect(healPartialJson('{"s":"x\\ud83d\\ude00')).toBe('{"s":"x\\ud83d\\ude00"}')
    expect(healPartialJson('{"s":"x\ud83d')).toBe('{"s":"x"}')
    expect(healPartialJson('{"s":"x\ud83d\ude00')).toBe('{"s":"x\ud83d\ude00"}')
  })

  it('keeps the valid digits of a number, completes literals, drops members that have not started', () => {
    expect(healPartialJson('{"n":-')).toBe('{}')
    expect(healPartialJson('{"a":1,"n":-')).toBe('{"a":1}')
    expect(healPartialJson('{"n":1.')).toBe('{"n":1}')
    expect(healPartialJson('{"n":2.5e-')).toBe('{"n":2.5}')
    expect(healPartialJson('{"n":[1,2')).toBe('{"n":[1,2]}')
    expect(healPartialJson('{"b":tr')).toBe('{"b":true}')
    expect(healPartialJson('{"b":[nul')).toBe('{"b":[null]}')
    expect(healPartialJson('{"ke')).toBe('{}')
    expect(healPartialJson('{"a":{"b":"c"},"ke')).toBe('{"a":{"b":"c"}}')
    expect(healPartialJson('{"key"')).toBe('{}')
    expect(healPartialJson('{"key":')).toBe('{}')
    expect(healPartialJson('{"a":[1,')).toBe('{"a":[1]}')
    expect(healPartialJson('{"a":[{"b":')).toBe('{"a":[{}]}')
    expect(healPartialJson('  {  ')).toBe('  {}')
  })

  it('refuses what cannot start a JSON value, and nothing yet', () => {
    for (const text of ['', '   ', '{"a":1}}', '{a', '{"a" 1', '{"a":01', '{"a":1.e5', '{"a":"\\x"}', '{"a":"\u0001', '{"a":[1,]', '{"a",', '{"a":tru,', '{"a":1,}', '{"a":"\\u12g4"}', 'nope']) {
      expect(healPartialJson(text), text).toBeUndefined()
    }
  })

  it('bounds nesting', () => {
    const deep = `{"a":${'['.repeat(MAX_PARTIAL_JSON_DEPTH - 1)}`
    expect(JSON.parse(healPartialJson(deep) as string)).toBeTypeOf('object')
    expect(healPartialJson(`${deep}[`)).toBeUndefined()
  })

  it('is linear: megabytes of partial arguments heal without holding the event loop', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, label: `node ${i} "é"\\n`, points: [i, -i / 3, 1e-3] }))
    const text = JSON.stringify({ elements: items }).slice(0, -3)
    expect(text.length).toBeGreaterThan(1_000_000)
    // Linear work on ~1.5 MB takes milliseconds; a quadratic healer would take hours.
    const lag = await steadyTimerLag(() => {
      for (let i = 0; i < 5; i++) healPartialJson(text)
    })
    expect(lag).toBeLessThan(1500)
  })
})

describe('parsePartialToolInput', () => {
  it('gives an object for an arguments prefix and nothing for other values', () => {
    expect(parsePartialToolInput('{"city":"Par')).toEqual({ city: 'Par' })
    expect(parsePartialToolInput('["a"')).toBeUndefined()
    expect(parsePartialToolInput('"text')).toBeUndefined()
    expect(parsePartialToolInput('{"a":}')).toBeUndefined()
  })
})
