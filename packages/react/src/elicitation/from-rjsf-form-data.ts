/**
 * Turns what RJSF hands back (`formData`) into spec content: only the schema's fields, nothing for
 * fields left empty, numbers as numbers. The result still goes through `validateElicitationContent`.
 */
import type { ElicitContent, ElicitContentValue, PrimitiveSchemaDefinition, RequestedSchema } from '@mcp-hitl/core'
import { isRecord } from '@mcp-hitl/core/internal'
import { rjsfFieldKeys } from './rjsf-field-keys'

// One field's answer in its spec kind, or undefined when the field was left empty.
function contentValue(field: PrimitiveSchemaDefinition, raw: unknown): ElicitContentValue | undefined {
  let value = raw
  if (value === undefined || value === null) return undefined
  if (field.type === 'string' && value === '') return undefined
  if ((field.type === 'number' || field.type === 'integer') && typeof value === 'string') {
    // A text widget may hand back the typed string; an unparsable one is kept for the validator to name.
    const trimmed = value.trim()
    if (trimmed === '') return undefined
    const n = Number(trimmed)
    if (Number.isFinite(n)) value = n
  }
  if (Array.isArray(value)) value = value.filter((item) => item !== undefined && item !== null)
  return value as ElicitContentValue
}

/**
 * Normalises RJSF `formData` (of the form `toRjsfSchema(schema)` built) to elicitation content: drops
 * unset and empty optional values, keeps kinds, and gives back the names RJSF held under stand-in keys.
 */
export function fromRjsfFormData(schema: RequestedSchema, formData: unknown): ElicitContent {
  if (!isRecord(formData)) return {}
  const keys = rjsfFieldKeys(schema)
  const entries: [string, ElicitContentValue][] = []
  for (const [name, field] of Object.entries(schema.properties)) {
    const key = keys.keyOf(name)
    if (!Object.hasOwn(formData, key)) continue
    const value = contentValue(field, formData[key])
    if (value !== undefined) entries.push([name, value])
  }
  // Object.fromEntries defines own properties: a field named `__proto__` stays a field.
  return Object.fromEntries(entries)
}
