/**
 * The JSON media type check every body-taking handler makes. Requiring JSON is also the CSRF guard:
 * a cross-site HTML form cannot send it, and a cross-site fetch that does needs a CORS preflight
 * the app does not grant. Only UTF-8 is accepted (RFC 8259 requires it between systems), so a
 * body is never decoded in a charset other than the one it was sent in.
 */
import { HttpRefusal } from './http-refusal'

/** What a `Content-Type` header says about a JSON body. */
export type JsonContentType = 'json' | 'not_json' | 'not_utf8'

const UTF8_LABELS = ['utf-8', 'utf8']

/** Classifies a `Content-Type` value: `application/json` or `application/*+json`, in UTF-8 or no charset. */
export function readJsonContentType(value: string | null): JsonContentType {
  if (!value) return 'not_json'
  const [essence = '', ...parameters] = value.split(';')
  const type = essence.trim().toLowerCase()
  if (type !== 'application/json' && !(type.startsWith('application/') && type.endsWith('+json'))) return 'not_json'
  const charsets = parameters
    .map((parameter) => parameter.split('='))
    .filter(([name]) => name?.trim().toLowerCase() === 'charset')
    .map(([, charset = '']) => charset.trim().replace(/^"(.*)"$/, '$1').toLowerCase())
  // Two charsets are ambiguous: refused like a wrong one.
  if (charsets.length > 1 || (charsets.length === 1 && !UTF8_LABELS.includes(charsets[0] ?? ''))) return 'not_utf8'
  return 'json'
}

/** Throws a 415 refusal unless the request's body is declared as UTF-8 JSON. */
export function requireJsonContentType(request: Request): void {
  const kind = readJsonContentType(request.headers.get('content-type'))
  if (kind === 'not_json') throw new HttpRefusal('unsupported_media_type', 'The body must be application/json')
  if (kind === 'not_utf8') {
    throw new HttpRefusal('unsupported_media_type', 'The body must be JSON in UTF-8: send charset=utf-8 or no charset')
  }
}
