/**
 * Keeps secrets out of echoes and logs. The spec forbids servers to ask for secrets in form mode, but
 * some do; whatever the user typed into such a field is replaced before content is stored, shown again
 * or logged.
 */
import type { ElicitContent, PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { setOwn } from './schema-helpers'

/** Marker that replaces a sensitive value. */
export const REDACTED = '[redacted]'

// Matched against the name with separators removed and lower-cased, so `api_key`, `apiKey`,
// `API-KEY` and `x-api-key` all count. Short words (`pin`, `ssn`, `cvv`) must be whole segments,
// so `pinned` or `spinach` do not.
const SENSITIVE_SUBSTRINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'credential',
  'privatekey',
  'cardnumber',
  'creditcard',
  'securitycode',
]
const SENSITIVE_SEGMENTS = ['pwd', 'pin', 'ssn', 'cvv', 'cvc', 'otp', 'pass']

function segments(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** True for a field whose value must not be echoed: `writeOnly`, or a password/secret/token/api-key-like name or title. */
export function isSensitiveField(name: string, field: PrimitiveSchemaDefinition): boolean {
  if (field.writeOnly === true) return true
  for (const label of [name, field.title ?? '']) {
    const parts = segments(label)
    const joined = parts.join('')
    if (SENSITIVE_SUBSTRINGS.some((word) => joined.includes(word))) return true
    if (parts.some((part) => SENSITIVE_SEGMENTS.includes(part))) return true
  }
  return false
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
