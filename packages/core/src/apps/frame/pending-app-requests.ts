/**
 * The requests of one app that wait on a person, outside any framework: sampling (reviewed through
 * a `SamplingApproval`) and downloads (confirmed, then saved by the page). The bridge takes one of
 * each at a time, so there is at most one of each kind. Each request first waits its turn with the
 * app's pacer (longer after each refusal; refused once the person stopped the app, or with too many
 * waiting), and a sampling request the person could not review in full is refused before anyone is
 * asked. A view shows what `getSnapshot` holds and answers through it.
 */
import { createRequestPacer, type RequestPacer } from '../../consent/request-pacer'
import type { McpAppDownload, McpAppDownloadFile, McpAppDownloadHandler } from '../download-file'
import type { McpAppSamplingHandler, McpAppSamplingRequest } from '../sampling'
import type { SamplingApproval, SamplingApprovalOptions, SamplingGenerate, SamplingRequester } from '../sampling-approval'
import { takeTurn } from './app-request-pacers'

/** A download waiting for the person's answer. */
export interface PendingDownload {
  download: McpAppDownload
  requester: SamplingRequester
  answer: (save: boolean) => void
}

/** What a view shows: the sampling request under review and the download to confirm, if any. */
export interface PendingAppRequestsSnapshot {
  approval: SamplingApproval | undefined
  download: PendingDownload | undefined
}

/**
 * What the requests need only once one waits on the person, so it can load with the view that asks
 * (and stay out of the page's first load); a rejection refuses the request with it.
 */
export interface PendingRequestTools {
  checkSamplingReviewable(request: McpAppSamplingRequest): void
  createSamplingApproval(request: McpAppSamplingRequest, options: SamplingApprovalOptions): SamplingApproval
  saveDownloadFiles(files: McpAppDownloadFile[], openLink?: (url: string) => unknown): void
}

/** What the requests read each time one arrives: the view's latest options. */
export interface PendingAppRequestsInputs {
  /** The chat's model, behind the person's review; without it sampling is off. */
  sampling?: { generate: SamplingGenerate; reviewResult?: boolean | undefined } | undefined
  /** Who asks. */
  requester: () => SamplingRequester
  /** The app's pacer; default: one of the requests' own. */
  pacer?: (() => RequestPacer) | undefined
  /** How a download's link file is opened. */
  openLink?: ((url: string) => unknown) | undefined
}

/** Options of {@link createPendingAppRequests}. */
export interface PendingAppRequestsOptions {
  read: () => PendingAppRequestsInputs
  load: (kind: 'sampling' | 'download') => Promise<PendingRequestTools>
}

/** One app's requests that wait on a person. */
export interface PendingAppRequests {
  subscribe(listener: () => void): () => void
  getSnapshot(): PendingAppRequestsSnapshot
  /** The bridge's `onSamplingRequest`. */
  readonly onSamplingRequest: McpAppSamplingHandler
  /** The bridge's `onDownloadFile`, when the page confirms and saves downloads itself. */
  readonly onDownloadFile: McpAppDownloadHandler
  /** The person closed a failed sampling request (the app already got its error). */
  dismissApproval(): void
  /** The person stops this app's requests for the rest of the chat. */
  stop(): void
}

/** Creates one app's pending requests; see {@link PendingAppRequestsOptions}. */
export function createPendingAppRequests(options: PendingAppRequestsOptions): PendingAppRequests {
  const { read, load } = options
  const ownPacer = createRequestPacer()
  const pacer = () => read().pacer?.() ?? ownPacer
  const listeners = new Set<() => void>()
  let snapshot: PendingAppRequestsSnapshot = { approval: undefined, download: undefined }
  const update = (change: Partial<PendingAppRequestsSnapshot>) => {
    const next = { ...snapshot, ...change }
    if (next.approval === snapshot.approval && next.download === snapshot.download) return
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  const onSamplingRequest: McpAppSamplingHandler = async (request, { signal }) => {
    if (!read().sampling) throw new Error('sampling is off')
    const tools = await load('sampling')
    // Refused at once, without a turn: a part the person could not be shown.
    tools.checkSamplingReviewable(request)
    const turn = await takeTurn(pacer(), 'sampling', signal)
    const sampling = read().sampling
    if (!sampling) {
      turn.withdrawn()
      throw new Error('sampling is off')
    }
    const approval = tools.createSamplingApproval(request, { generate: sampling.generate, signal, requester: read().requester(), reviewResult: sampling.reviewResult })
    update({ approval })
    approval.subscribe(() => {
      const { status } = approval.getSnapshot()
      // What the pacer learns: only the person's refusal makes the next request wait.
      if (status === 'denied') turn.refused()
      else if (status === 'sent' || status === 'failed') turn.approved()
      else if (status === 'cancelled') turn.withdrawn()
      // A failed request stays on screen with its reason until the person closes it.
      if ((status === 'sent' || status === 'denied' || status === 'cancelled') && snapshot.approval === approval) update({ approval: undefined })
    })
    return approval.outcome
  }

  const onDownloadFile: McpAppDownloadHandler = async (download, { signal }) => {
    const tools = await load('download')
    const turn = await takeTurn(pacer(), 'download', signal)
    return new Promise<boolean>((resolve) => {
      const done = (save: boolean, withdrawn = false) => {
        signal.removeEventListener('abort', withdraw)
        if (snapshot.download?.download === download) update({ download: undefined })
        if (withdrawn) turn.withdrawn()
        else if (save) turn.approved()
        else turn.refused()
        if (save) tools.saveDownloadFiles(download.files, read().openLink)
        resolve(save)
      }
      const withdraw = () => done(false, true)
      if (signal.aborted) return withdraw()
      signal.addEventListener('abort', withdraw, { once: true })
      update({ download: { download, requester: read().requester(), answer: (save) => done(save) } })
    })
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    onSamplingRequest,
    onDownloadFile,
    dismissApproval: () => update({ approval: undefined }),
    // Stopping is the person's: every request of this app is refused from now on.
    stop: () => pacer().stop(),
  }
}
