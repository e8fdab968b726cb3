import type { ReactNode } from 'react'
import { ElicitationActions } from './elicitation-actions'
import { ElicitationBody } from './elicitation-body'
import { type ElicitationRootProps, ElicitationViewProvider, useElicitationViewValue } from './elicitation-context'
import { ElicitationHeader } from './elicitation-header'

/** Props of {@link ElicitationFormRoot}. */
export interface ElicitationFormRootProps extends ElicitationRootProps {
  className?: string
}

/** Inline root for a chat transcript: a labelled region, no modal; renders nothing when there is no item. */
export function ElicitationFormRoot(props: ElicitationFormRootProps) {
  const view = useElicitationViewValue(props, false)
  if (!view.item) return null
  return (
    <section
      data-mcp-hitl-root=""
      data-state="open"
      data-status={view.status}
      data-mode={view.mode}
      className={props.className}
      aria-labelledby={view.ids.title}
      aria-describedby={view.ids.description}
    >
      <ElicitationViewProvider value={view}>{props.children}</ElicitationViewProvider>
    </section>
  )
}

/** Props of {@link ElicitationForm}. */
export type ElicitationFormProps = Omit<ElicitationFormRootProps, 'children'> & { children?: ReactNode }

/** Ready-made inline form (same parts as the dialog) for the transcript. */
export function ElicitationForm(props: ElicitationFormProps) {
  return (
    <ElicitationFormRoot {...props}>
      <ElicitationHeader />
      <ElicitationBody />
      {props.children}
      <ElicitationActions />
    </ElicitationFormRoot>
  )
}

ElicitationForm.Root = ElicitationFormRoot
ElicitationForm.Header = ElicitationHeader
ElicitationForm.Form = ElicitationBody
ElicitationForm.Actions = ElicitationActions
