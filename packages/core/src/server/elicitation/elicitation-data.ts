/**
 * Builds what the chat UI sees of an elicitation: the `data` of a `data-elicitation-request` part.
 * Content only ever leaves here redacted, and a field whose name a JSON reader refuses as a key
 * only under its stand-in (`encodeElicitationNames`): every copy of the data (the chat stream, the
 * AG-UI activity, the live channel, the pending list) is built here, so all carry the same shape.
 */
import { encodeElicitationNames } from '../../elicitation/elicitation-name-stand-ins'
import type { ElicitResult, RequestedSchema } from '../../elicitation/protocol'
import { redactElicitationContent } from '../../elicitation/redact'
import { ELICITATION_DATA_PART_TYPE } from '../../elicitation/wire'
import type { ElicitationDataPart, ElicitationRequestData, ElicitationStatus } from '../../elicitation/wire'
import type { StoredElicitation } from './stores/elicitation-store'

/** The schema shown for URL mode and refused requests: an empty form, so the example's consumers keep working. */
export const EMPTY_REQUESTED_SCHEMA: RequestedSchema = Object.freeze({
  type: 'object',
  properties: Object.freeze({}),
}) as RequestedSchema

/** Part data for a stored elicitation at `status`, with the redacted answer and the reason if any. */
export function toElicitationRequestData(
  record: StoredElicitation,
  status: ElicitationStatus,
  result?: ElicitResult,
  reason?: string,
): ElicitationRequestData {
  const data: ElicitationRequestData = {
    elicitationId: record.id,
    message: record.message,
    requestedSchema: record.requestedSchema,
    mode: record.mode,
    expiresAt: record.expiresAt,
    status,
  }
  if (record.url !== undefined) data.url = record.url
  if (record.urlElicitationId !== undefined) data.urlElicitationId = record.urlElicitationId
  if (record.serverName !== undefined) data.serverName = record.serverName
  if (record.serverTitle !== undefined) data.serverTitle = record.serverTitle
  if (record.serverClaimedName !== undefined) data.serverClaimedName = record.serverClaimedName
  if (record.serverIcon !== undefined) data.serverIcon = record.serverIcon
  if (record.raisedBy !== undefined) data.raisedBy = record.raisedBy
  if (result) {
    data.response =
      result.content && record.mode === 'form'
        ? { action: result.action, content: redactElicitationContent(record.requestedSchema, result.content) }
        : { action: result.action }
  }
  if (reason !== undefined) data.reason = reason
  return encodeElicitationNames(data)
}

/** Wraps part data as the AI SDK UI message stream chunk; the part id is the elicitation id. */
export function toElicitationDataPart(data: ElicitationRequestData): ElicitationDataPart {
  return { type: ELICITATION_DATA_PART_TYPE, id: data.elicitationId, data }
}
