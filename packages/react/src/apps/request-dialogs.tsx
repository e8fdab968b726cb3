import type { McpAppDownload, SamplingApproval } from '@mcp-hitl/core/apps'
import type { AppRequestLabels } from './app-request-labels'
import { DownloadConfirmDialog } from './download-confirm-dialog'
import { SamplingApprovalDialog } from './sampling-approval-dialog'

// Needed only once a request waits on the person, so they come with the dialogs, not up front.
export { createSamplingApproval } from '@mcp-hitl/core/apps'
export { saveDownloadFiles } from './save-download'

/** A download waiting for the person's answer. */
export interface PendingDownload {
  download: McpAppDownload
  appName: string | undefined
  answer: (save: boolean) => void
}

/** Props of {@link RequestDialogs}. */
export interface RequestDialogsProps {
  approval: SamplingApproval | undefined
  onDismissApproval: () => void
  pending: PendingDownload | undefined
  labels: Partial<AppRequestLabels> | undefined
}

/**
 * The dialogs of an app's requests that wait on a person, in a module of their own: a frame loads
 * it (and Radix Dialog with it) on its app's first sampling or download request, never up front.
 */
export function RequestDialogs({ approval, onDismissApproval, pending, labels }: RequestDialogsProps) {
  return (
    <>
      <SamplingApprovalDialog approval={approval} labels={labels} onDismiss={onDismissApproval} />
      <DownloadConfirmDialog download={pending?.download} appName={pending?.appName} labels={labels} onAnswer={(save) => pending?.answer(save)} />
    </>
  )
}
