/**
 * Turns what a form library hands back into spec content: only the schema's fields, nothing for
 * fields left empty, numbers as numbers. The result still goes through `validateElicitationContent`.
 */
import type { ElicitContent, ElicitContentValue, RequestedSchema } from './protocol'
import { isRecord } from '../guards'
import { setOwn } from './schema-helpers'

/** Normalises RJSF `formData` to elicitation content: drops unset and empty optional values, keeps kinds. */
export function fromFormData(schema: RequestedSchema, formData: unknown): ElicitContent {
  const out: ElicitContent = {}
  if (!isRecord(formData)) return out
  const data = formData
  for (const [name, field] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(data, name)) continue
    let value = data[name]
    if (value === undefined || value === null) continue
    if (field.type === 'string' && value === '') continue
    if ((field.type === 'number' || field.type === 'integer') && typeof value === 'string') {
      // A text widget may hand back the typed string; an unparsable one is kept for the validator to name.
      const trimmed = value.trim()
      if (trimmed === '') continue
      const n = Number(trimmed)
      if (Number.isFinite(n)) value = n
    }
    if (Array.isArray(value)) value = value.filter((item) => item !== undefined && item !== null)
    // setOwn: a field named `__proto__` must stay a field.
    setOwn(out, name, value as ElicitContentValue)
  }
  return out
}
