/**
 * Turns what a form library hands back into spec content: only the schema's fields, nothing for
 * fields left empty, numbers as numbers. The result still goes through `validateElicitationContent`.
 */
import type { ElicitContent, ElicitContentValue, RequestedSchema } from './protocol'

/** Normalises RJSF `formData` to elicitation content: drops unset and empty optional values, keeps kinds. */
export function fromFormData(schema: RequestedSchema, formData: unknown): ElicitContent {
  const out: ElicitContent = {}
  if (typeof formData !== 'object' || formData === null || Array.isArray(formData)) return out
  const data = formData as Record<string, unknown>
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
    Object.defineProperty(out, name, { value: value as ElicitContentValue, enumerable: true, writable: true, configurable: true })
  }
  return out
}
