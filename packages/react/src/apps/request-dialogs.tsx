import type { SamplingApproval } from '@mcp-hitl/core/apps'
import type { PendingDownload } from '@mcp-hitl/core/internal'
import { useRef } from 'react'
import type { AppRequestLabels } from './app-request-labels'
import { DownloadConfirmDialog } from './download-confirm-dialog'
import { SamplingApprovalDialog } from './sampling-approval-dialog'

// Needed only once a request waits on the person, so they come with the dialogs, not up front.
export { createSamplingApproval } from '@mcp-hitl/core/apps'
export { checkSamplingReviewable } from '@mcp-hitl/core/internal'
export { DisplayModeRequest } from './display-mode-request'
export { saveDownloadFiles } from '@mcp-hitl/core/internal'

/** Props of {@link RequestDialogs}. */
export interface RequestDialogsProps {
  approval: SamplingApproval | undefined
  onDismissApproval: () => void
  pending: PendingDownload | undefined
  labels: Partial<AppRequestLabels> | undefined
  /** The person stops this app's requests for the rest of the chat. */
  onStop: () => void
  activationDelayMs: number | undefined
  container: HTMLElement | null | undefined
  returnFocus: (() => HTMLElement | null | undefined) | undefined
}

type Shown = 'approval' | 'download' | undefined

/**
 * Which request the person sees: the one that came first, until it is answered. Two dialogs at once
 * would stack, and the second arriving would move the first (and its buttons) under the pointer.
 */
function useOneAtATime(hasApproval: boolean, hasDownload: boolean): Shown {
  const first = useRef<Shown>(undefined)
  const waiting = first.current === 'approval' ? hasApproval : first.current === 'download' ? hasDownload : false
  // Once the one shown is answered, the other (if it waits) takes its place. The same inputs give the
  // same answer however often React renders: the ref only remembers which came first.
  if (!waiting) first.current = hasApproval ? 'approval' : hasDownload ? 'download' : undefined
  return first.current
}

/**
 * The dialogs of an app's requests that wait on a person, in a module of their own: a frame loads
 * it (and Radix Dialog with it, and the full-screen question) on its app's first sampling, download
 * or display-mode request, never up front. One at a time, in the order the app asked.
 */
export function RequestDialogs(props: RequestDialogsProps) {
  const { approval, onDismissApproval, pending, labels, onStop, activationDelayMs, container, returnFocus } = props
  const shown = useOneAtATime(approval !== undefined, pending !== undefined)
  return (
    <>
      <SamplingApprovalDialog
        approval={shown === 'approval' ? approval : undefined}
        labels={labels}
        onDismiss={onDismissApproval}
        onStop={onStop}
        activationDelayMs={activationDelayMs}
        container={container}
        returnFocus={returnFocus}
      />
      <DownloadConfirmDialog
        download={shown === 'download' ? pending?.download : undefined}
        requester={pending?.requester}
        labels={labels}
        onAnswer={(save) => pending?.answer(save)}
        onStop={onStop}
        activationDelayMs={activationDelayMs}
        container={container}
        returnFocus={returnFocus}
      />
    </>
  )
}
