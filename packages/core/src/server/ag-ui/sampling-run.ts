/**
 * A run that answers an app's sampling request (`createAgUiSamplingClient` marks it with
 * `forwardedProps[SAMPLING_FORWARDED_PROPS_KEY]`). The person approved a request that lists its
 * tools (usually none), so such a run offers the model exactly the run's own `tools` (what the
 * client took from the approved request) and runs none of the servers' tools: the marker can only
 * take tools away, so a caller gains nothing by setting it. A tool call for anything else fails
 * the run, since the answer the app would get is not the one the person approved.
 */
import { SAMPLING_FORWARDED_PROPS_KEY } from '../../apps/ag-ui-sampling-client'
import { isRecord } from '../../guards'

/** True for a run that answers an app's sampling request. */
export function isSamplingRun(forwardedProps: unknown): boolean {
  return isRecord(forwardedProps) && Object.hasOwn(forwardedProps, SAMPLING_FORWARDED_PROPS_KEY)
}

/** The error of a sampling run whose agent called `name`, a tool the approved request does not offer. */
export function unofferedSamplingTool(name: string): string {
  return `The agent called the tool ${JSON.stringify(name.slice(0, 100))}, which the approved sampling request does not offer; a sampling run offers the model only the request's own tools`
}
