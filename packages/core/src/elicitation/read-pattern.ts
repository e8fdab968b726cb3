/**
 * Reads a JSON Schema `pattern` (ECMAScript with the `u` flag, as Ajv compiles it) into a small
 * tree for the linear-time matcher, or refuses what a state set cannot check: backreferences and
 * lookaround. Character classes, escapes and `.` become one-code-point tests run by the native
 * engine, which cannot backtrack on a single code point, so their meaning is exactly ECMAScript's.
 */
import { ELICITATION_INPUT_LIMITS } from './input-limits'
import type { LinearPatternRefusal } from './linear-pattern'

/** Whether one code point matches a character class, escape or `.`. */
export type CodePointTest = (codePoint: number) => boolean

// Zero-width assertions, by the number an assertion instruction carries.
export const START = 0
export const END = 1
export const WORD_BOUNDARY = 2
export const NOT_WORD_BOUNDARY = 3
/** One of the four zero-width assertions of the `u`-flag grammar. */
export type Assertion = typeof START | typeof END | typeof WORD_BOUNDARY | typeof NOT_WORD_BOUNDARY

/** A pattern as a tree; capture groups are plain groups here, since a test asks only whether one match exists. */
export type PatternNode =
  | { kind: 'literal'; codePoint: number }
  | { kind: 'class'; test: CodePointTest }
  | { kind: 'assertion'; assertion: Assertion }
  | { kind: 'sequence'; items: PatternNode[] }
  | { kind: 'alternation'; items: PatternNode[] }
  | { kind: 'repeat'; item: PatternNode; min: number; max: number }

/** Thrown while reading or sizing a pattern to stop at the first refusal; never escapes `compileLinearPattern`. */
export class PatternRefusal {
  constructor(
    readonly reason: LinearPatternRefusal,
    readonly message: string,
  ) {}
}

const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|'

/** A one-code-point test backed by the native engine (exact ECMAScript meaning), with an ASCII cache. */
function nativeCodePointTest(atomSource: string): CodePointTest {
  const native = new RegExp(`^(?:${atomSource})$`, 'u')
  // 0 = not asked yet, 1 = no, 2 = yes: forms re-check on every keystroke, mostly in ASCII.
  const ascii = new Uint8Array(128)
  return (codePoint) => {
    if (codePoint < 128) {
      const known = ascii[codePoint]
      if (known !== 0) return known === 2
      const result = native.test(String.fromCharCode(codePoint))
      ascii[codePoint] = result ? 2 : 1
      return result
    }
    return native.test(String.fromCodePoint(codePoint))
  }
}

/** Recursive-descent reader of the `u`-flag grammar, for a source `new RegExp(source, 'u')` accepted. */
class PatternReader {
  private position = 0
  private depth = 0

  constructor(private readonly source: string) {}

  read(): PatternNode {
    const node = this.alternation()
    // The native engine accepted the source, so a stray `)` cannot be left over.
    if (this.position < this.source.length) throw new PatternRefusal('unsupported', `uses ${this.quote(this.position)}, which the kit cannot read.`)
    return node
  }

  private peek(offset = 0): string {
    return this.source.charAt(this.position + offset)
  }

  private startsWith(text: string): boolean {
    return this.source.startsWith(text, this.position)
  }

  /** Part of the source, as the developer wrote it, for a message. */
  private quote(from: number, length = 3): string {
    return `"${this.source.slice(from, from + length)}"`
  }

  private alternation(): PatternNode {
    const items = [this.sequence()]
    while (this.peek() === '|') {
      this.position++
      items.push(this.sequence())
    }
    return items.length === 1 ? (items[0] as PatternNode) : { kind: 'alternation', items }
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = []
    while (this.position < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const term = this.term()
      items.push(this.quantified(term))
    }
    return items.length === 1 ? (items[0] as PatternNode) : { kind: 'sequence', items }
  }

  private term(): PatternNode {
    const start = this.position
    const char = this.peek()
    switch (char) {
      case '^':
        this.position++
        return { kind: 'assertion', assertion: START }
      case '$':
        this.position++
        return { kind: 'assertion', assertion: END }
      case '(':
        return this.group()
      case '[':
        return this.characterClass()
      case '.':
        this.position++
        return { kind: 'class', test: nativeCodePointTest('.') }
      case '\\':
        return this.escape()
      default: {
        const codePoint = this.source.codePointAt(start) as number
        this.position += codePoint > 0xffff ? 2 : 1
        return { kind: 'literal', codePoint }
      }
    }
  }

  private group(): PatternNode {
    const start = this.position
    if (this.startsWith('(?=') || this.startsWith('(?!') || this.startsWith('(?<=') || this.startsWith('(?<!')) {
      throw new PatternRefusal('lookaround', `uses the lookaround ${this.quote(start, this.peek(2) === '<' ? 4 : 3)}, which cannot be checked in linear time.`)
    }
    if (this.startsWith('(?:')) this.position += 3
    else if (this.startsWith('(?<')) {
      const close = this.source.indexOf('>', this.position)
      this.position = close + 1
    } else if (this.startsWith('(?')) {
      throw new PatternRefusal('unsupported', `uses the group syntax ${this.quote(start)}, which the kit cannot read.`)
    } else this.position++
    this.depth++
    if (this.depth > ELICITATION_INPUT_LIMITS.maxPatternGroupDepth) {
      throw new PatternRefusal('too-large', `nests groups more than ${ELICITATION_INPUT_LIMITS.maxPatternGroupDepth} deep.`)
    }
    const inner = this.alternation()
    this.depth--
    this.position++ // the closing `)`
    return inner
  }

  private characterClass(): PatternNode {
    const start = this.position
    this.position++
    // In `u` mode a class does not nest: it ends at the first `]` that is not escaped.
    while (this.peek() !== ']') this.position += this.peek() === '\\' ? 2 : 1
    this.position++
    return { kind: 'class', test: nativeCodePointTest(this.source.slice(start, this.position)) }
  }

  private escape(): PatternNode {
    const start = this.position
    const next = this.peek(1)
    if (next === 'b' || next === 'B') {
      this.position += 2
      return { kind: 'assertion', assertion: next === 'b' ? WORD_BOUNDARY : NOT_WORD_BOUNDARY }
    }
    if ((next >= '1' && next <= '9') || next === 'k') {
      throw new PatternRefusal('backreference', `uses the backreference ${this.quote(start, next === 'k' ? 3 : 2)}, which cannot be checked in linear time.`)
    }
    if (SYNTAX_CHARACTERS.includes(next) || next === '/') {
      this.position += 2
      return { kind: 'literal', codePoint: next.charCodeAt(0) }
    }
    this.position += this.escapeLength(next)
    return { kind: 'class', test: nativeCodePointTest(this.source.slice(start, this.position)) }
  }

  /** Length of an escape that stands for one code point or one class (`\d`, `\p{L}`, `\u{1F600}`...). */
  private escapeLength(letter: string): number {
    const rest = this.source.slice(this.position)
    if (letter === 'p' || letter === 'P' || (letter === 'u' && this.peek(2) === '{')) return rest.indexOf('}') + 1
    // A surrogate pair written as two `\u` escapes is one code point in `u` mode.
    if (letter === 'u') return /^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(rest) ? 12 : 6
    if (letter === 'x') return 4
    if (letter === 'c') return 3
    return 2
  }

  private quantified(item: PatternNode): PatternNode {
    let min: number
    let max: number
    const char = this.peek()
    if (char === '*' || char === '+' || char === '?') {
      this.position++
      min = char === '+' ? 1 : 0
      max = char === '?' ? 1 : Number.POSITIVE_INFINITY
    } else if (char === '{') {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.position))
      // A `{` that does not open a quantifier is a syntax error in `u` mode, caught before parsing.
      if (!bounds) return item
      this.position += bounds[0].length
      min = Number(bounds[1])
      max = bounds[2] === undefined ? min : bounds[3] === '' ? Number.POSITIVE_INFINITY : Number(bounds[3])
    } else return item
    // Lazy and greedy quantifiers accept the same strings; `test` only asks whether one match exists.
    if (this.peek() === '?') this.position++
    return { kind: 'repeat', item, min, max }
  }
}

/** Reads `source`, which `new RegExp(source, 'u')` already accepted; throws {@link PatternRefusal}. */
export function readPattern(source: string): PatternNode {
  return new PatternReader(source).read()
}
