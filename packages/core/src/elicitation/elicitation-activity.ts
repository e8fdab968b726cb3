/**
 * An elicitation inside an AG-UI run: an `ACTIVITY_SNAPSHOT` whose `content` is the very same
 * `ElicitationRequestData` as the AI SDK `data-elicitation-request` part, under `messageId` = the
 * elicitation id, re-sent in full (`replace: true`) on every status change.
 *
 * Why an activity: `@ag-ui/client` keeps it in `agent.messages` (role `activity`, replaced in place
 * per `messageId`) and never sends it back to the model; CopilotKit renders activities by
 * `activityType`; CopilotKit's runtime replays it on reconnect. The type is kit-prefixed because
 * AG-UI may define a plain `mcp-elicitation` of its own later.
 */
import { isRecord } from '../guards'
import type { ElicitationRequestData } from './wire'
import { SETTLED_ELICITATION_STATUSES } from './wire'

/** `activityType` of the kit's elicitation activities. */
export const ELICITATION_ACTIVITY_TYPE = 'mcp-hitl-elicitation'

/** The AG-UI event that shows (and re-shows, on every status change) one elicitation. */
export interface ElicitationActivityEvent {
  type: 'ACTIVITY_SNAPSHOT'
  /** The elicitation id: the id to respond with, stable across status changes. */
  messageId: string
  activityType: typeof ELICITATION_ACTIVITY_TYPE
  content: ElicitationRequestData
  replace: true
}

/** True for request data from an untrusted stream: the AI SDK example's fields, and a known `mode` / `status` when present. */
export function isElicitationRequestData(value: unknown): value is ElicitationRequestData {
  return (
    isRecord(value) &&
    typeof value.elicitationId === 'string' &&
    value.elicitationId.length > 0 &&
    typeof value.message === 'string' &&
    isRecord(value.requestedSchema) &&
    (value.mode === undefined || value.mode === 'form' || value.mode === 'url') &&
    (value.status === undefined || value.status === 'pending' || (SETTLED_ELICITATION_STATUSES as readonly unknown[]).includes(value.status))
  )
}

/**
 * True for a kit elicitation activity with well-formed content: an `ACTIVITY_SNAPSHOT` event
 * (`onActivitySnapshotEvent`) or the activity message it leaves in `agent.messages`.
 */
export function isElicitationActivity(
  value: unknown,
): value is { activityType: typeof ELICITATION_ACTIVITY_TYPE; content: ElicitationRequestData } {
  return isRecord(value) && value.activityType === ELICITATION_ACTIVITY_TYPE && isElicitationRequestData(value.content)
}
