/**
 * Turns untrusted `elicitation/create` params into what the broker stores and shows, or the reason it
 * cannot be shown. A form's schema goes through `parseRequestedSchema`; a URL must be a web page.
 */
import { parseRequestedSchema } from '../../elicitation/parse-requested-schema'
import type { ElicitRequestParams } from '../../elicitation/protocol'
import { isElicitRequestURLParams } from '../../elicitation/protocol'
import { EMPTY_REQUESTED_SCHEMA } from './elicitation-data'
import type { StoredElicitation } from './stores/elicitation-store'

/** The parts of a stored elicitation that come from the request params. */
export type ElicitRequestShown = Pick<StoredElicitation, 'mode' | 'message' | 'requestedSchema' | 'url' | 'urlElicitationId'>

/** Result of {@link describeElicitRequest}: what to show, or why not (with the message, for the failed part). */
export type DescribedElicitRequest = { ok: true; shown: ElicitRequestShown } | { ok: false; message: string; reason: string }

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
  if (!parsed.ok) {
    const detail = parsed.issues.map((issue) => `${issue.pointer || '/'}: ${issue.message}`).join('; ')
    return { ok: false, message, reason: `Unusable requestedSchema: ${detail}` }
  }
  return { ok: true, shown: { mode: 'form', message, requestedSchema: parsed.schema } }
}
