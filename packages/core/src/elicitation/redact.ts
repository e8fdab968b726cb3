/**
 * Keeps secrets out of echoes and logs. The spec forbids servers to ask for secrets in form mode, but
 * some do; whatever the user typed into such a field is replaced before content is stored, shown again
 * or logged. A field is sensitive when the schema says so (`writeOnly`, `format: "password"`) or when
 * its name or title holds a word of the lists below; SECURITY.md lists them too.
 */
import type { ElicitContent, PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { setOwn } from './schema-helpers'

/** Marker that replaces a sensitive value. */
export const REDACTED = '[redacted]'

/**
 * Stems that make a field sensitive wherever they appear in its name or title, compared lower-cased
 * with separators removed: `newPassword`, `client_secret`, `X-Auth-Token`, `userpincode`. Each is long
 * or rare enough that ordinary words seldom hold it (`secretary` does, and is masked on purpose).
 */
export const SENSITIVE_NAME_STEMS = [
  // passwords and secrets
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'passcode',
  'secret',
  'credential',
  'token',
  'seedphrase',
  'recoveryphrase',
  // keys
  'apikey',
  'accesskey',
  'authkey',
  'privatekey',
  'privkey',
  'signingkey',
  'encryptionkey',
  'licensekey',
  'productkey',
  'masterkey',
  'recoverykey',
  'sshkey',
  // PINs and one-time codes
  'pincode',
  'pinnumber',
  'verificationcode',
  'onetimecode',
  'twofactorcode',
  'mfacode',
  'authcode',
  'authenticationcode',
  'recoverycode',
  'backupcode',
  'securitycode',
  // payment cards and identity numbers
  'cardnumber',
  'cardno',
  'ccnumber',
  'creditcard',
  'debitcard',
  'cvv',
  'cvc',
  'socialsecurity',
] as const

/**
 * Short words that make a field sensitive only as a whole word of its name or title (words split at
 * separators, case changes and digits; two adjacent words also count together, so `2fa` is found in
 * `2faCode`): `key`, `sshKey`, `user_pin`, `PAN`, but not `keyboard`, `spinach`, `company`.
 */
export const SENSITIVE_NAME_WORDS = ['key', 'pin', 'pass', 'otp', 'totp', 'hotp', 'mfa', '2fa', 'ssn', 'pan', 'iban'] as const

const STEMS: readonly string[] = SENSITIVE_NAME_STEMS
const WORDS: ReadonlySet<string> = new Set(SENSITIVE_NAME_WORDS)

/** `userPINCode2` -> `user pin code 2`: splits at separators, lower-to-upper changes, acronym ends and digits. */
function wordsOf(label: string): string[] {
  return label
    .replace(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** True for a name or title holding one of {@link SENSITIVE_NAME_STEMS} or {@link SENSITIVE_NAME_WORDS}. */
export function isSensitiveLabel(label: string): boolean {
  const words = wordsOf(label)
  const joined = words.join('')
  if (STEMS.some((stem) => joined.includes(stem))) return true
  return words.some((word, i) => WORDS.has(word) || (i > 0 && WORDS.has(`${words[i - 1]}${word}`)))
}

/**
 * True for a field whose value must not be echoed: `writeOnly`, `format: "password"` (in a schema
 * that did not go through the parser, which reads it as `writeOnly`), or a name or title holding one
 * of {@link SENSITIVE_NAME_STEMS} or {@link SENSITIVE_NAME_WORDS}.
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
