/**
 * Finds the constraints of one field that no answer can meet together: bounds that cross, a
 * multi-select that asks for more choices than it offers, a minLength beyond the longest answer the
 * kit takes, an integer range with no whole number in it. The parser declines a request whose
 * *required* field has one (no form can satisfy it) and shows an optional one, which can then only
 * be left empty; the validator says exactly that instead of naming one bound after the other.
 */
import { maxStringLength } from './input-limits'
import type { NumberFieldSchema, PrimitiveSchemaDefinition, StringFieldSchema } from './protocol'
import { BOUND_PAIRS } from './schema-keywords'
import { optionValues } from './schema-helpers'

/** Constraints of a field that exclude every answer: the keyword to point at, what they say, and how to fix them. */
export interface FieldConflict {
  /** The keyword the conflict is reported at (its lower bound, mostly). */
  keyword: string
  /** The constraints in words, e.g. `minimum 10 greater than maximum 1`. */
  detail: string
  /** What the server's developer can do about it. */
  fix: string
}

/** The smallest and largest whole numbers a number field's bounds admit. */
function integerRange(field: NumberFieldSchema): [number, number] {
  let low = Number.NEGATIVE_INFINITY
  let high = Number.POSITIVE_INFINITY
  if (field.minimum !== undefined) low = Math.max(low, Math.ceil(field.minimum))
  if (field.exclusiveMinimum !== undefined) low = Math.max(low, Math.floor(field.exclusiveMinimum) + 1)
  if (field.maximum !== undefined) high = Math.min(high, Math.floor(field.maximum))
  if (field.exclusiveMaximum !== undefined) high = Math.min(high, Math.ceil(field.exclusiveMaximum) - 1)
  return [low, high]
}

/** The first set of constraints of `field` that leaves no valid answer, or undefined when some answer fits. */
export function findFieldConflict(field: PrimitiveSchemaDefinition): FieldConflict | undefined {
  const bounds = field as unknown as Record<string, unknown>
  for (const [lower, upper, mayMeet] of BOUND_PAIRS) {
    const low = bounds[lower]
    const high = bounds[upper]
    if (typeof low === 'number' && typeof high === 'number' && (mayMeet ? low > high : low >= high)) {
      const relation = low > high ? 'greater than' : 'equal to'
      return { keyword: lower, detail: `${lower} ${low} ${relation} ${upper} ${high}`, fix: 'swap or correct them.' }
    }
  }
  if (field.type === 'integer') {
    const [low, high] = integerRange(field)
    if (low > high) {
      const keyword = field.minimum !== undefined ? 'minimum' : 'exclusiveMinimum'
      return { keyword, detail: 'bounds with no whole number between them', fix: 'widen the bounds, or use "type": "number".' }
    }
  }
  // Selects may carry length keywords too (see validate-content), so every string field is measured.
  const { minLength, maxLength } = field as StringFieldSchema
  if (field.type === 'string' && minLength !== undefined && maxLength === undefined) {
    const limit = maxStringLength(field as StringFieldSchema)
    if (minLength > limit) {
      return {
        keyword: 'minLength',
        detail: `minLength ${minLength} but no maxLength, and such answers are limited to ${limit} characters`,
        fix: `add a "maxLength" of at least ${minLength}.`,
      }
    }
  }
  if (field.type === 'array' && field.minItems !== undefined) {
    const count = optionValues(field)?.length ?? 0
    if (field.minItems > count) {
      return { keyword: 'minItems', detail: `minItems ${field.minItems} but only ${count} options`, fix: 'lower "minItems" or add options.' }
    }
  }
  return undefined
}
