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
import { buildPatternAutomaton, programSize } from './build-pattern-automaton'
import { ELICITATION_INPUT_LIMITS } from './input-limits'
import { PatternRefusal, readPattern } from './read-pattern'

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
    const tree = readPattern(source)
    // One more for the final match instruction.
    const size = programSize(tree) + 1
    if (size > ELICITATION_INPUT_LIMITS.maxPatternSize) {
      throw new PatternRefusal(
        'too-large',
        `compiles to ${size > 1e9 ? 'over a billion' : size} instructions (repetition counts multiply); the limit is ${ELICITATION_INPUT_LIMITS.maxPatternSize}.`,
      )
    }
    return { ok: true, pattern: buildPatternAutomaton(source, tree) }
  } catch (error) {
    if (error instanceof PatternRefusal) return { ok: false, reason: error.reason, message: error.message }
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
