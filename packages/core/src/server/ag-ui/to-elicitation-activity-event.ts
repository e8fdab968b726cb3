/** The AG-UI event for one elicitation's current state: what a Python backend emits too (docs/ag-ui-elicitation-events.md). */
import { ELICITATION_ACTIVITY_TYPE, type ElicitationActivityEvent } from '../../elicitation/elicitation-activity'
import type { ElicitationRequestData } from '../../elicitation/wire'

/** Wraps request data as its `ACTIVITY_SNAPSHOT`; `messageId` is the elicitation id, so a status change replaces the card. */
export function toElicitationActivityEvent(data: ElicitationRequestData): ElicitationActivityEvent {
  return { type: 'ACTIVITY_SNAPSHOT', messageId: data.elicitationId, activityType: ELICITATION_ACTIVITY_TYPE, content: data, replace: true }
}
