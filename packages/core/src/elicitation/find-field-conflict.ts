/**
 * Finds the constraints of one field that no answer can meet together: bounds that cross, a
 * multi-select that asks for more choices than it offers, a minLength beyond the longest answer the
 * kit takes, an integer range with no whole number in it. The parser declines a request whose
 * *required* field has one (no form can satisfy it) and shows an optional one, which can then only
 * be left empty; the validator, in the browser too, says exactly that instead of naming one bound
 * after the other. The words for the server's developer are the parser's (server-side only).
 */
import { maxStringLength } from './input-limits'
import type { NumberFieldSchema, PrimitiveSchemaDefinition, StringFieldSchema } from './protocol'
import { optionValues } from './schema-helpers'

/**
 * Constraints of a field that exclude every answer, reported at `keyword` (a lower bound):
 * `crossed` (`keyword` against `upper`, which it passes or, being exclusive, meets), `no-whole-number`,
 * `over-limit` (a minLength beyond the `limit` of an answer without maxLength), `few-options` (a
 * minItems beyond the `limit` of options).
 */
export type FieldConflict =
  | { kind: 'crossed'; keyword: string; low: number; upper: string; high: number }
  | { kind: 'no-whole-number'; keyword: 'minimum' | 'exclusiveMinimum' }
  | { kind: 'over-limit' | 'few-options'; keyword: 'minLength' | 'minItems'; low: number; limit: number }

/**
 * Lower and upper bound keywords that must not cross, and whether the two may meet (an inclusive
 * pair admits the one value where they meet; a pair with an exclusive bound admits none).
 */
const BOUND_PAIRS = [
  ['minLength', 'maxLength', true],
  ['minimum', 'maximum', true],
  ['minimum', 'exclusiveMaximum', false],
  ['exclusiveMinimum', 'maximum', false],
  ['exclusiveMinimum', 'exclusiveMaximum', false],
  ['minItems', 'maxItems', true],
] as const

/** Whether a number field's bounds leave a whole number between them. */
function admitsWholeNumber(field: NumberFieldSchema): boolean {
  let low = Number.NEGATIVE_INFINITY
  let high = Number.POSITIVE_INFINITY
  if (field.minimum !== undefined) low = Math.ceil(field.minimum)
  if (field.exclusiveMinimum !== undefined) low = Math.max(low, Math.floor(field.exclusiveMinimum) + 1)
  if (field.maximum !== undefined) high = Math.floor(field.maximum)
  if (field.exclusiveMaximum !== undefined) high = Math.min(high, Math.ceil(field.exclusiveMaximum) - 1)
  return low <= high
}

/** The first set of constraints of `field` that leaves no valid answer, or undefined when some answer fits. */
export function findFieldConflict(field: PrimitiveSchemaDefinition): FieldConflict | undefined {
  const bounds = field as unknown as Record<string, unknown>
  for (const [keyword, upper, mayMeet] of BOUND_PAIRS) {
    const low = bounds[keyword]
    const high = bounds[upper]
    if (typeof low === 'number' && typeof high === 'number' && (mayMeet ? low > high : low >= high)) return { kind: 'crossed', keyword, low, upper, high }
  }
  if (field.type === 'integer' && !admitsWholeNumber(field)) {
    return { kind: 'no-whole-number', keyword: field.minimum !== undefined ? 'minimum' : 'exclusiveMinimum' }
  }
  // Selects may carry length keywords too (see validate-content), so every string field is measured.
  const { minLength, maxLength } = field as StringFieldSchema
  if (field.type === 'string' && minLength !== undefined && maxLength === undefined) {
    const limit = maxStringLength(field as StringFieldSchema)
    if (minLength > limit) return { kind: 'over-limit', keyword: 'minLength', low: minLength, limit }
  }
  if (field.type === 'array' && field.minItems !== undefined) {
    const limit = optionValues(field)?.length ?? 0
    if (field.minItems > limit) return { kind: 'few-options', keyword: 'minItems', low: field.minItems, limit }
  }
  return undefined
}
