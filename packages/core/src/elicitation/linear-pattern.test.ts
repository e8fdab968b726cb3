// @module-tag security
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test/seeded-random'
import { ELICITATION_INPUT_LIMITS } from './input-limits'
import { compileLinearPattern, matchesPattern } from './linear-pattern'

/** The verdict of the engine Ajv uses (`new RegExp(pattern, 'u')`), the reference for every pattern the kit accepts. */
const native = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value)

function linear(pattern: string) {
  const result = compileLinearPattern(pattern)
  if (!result.ok) throw new Error(`${pattern} refused: ${result.message}`)
  return result.pattern
}

// Patterns of the kinds real MCP servers send, with answers that pass and answers that do not.
const REAL_WORLD: [pattern: string, values: string[]][] = [
  ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', ['ada@example.com', 'a@b.c', 'no-at', 'a b@c.d', '@x.y', 'a@b', 'é@ü.de']],
  ["^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$", ['ada@example.com', 'a@-b.com', 'a@b-.com', 'x@y', 'a..b@c']],
  ['^\\+?[1-9]\\d{1,14}$', ['+14155552671', '14155552671', '+0123', '+1', '+1234567890123456', '12a4']],
  ['^\\(?\\d{3}\\)?[-.\\s]?\\d{3}[-.\\s]?\\d{4}$', ['(415) 555-2671', '415.555.2671', '4155552671', '415-55-2671']],
  ['^\\d{5}(-\\d{4})?$', ['94103', '94103-1234', '9410', '94103-12', 'abcde']],
  ['^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$', ['SW1A 1AA', 'M1 1AE', 'sw1a 1aa', 'SW1A1AA']],
  ['^[a-z0-9]+(?:-[a-z0-9]+)*$', ['my-slug-1', 'my--slug', '-slug', 'slug-', 'Slug', '']],
  ['^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', ['#fff', '#A1B2C3', 'fff', '#ffff', '#ggg']],
  ['^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$', ['123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-62d3-a456-426614174000', '123e4567e89b12d3a456426614174000']],
  ['^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', ['2025-01-31', '2025-13-01', '2025-00-10', '2025-1-1', '2025-02-30']],
  ['^([01]\\d|2[0-3]):[0-5]\\d$', ['09:30', '23:59', '24:00', '9:30', '12:60']],
  ['^((25[0-5]|(2[0-4]|1\\d|[1-9]|)\\d)\\.?\\b){4}$', ['192.168.0.1', '255.255.255.255', '256.1.1.1', '1.2.3', '01.2.3.4']],
  ['^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$', ['DE89370400440532013000', 'GB82WEST12345698765432', 'de89370400440532013000', 'DE89']],
  ['^v?\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$', ['1.2.3', 'v1.2.3-beta.1+build.5', '1.2', '1.2.3.4']],
  ['^\\p{Lu}\\p{Ll}+(?: \\p{Lu}\\p{Ll}+)*$', ['Ada Lovelace', 'Émile Zola', 'ada', 'Ada  Lovelace', 'ÅSA']],
  ['^[\\p{L} .\'-]{1,50}$', ["O'Brien", 'Jean-Luc', 'Ångström', 'R2-D2', '']],
  ['^https?://[^\\s/$.?#].[^\\s]*$', ['https://example.com/a?b', 'http://x.y', 'ftp://x.y', 'https:// x']],
  ['^\\S+$', ['word', 'two words', '\u00a0', '\u2028', 'tab\there']],
  ['^.{3,8}$', ['abc', 'ab', 'abcdefghi', '😀😀😀', 'a\nb', '\u2029ab']],
  ['\\bcat\\b', ['cat', 'a cat!', 'concat', 'cats', 'é cat é']],
  ['\\Bcat\\B', ['concatenate', 'cat', 'scat']],
  ['^(?<area>\\d{3})-(?<line>\\d{4})$', ['555-1234', '5551234']],
  ['colou?r', ['color', 'colour', 'colr', 'my colour is']],
  ['^[^\\d\\s][^\\s]*?$', ['a1', '1a', 'a b', 'ab']],
  ['^(?:yes|no|maybe)$', ['yes', 'no', 'maybe', 'yesno', 'Yes']],
  ['^\\u{1F600}+$', ['😀', '😀😀', 'a']],
  ['^[\\uD83D\\uDE00-\\uD83D\\uDE4F]$', ['😀', '🙏', '🚀']],
  ['^\\uD83D\\uDE00$', ['😀', '\uD83D']],
  ['^\\x41\\u0042\\cJ\\0$', ['AB\n\0', 'AB\n0']],
  ['^[\\]\\\\-]+$', [']\\-', 'a']],
  ['^[^]$', ['a', '\n', 'ab']],
  ['^[]$', ['', 'a']],
  ['a{2}b{1,}c{0,2}d*?', ['aabd', 'aab', 'abcc', 'xaabbbccd']],
  ['^(a|)+$', ['', 'aaa', 'ab']],
  ['^(?:)*$', ['', 'a']],
  ['(?:^|,)x(?:,|$)', ['x', 'a,x', 'a,x,b', 'ax']],
  ['^\\$\\d+(\\.\\d\\d)?$', ['$10', '$10.50', '10', '$10.5']],
  ['^\\/path\\/[\\w-]+$', ['/path/my-file', '/path/', 'path/x']],
]

describe('compileLinearPattern agrees with the native engine', () => {
  it.each(REAL_WORLD)('%s', (pattern, values) => {
    const compiled = linear(pattern)
    for (const value of values) expect(compiled.test(value), JSON.stringify(value)).toBe(native(pattern, value))
  })

  it('on random patterns and answers (seeded)', () => {
    const random = seededRandom(20260728)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
    const ATOMS = ['a', 'b', 'é', '😀', ' ', '-', '.', '\\d', '\\w', '\\s', '\\W', '[ab]', '[^a]', '[a-c😀]', '\\p{L}', '\\u0061', '\\-']
    const ASSERTIONS = ['^', '$', '\\b', '\\B']
    const QUANTIFIERS = ['', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '+?', '??', '{1,3}?']
    const term = (depth: number): string => {
      const roll = random()
      if (roll < 0.1) return pick(ASSERTIONS)
      if (roll < 0.3 && depth < 3) return `${pick(['(', '(?:', '(?<g>'])}${alternation(depth + 1)})${pick(QUANTIFIERS)}`.replace('(?<g>', `(?<g${depth}${Math.floor(random() * 1e6)}>`)
      return `${pick(ATOMS)}${pick(QUANTIFIERS)}`
    }
    const sequence = (depth: number) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => term(depth)).join('')
    const alternation = (depth: number) => Array.from({ length: 1 + Math.floor(random() * 2) }, () => sequence(depth)).join('|')
    const ALPHABET = ['a', 'b', 'c', 'é', '😀', ' ', '-', '1', '\n', '_']
    const disagreements: string[] = []
    let checked = 0
    for (let i = 0; i < 600; i++) {
      const pattern = alternation(0)
      try {
        new RegExp(pattern, 'u')
      } catch {
        continue
      }
      const compiled = linear(pattern)
      for (let j = 0; j < 12; j++) {
        const value = Array.from({ length: Math.floor(random() * 7) }, () => pick(ALPHABET)).join('')
        checked++
        if (compiled.test(value) !== native(pattern, value)) disagreements.push(`${pattern} on ${JSON.stringify(value)}`)
      }
    }
    expect(checked).toBeGreaterThan(5000)
    expect(disagreements).toEqual([])
  })

  it('matches lone surrogates as the native engine does in u mode', () => {
    for (const [pattern, value] of [
      ['^.$', '\uD83D'],
      ['^\\uD83D$', '\uD83D'],
      ['^[\\uD800-\\uDBFF]', '\uD83D\uDE00'],
      ['\\uDE00', '\uD83D\uDE00'],
      // V8 finds an empty match between the halves of a pair; a match that consumes cannot start there.
      ['\\B', 'a😀c'],
      ['\\B.', 'a😀c'],
      ['\\B\\uDE00', '😀'],
    ] as const) {
      expect(linear(pattern).test(value), `${pattern} on ${JSON.stringify(value)}`).toBe(native(pattern, value))
    }
  })
})

describe('compileLinearPattern refuses what a state set cannot check', () => {
  it.each([
    ['(a)\\1', 'backreference', '"\\1"'],
    ['(?<x>a)\\k<x>', 'backreference', '"\\k<"'],
    ['a(?=b)', 'lookaround', '"(?="'],
    ['a(?!b)', 'lookaround', '"(?!"'],
    ['(?<=a)b', 'lookaround', '"(?<="'],
    ['(?<!a)b', 'lookaround', '"(?<!"'],
    ['(', 'invalid', 'not a valid regular expression'],
    ['a{2,1}', 'invalid', 'not a valid regular expression'],
    ['\\p{Nope}', 'invalid', 'not a valid regular expression'],
    ['a{1001}', 'too-large', 'instructions'],
    ['(a{100}){100}', 'too-large', 'instructions'],
    ['a{99999999999}', 'too-large', 'instructions'],
    [`${'('.repeat(33)}a${')'.repeat(33)}`, 'too-large', 'nests groups more than 32 deep'],
    ['a'.repeat(1001), 'too-large', 'characters long'],
  ])('%s: %s', (pattern, reason, says) => {
    const result = compileLinearPattern(pattern)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.reason).toBe(reason)
    expect(result.message).toContain(says)
    expect(result.message).toMatch(/\.$/)
  })

  it('accepts patterns right at the limits', () => {
    const { maxPatternSize, maxPatternLength, maxPatternGroupDepth } = ELICITATION_INPUT_LIMITS
    // One instruction per atom plus the final match instruction.
    expect(compileLinearPattern(`a{${maxPatternSize - 1}}`).ok).toBe(true)
    expect(compileLinearPattern(`a{${maxPatternSize}}`).ok).toBe(false)
    expect(compileLinearPattern('(?:)'.repeat(maxPatternLength / 4)).ok).toBe(true)
    expect(compileLinearPattern(`${'(?:)'.repeat(maxPatternLength / 4)}a`).ok).toBe(false)
    expect(compileLinearPattern(`(?:a|b){1,${Math.floor(maxPatternLength / 4)}}`).ok).toBe(true)
    expect(compileLinearPattern(`${'('.repeat(maxPatternGroupDepth)}a${')'.repeat(maxPatternGroupDepth)}`).ok).toBe(true)
  })

  it('costs nothing for repeating an empty group, however many times', () => {
    const compiled = linear('^(?:){999999999}a$')
    expect(compiled.size).toBe(4)
    expect(compiled.test('a')).toBe(true)
  })

  it('gives the same compiled pattern for the same source', () => {
    expect(compileLinearPattern('^[a-z]+$')).toBe(compileLinearPattern('^[a-z]+$'))
  })
})

describe('matchesPattern', () => {
  it('answers like the compiled pattern, and refuses what cannot be checked within one answer\'s budget', () => {
    expect(matchesPattern('^\\d{5}$', '94103')).toBe(true)
    expect(matchesPattern('^\\d{5}$', '9410')).toBe(false)
    expect(matchesPattern('^(a)\\1$', 'aa')).toBe(false)
    // ^a*$ is 5 instructions (start, loop, a, end, match): the budget covers 50,000 characters, not more.
    expect(linear('^a*$').size).toBe(5)
    const budget = ELICITATION_INPUT_LIMITS.maxPatternWork / 5
    expect(matchesPattern('^a*$', 'a'.repeat(budget))).toBe(true)
    expect(matchesPattern('^a*$', 'a'.repeat(budget + 1))).toBe(false)
  })
})
