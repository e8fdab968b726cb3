/**
 * Turns untrusted `elicitation/create` params into what the broker stores and shows, or the reason it
 * cannot be shown. A form's schema goes through `parseRequestedSchema` (flaws a form can work around
 * come back as `adjustments`, for the logs); a URL must be a web page. The reason of a refused form
 * is shown to the person in the chat's record of the request, so it is bounded and says why in a
 * sentence or three, naming the fields as the server named them.
 */
import { parseRequestedSchema, type SchemaIssue } from '../../elicitation/parse-requested-schema'
import type { ElicitRequestParams } from '../../elicitation/protocol'
import { isElicitRequestURLParams } from '../../elicitation/protocol'
import { EMPTY_REQUESTED_SCHEMA } from './elicitation-data'
import type { StoredElicitation } from './stores/elicitation-store'

/** The parts of a stored elicitation that come from the request params. */
export type ElicitRequestShown = Pick<StoredElicitation, 'mode' | 'message' | 'requestedSchema' | 'url' | 'urlElicitationId'>

/**
 * Result of {@link describeElicitRequest}: what to show (and the schema flaws worked around, if any),
 * or why not (with the message, for the failed part).
 */
export type DescribedElicitRequest =
  | { ok: true; shown: ElicitRequestShown; adjustments?: SchemaIssue[] }
  | { ok: false; message: string; reason: string }

// The issues a refusal's reason quotes, and its length: it is read by a person, in the chat.
const SHOWN_ISSUES = 3
const MAX_REASON_LENGTH = 1_000

/** Why no form can satisfy a schema, in at most {@link SHOWN_ISSUES} of its issues and {@link MAX_REASON_LENGTH} characters. */
function unusableSchemaReason(issues: readonly SchemaIssue[]): string {
  const quoted = issues.slice(0, SHOWN_ISSUES).map((issue) => issue.message)
  const more = issues.length - quoted.length
  if (more > 0) quoted.push(`(${more} more ${more === 1 ? 'issue' : 'issues'}.)`)
  const reason = `No form can satisfy this request: ${quoted.join(' ')}`
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason
}

/** Validates and normalises `params` (form or URL mode). */
export function describeElicitRequest(params: ElicitRequestParams): DescribedElicitRequest {
  const message = typeof params?.message === 'string' ? params.message : ''
  if ((params as { mode?: unknown })?.mode === 'url') {
    if (!isElicitRequestURLParams(params)) return { ok: false, message, reason: 'URL elicitation without elicitationId or url' }
    let url: URL
    try {
      url = new URL(params.url)
    } catch {
      return { ok: false, message, reason: 'URL elicitation with an invalid url' }
    }
    // Only web pages: javascript:, data: or file: URLs are never offered to the user.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return { ok: false, message, reason: `URL elicitation with a disallowed scheme (${url.protocol})` }
    }
    return {
      ok: true,
      shown: { mode: 'url', message, requestedSchema: EMPTY_REQUESTED_SCHEMA, url: url.href, urlElicitationId: params.elicitationId },
    }
  }
  const parsed = parseRequestedSchema((params as { requestedSchema?: unknown })?.requestedSchema)
  if (!parsed.ok) return { ok: false, message, reason: unusableSchemaReason(parsed.issues) }
  const shown: ElicitRequestShown = { mode: 'form', message, requestedSchema: parsed.schema }
  return parsed.adjustments ? { ok: true, shown, adjustments: parsed.adjustments } : { ok: true, shown }
}
