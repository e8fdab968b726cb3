/**
 * Where an AG-UI chat's elicitations show: the ones whose activity is in the transcript render
 * inline, in their own row (the activity renderer, e.g. inside CopilotKit's `CopilotChat`); the
 * others (recovered from the list route after a reload, raised by an app's own tool call) in one
 * dialog. Each request is open in exactly one place. One `useElicitation({ agent })` queue feeds both,
 * so answers, queue order, recovery and expiry are those of the AI SDK path.
 *
 * Inline or not is decided by the agent's messages, not by which rows are mounted: CopilotKit unmounts
 * rows scrolled away past 50 messages, and a request must not jump into a dialog when its row does.
 */
import { type ElicitationItem, McpHitlError } from '@mcp-hitl/core'
import { ELICITATION_ACTIVITY_TYPE } from '@mcp-hitl/core/internal'
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react'
import { type ElicitationFormCustomisation, useFormCustomisation } from '../elicitation/elicitation-context'
import { ElicitationDialog } from '../elicitation/elicitation-dialog'
import type { ElicitationLabels } from '../elicitation/labels'
import { type UseElicitationOptions, type UseElicitationResult, useElicitation } from '../elicitation/use-elicitation'
import type { AgUiAgentLike } from '../shared/ag-ui-agent-like'
import { useShallowStable } from '../shared/use-shallow-stable'
import type { ElicitationActivityLabels } from './labels'

/** Props of {@link ElicitationActivities}: `useElicitation`'s options, the form's customisation and where forms go. */
export interface ElicitationActivitiesProps extends Omit<UseElicitationOptions, 'agent' | 'messages'>, ElicitationFormCustomisation {
  /** The chat's agent (CopilotKit's `useAgent().agent`, or an `HttpAgent`); undefined renders the children only. */
  agent: AgUiAgentLike | undefined
  /**
   * `true` (default): a request whose activity is in the transcript is answered in its row. `false`:
   * every request in the dialog, the rows show its status (a chat whose rows you do not render).
   */
  inline?: boolean
  /** Any label of the forms to replace (i18n). */
  labels?: Partial<ElicitationLabels>
  /** Any label of the activity cards to replace. */
  activityLabels?: Partial<ElicitationActivityLabels>
  children?: ReactNode
}

/** What the activity renderer reads. */
export interface ElicitationActivitiesValue {
  elicitation: UseElicitationResult
  inline: boolean
  labels: Partial<ElicitationLabels> | undefined
  activityLabels: Partial<ElicitationActivityLabels> | undefined
  customisation: ElicitationFormCustomisation
}

const ActivitiesContext = createContext<ElicitationActivitiesValue | null>(null)

/** Reads the surrounding {@link ElicitationActivities}; `part` names the caller in the misuse error. */
export function useElicitationActivities(part: string): ElicitationActivitiesValue {
  const value = useContext(ActivitiesContext)
  if (!value) {
    throw new McpHitlError(
      `${part} must be rendered inside <ElicitationActivities agent={agent}>: put it around <CopilotChat> (or your transcript), inside CopilotKitProvider.`,
      { code: 'misuse' },
    )
  }
  return value
}

const NO_AGENT = { subscribe: () => () => {}, read: () => '' }

// The ids of the elicitation activities in the agent's messages, joined: a string snapshot, so an
// unrelated message (a streamed token) changes nothing.
function transcriptIds(agent: AgUiAgentLike | undefined) {
  if (!agent) return NO_AGENT
  return {
    subscribe: (listener: () => void) => agent.subscribe({ onMessagesChanged: () => listener() }).unsubscribe,
    read: () => {
      let ids = ''
      for (const message of agent.messages) {
        const m = message as { id?: unknown; role?: unknown; activityType?: unknown }
        if (m.role === 'activity' && m.activityType === ELICITATION_ACTIVITY_TYPE && typeof m.id === 'string') ids += `${m.id}\n`
      }
      return ids
    },
  }
}

/**
 * A request that had already ended when it arrived, whose activity row is in the transcript: the
 * row's status is its record, so no notice tells it again. `ids`: the transcript's, one per line.
 */
function toldByRow(item: ElicitationItem, ids: string): boolean {
  return item.settledReason === 'ended' && ids.split('\n').includes(item.id)
}

/** The elicitations of an AG-UI agent: inline in their activity rows, the rest in a dialog. */
export function ElicitationActivities(props: ElicitationActivitiesProps) {
  const {
    agent,
    inline = true,
    labels,
    activityLabels,
    children,
    validator,
    theme,
    widgets,
    templates,
    fields,
    uiSchema,
    formProps,
    allowLocalhost,
    ...options
  } = props
  const elicitation = useElicitation({ ...options, agent })
  const store = useMemo(() => transcriptIds(agent), [agent])
  const inTranscript = useSyncExternalStore(store.subscribe, store.read, store.read)
  const customisation = useFormCustomisation(props)
  const stableLabels = useShallowStable(labels)
  const stableActivityLabels = useShallowStable(activityLabels)
  const value = useMemo<ElicitationActivitiesValue>(
    () => ({ elicitation, inline, labels: stableLabels, activityLabels: stableActivityLabels, customisation }),
    [elicitation, inline, stableLabels, stableActivityLabels, customisation],
  )
  const shown = inTranscript.split('\n')
  const forDialog = inline
    ? elicitation.items.find((item) => !shown.includes(item.id))
    : elicitation.items.find((item) => !toldByRow(item, inTranscript))
  const { items, dismiss } = elicitation
  // Told by their rows: closed here, so they hold no place in the queue and stay closed after a reload.
  useEffect(() => {
    for (const item of items) if (toldByRow(item, inTranscript)) dismiss(item.id)
  }, [items, inTranscript, dismiss])
  return (
    <ActivitiesContext.Provider value={value}>
      {children}
      {forDialog && <ElicitationDialog elicitation={elicitation} itemId={forDialog.id} labels={labels} {...customisation} />}
    </ActivitiesContext.Provider>
  )
}
