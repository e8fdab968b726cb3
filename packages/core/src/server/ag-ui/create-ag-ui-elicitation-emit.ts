/**
 * The broker's `emit` for an AG-UI run: every `data-elicitation-request` part the broker writes
 * (pending, then each status change) becomes the same data as an `ACTIVITY_SNAPSHOT` on the run's
 * subscriber, in order with the run's other events.
 */
import type { ElicitationDataPart } from '../../elicitation/wire'
import type { AgUiEventSink } from './ag-ui-types'
import { toElicitationActivityEvent } from './to-elicitation-activity-event'

/**
 * Returns an `emit` for `ElicitationRequestContext`, writing to `sink` (the rxjs subscriber of the
 * agent's `run` observable). Generic over the caller's event type: the kit's event is a plain
 * object, assignable to neither `@ag-ui/client` version's enum-typed `BaseEvent`, so the one cast
 * lives here. A sink that has completed drops the event (rxjs does); the list route still shows
 * a pending elicitation after the run is gone.
 */
export function createAgUiElicitationEmit<E>(sink: AgUiEventSink<E>): (part: ElicitationDataPart) => void {
  return (part) => sink.next(toElicitationActivityEvent(part.data) as unknown as E)
}
