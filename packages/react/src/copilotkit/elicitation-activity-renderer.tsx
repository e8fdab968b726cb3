/**
 * The kit's `mcp-hitl-elicitation` activity in a transcript row (CopilotKit's `renderActivityMessages`):
 * the request's form, answered through the respond route, while it is open; its outcome once settled.
 * Reads the queue of the surrounding {@link ElicitationActivities}.
 */
import { hostServerName } from '@mcp-hitl/core/internal'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { ELICITATION_ACTIVITY_TYPE, isElicitationRequestData } from '@mcp-hitl/core/internal'
import { ElicitationInline } from '../elicitation/elicitation-inline'
import { useLabels } from '../shared/use-labels'
import { type ActivityRenderProps, type CopilotKitActivityRenderer, contentSchema } from './activity-renderer'
import { useElicitationActivities } from './elicitation-activities'
import { DEFAULT_ELICITATION_ACTIVITY_LABELS } from './labels'

/** Options of {@link createElicitationActivityRenderer}. */
export interface ElicitationActivityRendererOptions {
  /** Only for this agent's activities (CopilotKit's `agentId`); every agent's when left out. */
  agentId?: string
}

const schema = contentSchema(isElicitationRequestData, 'mcp-hitl-elicitation content { elicitationId, message, requestedSchema, ... }')

const RENDERER = 'The mcp-hitl-elicitation activity renderer (createElicitationActivityRenderer)'

function ElicitationActivity({ content }: ActivityRenderProps<ElicitationRequestData>) {
  const { elicitation, inline, labels, activityLabels, customisation } = useElicitationActivities(RENDERER)
  const text = useLabels(DEFAULT_ELICITATION_ACTIVITY_LABELS, activityLabels)
  const item = elicitation.items.find((it) => it.id === content.elicitationId)
  // A request that had already ended when it arrived is told by this row's status: the row is its record.
  if (item && inline && item.settledReason !== 'ended') {
    return <ElicitationInline elicitation={elicitation} itemId={item.id} labels={labels} {...customisation} />
  }
  const status = content.status ?? 'pending'
  return (
    <p data-mcp-hitl-activity="" data-status={status} data-mode={content.mode ?? 'form'}>
      {text.status(status, hostServerName(content), content.reason, content.response?.action)}
    </p>
  )
}

/**
 * Creates the `mcp-hitl-elicitation` renderer. Call it once (module level or `useMemo`): CopilotKit
 * wants a stable `renderActivityMessages` array.
 */
export function createElicitationActivityRenderer(
  options: ElicitationActivityRendererOptions = {},
): CopilotKitActivityRenderer<ElicitationRequestData> {
  return {
    activityType: ELICITATION_ACTIVITY_TYPE,
    ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
    content: schema,
    render: ElicitationActivity,
  }
}
