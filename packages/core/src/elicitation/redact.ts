/**
 * Keeps secrets out of echoes and logs. The spec forbids servers to ask for secrets in form mode, but
 * some do; whatever the user typed into such a field is replaced before content is stored, shown again
 * or logged. A field is sensitive when the schema says so (`writeOnly`, `format: "password"`) or when
 * its name or title holds a word of the lists of `sensitive-label.ts`, however spelt; SECURITY.md
 * lists them too.
 */
import type { ElicitContent, PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { setOwn } from './schema-helpers'
import { isSensitiveLabel } from './sensitive-label'

/** Marker that replaces a sensitive value. */
export const REDACTED = '[redacted]'

export { isSensitiveLabel, SENSITIVE_NAME_STEMS, SENSITIVE_NAME_WORDS } from './sensitive-label'

/**
 * True for a field whose value must not be echoed: `writeOnly`, `format: "password"` (in a schema
 * that did not go through the parser, which reads it as `writeOnly`), or a name or title holding one
 * of the sensitive stems or words, in any spelling (`isSensitiveLabel`).
 */
export function isSensitiveField(name: string, field: PrimitiveSchemaDefinition): boolean {
  if (field.writeOnly === true || (field as { format?: unknown }).format === 'password') return true
  return isSensitiveLabel(name) || (field.title !== undefined && isSensitiveLabel(field.title))
}

/** Copy of `content` with the value of every sensitive field replaced by {@link REDACTED}. */
export function redactElicitationContent(schema: RequestedSchema, content: ElicitContent): ElicitContent {
  const out: ElicitContent = {}
  for (const [name, value] of Object.entries(content)) {
    const field = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined
    // Keys the schema does not know are redacted too: nothing says they are harmless.
    const hide = field === undefined || isSensitiveField(name, field)
    const kept = hide ? REDACTED : Array.isArray(value) ? [...value] : value
    // setOwn: a key named `__proto__` must stay a key.
    setOwn(out, name, kept)
  }
  return out
}
