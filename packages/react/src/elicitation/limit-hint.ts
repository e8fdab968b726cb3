import type { PrimitiveSchemaDefinition } from '@mcp-hitl/core'
import { findFieldConflict } from '@mcp-hitl/core/internal'
import type { LimitHint } from './labels'

type Field = Record<string, unknown>
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

/**
 * The limit of a field worth saying before the user breaks it (length, range, choices, format), if
 * any; for an optional field whose constraints no answer meets (the kit shows it rather than refuse
 * the request), that it takes none.
 */
export function limitHintOf(field: Field): LimitHint | undefined {
  if (findFieldConflict(field as unknown as PrimitiveSchemaDefinition)) return { kind: 'none-fits' }
  if (field.type === 'string') {
    const min = num(field.minLength)
    const max = num(field.maxLength)
    // minLength 1 only means "not empty": the required mark says that already.
    if (max !== undefined || (min !== undefined && min > 1)) return { kind: 'length', min: min && min > 1 ? min : undefined, max }
    if (typeof field.format === 'string') return { kind: 'format', format: field.format }
    return undefined
  }
  if (field.type === 'number' || field.type === 'integer') {
    const min = num(field.minimum)
    const max = num(field.maximum)
    if (min === undefined && max === undefined) return undefined
    return { kind: 'range', integer: field.type === 'integer', min, max }
  }
  if (field.type === 'array') {
    const min = num(field.minItems)
    const max = num(field.maxItems)
    if (min === undefined && max === undefined) return undefined
    return { kind: 'items', min, max }
  }
  return undefined
}

/** The numbers a hint states: the bounds it says (a format, or "none fits", states none). */
function statedNumbers(hint: LimitHint): number[] {
  if (hint.kind === 'format' || hint.kind === 'none-fits') return []
  return [hint.min, hint.max].filter((n): n is number => n !== undefined)
}

/**
 * Whether the server's description already says the limit: it holds every number the hint would
 * state ("Your desired username (3-20 characters)" for 3 to 20 characters). The kit's hint would
 * then only repeat it in other words, so it is left out; the limit is still checked on send.
 */
export function describesLimit(description: string | undefined, hint: LimitHint): boolean {
  const numbers = statedNumbers(hint)
  if (!description || numbers.length === 0) return false
  const said = new Set((description.match(/\d+(?:\.\d+)?/g) ?? []).map(Number))
  return numbers.every((n) => said.has(Math.abs(n)))
}
