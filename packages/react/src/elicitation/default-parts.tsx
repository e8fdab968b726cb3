import type { ReactNode } from 'react'
import { ElicitationActions } from './elicitation-actions'
import { ElicitationBody } from './elicitation-body'
import { ElicitationHeader } from './elicitation-header'

/** What the ready-made dialog and inline root hold: Header, Body, the app's children, Actions. */
export function DefaultParts({ children }: { children?: ReactNode }) {
  return (
    <>
      <ElicitationHeader />
      <ElicitationBody />
      {children}
      <ElicitationActions />
    </>
  )
}

/** The static parts of both ready-made roots (`ElicitationDialog.Header`, `ElicitationInline.Body`, ...). */
export const PARTS = { Header: ElicitationHeader, Body: ElicitationBody, Actions: ElicitationActions }
