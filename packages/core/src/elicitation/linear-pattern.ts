/**
 * JSON Schema `pattern` in time linear in the answer. The browser's and Node's own `RegExp` engine
 * backtracks, so a pattern like `^(a+)+$` takes seconds on a 30-character answer and blocks the
 * event loop meanwhile. Here the pattern is read with ECMAScript's `u`-flag grammar (the flags Ajv
 * uses), compiled to a Thompson automaton and run one input code point at a time over the set of
 * live states: the work is at most (answer length) x (program size), whatever the pattern.
 *
 * What a state set cannot express is refused, not approximated: backreferences (`\1`, `\k<name>`)
 * and lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`). Character classes, escapes and `.` are tested by the
 * native engine on one code point at a time, which cannot backtrack, so their meaning is exactly
 * ECMAScript's (`\s`, `\w`, `\p{...}`, ranges, negation).
 */
import { ELICITATION_INPUT_LIMITS } from './input-limits'

/** Why a pattern was refused. */
export type LinearPatternRefusal = 'invalid' | 'backreference' | 'lookaround' | 'too-large' | 'unsupported'

/** A compiled pattern: `test` behaves as `new RegExp(source, 'u').test` does, in linear time. */
export interface LinearPattern {
  readonly source: string
  /** Instructions in the automaton; the work of `test` is at most this times the input length. */
  readonly size: number
  test(value: string): boolean
}

/** The compiled pattern, or why it cannot be checked in linear time (`message` ends with a full stop). */
export type CompileLinearPatternResult =
  | { ok: true; pattern: LinearPattern }
  | { ok: false; reason: LinearPatternRefusal; message: string }

type CodePointTest = (codePoint: number) => boolean

type PatternNode =
  | { kind: 'literal'; codePoint: number }
  | { kind: 'class'; test: CodePointTest }
  | { kind: 'assertion'; assertion: Assertion }
  | { kind: 'sequence'; items: PatternNode[] }
  | { kind: 'alternation'; items: PatternNode[] }
  | { kind: 'repeat'; item: PatternNode; min: number; max: number }

// Zero-width assertions, by the number an `Assert` instruction carries.
const START = 0
const END = 1
const WORD_BOUNDARY = 2
const NOT_WORD_BOUNDARY = 3
type Assertion = typeof START | typeof END | typeof WORD_BOUNDARY | typeof NOT_WORD_BOUNDARY

// Instructions of the automaton.
const LITERAL = 0
const CLASS = 1
const SPLIT = 2
const ASSERT = 3
const MATCH = 4
type Op = typeof LITERAL | typeof CLASS | typeof SPLIT | typeof ASSERT | typeof MATCH

/** Thrown inside the parser to stop at the first refusal; never escapes {@link compileLinearPattern}. */
class Refusal {
  constructor(
    readonly reason: LinearPatternRefusal,
    readonly message: string,
  ) {}
}

const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|'
const ASCII_WORD = /[A-Za-z0-9_]/

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
    if (this.position < this.source.length) throw new Refusal('unsupported', `uses ${this.quote(this.position)}, which the kit cannot read.`)
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
      throw new Refusal('lookaround', `uses the lookaround ${this.quote(start, this.peek(2) === '<' ? 4 : 3)}, which cannot be checked in linear time.`)
    }
    if (this.startsWith('(?:')) this.position += 3
    else if (this.startsWith('(?<')) {
      const close = this.source.indexOf('>', this.position)
      this.position = close + 1
    } else if (this.startsWith('(?')) {
      throw new Refusal('unsupported', `uses the group syntax ${this.quote(start)}, which the kit cannot read.`)
    } else this.position++
    this.depth++
    if (this.depth > ELICITATION_INPUT_LIMITS.maxPatternGroupDepth) {
      throw new Refusal('too-large', `nests groups more than ${ELICITATION_INPUT_LIMITS.maxPatternGroupDepth} deep.`)
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
      throw new Refusal('backreference', `uses the backreference ${this.quote(start, next === 'k' ? 3 : 2)}, which cannot be checked in linear time.`)
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

/** Instructions a node compiles to; counted before compiling, so a huge `{n}` is refused cheaply. */
function programSize(node: PatternNode): number {
  switch (node.kind) {
    case 'literal':
    case 'class':
    case 'assertion':
      return 1
    case 'sequence':
      return node.items.reduce((sum, item) => sum + programSize(item), 0)
    case 'alternation':
      return node.items.reduce((sum, item) => sum + programSize(item), node.items.length - 1)
    case 'repeat': {
      const item = programSize(node.item)
      // Repeating nothing (`(?:){9}`) is nothing.
      if (item === 0) return 0
      return node.max === Number.POSITIVE_INFINITY ? item * (node.min + 1) + 1 : item * node.max + (node.max - node.min)
    }
  }
}

/** The automaton as parallel arrays: `op`, `first` (the next state) and `second` (the other branch, code point, class or assertion). */
class ProgramBuilder {
  readonly op: number[] = []
  readonly first: number[] = []
  readonly second: number[] = []
  readonly classes: CodePointTest[] = []

  emit(op: Op, first: number, second: number): number {
    this.op.push(op)
    this.first.push(first)
    this.second.push(second)
    return this.op.length - 1
  }

  /** Compiles `node` so that it continues at `next`; returns the node's first instruction. */
  compile(node: PatternNode, next: number): number {
    switch (node.kind) {
      case 'literal':
        return this.emit(LITERAL, next, node.codePoint)
      case 'class':
        this.classes.push(node.test)
        return this.emit(CLASS, next, this.classes.length - 1)
      case 'assertion':
        return this.emit(ASSERT, next, node.assertion)
      case 'sequence': {
        let start = next
        for (let i = node.items.length - 1; i >= 0; i--) start = this.compile(node.items[i] as PatternNode, start)
        return start
      }
      case 'alternation': {
        let start = this.compile(node.items[node.items.length - 1] as PatternNode, next)
        for (let i = node.items.length - 2; i >= 0; i--) start = this.emit(SPLIT, this.compile(node.items[i] as PatternNode, next), start)
        return start
      }
      case 'repeat':
        return this.compileRepeat(node, next)
    }
  }

  private compileRepeat(node: PatternNode & { kind: 'repeat' }, next: number): number {
    if (programSize(node.item) === 0) return next
    let start: number
    if (node.max === Number.POSITIVE_INFINITY) {
      // A loop: the split is emitted first so that the body can jump back to it.
      const loop = this.emit(SPLIT, 0, next)
      this.first[loop] = this.compile(node.item, loop)
      start = loop
    } else {
      // (max - min) optional copies, each one skippable straight to `next`.
      start = next
      for (let i = 0; i < node.max - node.min; i++) start = this.emit(SPLIT, this.compile(node.item, start), next)
    }
    for (let i = 0; i < node.min; i++) start = this.compile(node.item, start)
    return start
  }
}

function isWordCodeUnit(value: string, index: number): boolean {
  return index >= 0 && index < value.length && ASCII_WORD.test(value.charAt(index))
}

function assertionHolds(assertion: number, value: string, index: number): boolean {
  switch (assertion) {
    case START:
      return index === 0
    case END:
      return index === value.length
    case WORD_BOUNDARY:
      return isWordCodeUnit(value, index - 1) !== isWordCodeUnit(value, index)
    default:
      return isWordCodeUnit(value, index - 1) === isWordCodeUnit(value, index)
  }
}

function toLinearPattern(source: string, builder: ProgramBuilder, startState: number): LinearPattern {
  const size = builder.op.length
  const op = Uint8Array.from(builder.op)
  const first = Int32Array.from(builder.first)
  const second = Int32Array.from(builder.second)
  const classes = builder.classes

  return {
    source,
    size,
    test(value: string): boolean {
      // The live states at `index`: the atoms that may consume the next code point.
      const live = new Int32Array(size)
      let liveCount = 0
      // `seen[state] === generation`: the state was already reached at this index.
      const seen = new Int32Array(size)
      let generation = 0
      // States still to follow at this index: each is expanded once and pushes at most two more,
      // on top of at most one successor per live atom and the start state.
      const pending = new Int32Array(3 * size + 2)
      let top = 0

      // Follows every pending state through splits and assertions at `at`, collecting the atoms
      // reached into `live` (unless only asked whether a match needs nothing more); true on a match.
      const follow = (at: number, collectLive: boolean): boolean => {
        generation++
        if (collectLive) liveCount = 0
        while (top > 0) {
          const state = pending[--top] as number
          if (seen[state] === generation) continue
          seen[state] = generation
          switch (op[state]) {
            case MATCH:
              top = 0
              return true
            case LITERAL:
            case CLASS:
              if (collectLive) live[liveCount++] = state
              break
            case SPLIT:
              pending[top++] = second[state] as number
              pending[top++] = first[state] as number
              break
            case ASSERT:
              if (assertionHolds(second[state] as number, value, at)) pending[top++] = first[state] as number
              break
          }
        }
        return false
      }

      let index = 0
      pending[top++] = startState
      for (;;) {
        if (follow(index, true)) return true
        if (index >= value.length) return false
        const codePoint = value.codePointAt(index) as number
        const width = codePoint > 0xffff ? 2 : 1
        // V8 (Node, Chromium, and so Ajv) also finds a match that consumes nothing between the two
        // halves of a surrogate pair, e.g. `\B` in "a😀"; so does this, to reach the same verdict.
        if (width === 2) {
          pending[top++] = startState
          if (follow(index + 1, false)) return true
        }
        for (let i = 0; i < liveCount; i++) {
          const state = live[i] as number
          const matches =
            op[state] === LITERAL ? second[state] === codePoint : (classes[second[state] as number] as CodePointTest)(codePoint)
          if (matches) pending[top++] = first[state] as number
        }
        index += width
        // Unanchored search, as `RegExp.prototype.test`: a match may also start at this index.
        pending[top++] = startState
      }
    },
  }
}

// One compilation per pattern source: forms re-validate on every keystroke. Results are immutable.
const compiled = new Map<string, CompileLinearPatternResult>()
const MAX_CACHED_PATTERNS = 256

/**
 * Compiles a JSON Schema `pattern` for linear-time tests, or says why it cannot be (see
 * {@link LinearPatternRefusal}); the same source always gives the same (cached) result.
 */
export function compileLinearPattern(source: string): CompileLinearPatternResult {
  let result = compiled.get(source)
  if (result === undefined) {
    result = compileUncached(source)
    if (compiled.size >= MAX_CACHED_PATTERNS) compiled.clear()
    compiled.set(source, result)
  }
  return result
}

function compileUncached(source: string): CompileLinearPatternResult {
  if (source.length > ELICITATION_INPUT_LIMITS.maxPatternLength) {
    return { ok: false, reason: 'too-large', message: `is ${source.length} characters long; the limit is ${ELICITATION_INPUT_LIMITS.maxPatternLength}.` }
  }
  try {
    // The native parser is the reference for what is valid; it only parses here, it never runs.
    new RegExp(source, 'u')
  } catch (error) {
    return { ok: false, reason: 'invalid', message: `is not a valid regular expression: ${(error as Error).message}.` }
  }
  try {
    const tree = new PatternReader(source).read()
    const size = programSize(tree) + 1
    if (size > ELICITATION_INPUT_LIMITS.maxPatternSize) {
      throw new Refusal(
        'too-large',
        `compiles to ${size > 1e9 ? 'over a billion' : size} instructions (repetition counts multiply); the limit is ${ELICITATION_INPUT_LIMITS.maxPatternSize}.`,
      )
    }
    const builder = new ProgramBuilder()
    const match = builder.emit(MATCH, 0, 0)
    const start = builder.compile(tree, match)
    return { ok: true, pattern: toLinearPattern(source, builder, start) }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, message: error.message }
    throw error
  }
}

/**
 * True when `value` matches `pattern`, checked in linear time: the one pattern check for code outside
 * the content validator (such as the RJSF validator's sub-schema checks). False for a pattern the
 * matcher refuses, and for a value that would cost more than one answer's step budget.
 */
export function matchesPattern(pattern: string, value: string): boolean {
  const compiled = compileLinearPattern(pattern)
  // UTF-16 length: never less than the code points the matcher steps through.
  return compiled.ok && value.length * compiled.pattern.size <= ELICITATION_INPUT_LIMITS.maxPatternWork && compiled.pattern.test(value)
}
