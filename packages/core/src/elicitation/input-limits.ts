/**
 * The bounds on what a requested schema may ask and what an answer may hold, in one table: the schema
 * parser (server) refuses schemas beyond them, and the content validator (server and browser alike)
 * applies them to every answer, so both sides reach the same verdict. SECURITY.md explains each one.
 */
import type { StringFieldSchema } from './protocol'

/** Bounds on patterns and answers; see SECURITY.md, "Elicitation input". */
export const ELICITATION_INPUT_LIMITS = {
  /** Longest answer to a string field without `maxLength` or `pattern`, in code points. */
  defaultMaxStringLength: 10_000,
  /** Longest answer to a string field with a `pattern` but no `maxLength`, in code points. */
  defaultMaxPatternStringLength: 512,
  /** Longest `pattern` source, in UTF-16 code units. */
  maxPatternLength: 1_000,
  /** Most instructions a compiled `pattern` may have (`x{3}` costs three times `x`). */
  maxPatternSize: 1_000,
  /** Deepest nesting of groups in a `pattern`. */
  maxPatternGroupDepth: 32,
  /**
   * Most pattern steps one answer may cost, summed over its fields: a step is one input code point
   * against one compiled instruction, so a field costs at most (its maximum length) x (pattern size).
   * The parser refuses schemas whose patterns could exceed it.
   */
  maxPatternWork: 250_000,
} as const

/** The longest answer a string field accepts: its own `maxLength`, else the default for its kind. */
export function maxStringLength(field: Pick<StringFieldSchema, 'maxLength' | 'pattern'>): number {
  if (field.maxLength !== undefined) return field.maxLength
  return field.pattern === undefined
    ? ELICITATION_INPUT_LIMITS.defaultMaxStringLength
    : ELICITATION_INPUT_LIMITS.defaultMaxPatternStringLength
}
