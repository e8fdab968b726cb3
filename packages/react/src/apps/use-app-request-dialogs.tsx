import {
  INTERNAL_ERROR,
  JsonRpcError,
  type McpAppDownloadHandler,
  type McpAppSamplingHandler,
  type SamplingApproval,
  type SamplingGenerate,
  type SamplingRequester,
} from '@mcp-hitl/core/apps'
import { createRequestPacer, type RequestPacer, takeTurn } from '@mcp-hitl/core/internal'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'
import type { AppRequestLabels } from './app-request-labels'
import type { PendingDownload } from './request-dialogs'

/**
 * @internal Where the dialogs' module comes from: a dynamic `import()`, so a chat never loads it
 * (nor Radix Dialog) up front. Tests replace `load` to hold the fetch back or make it fail.
 */
export const requestDialogsSource = { load: () => import('./request-dialogs') }

let loading: Promise<typeof import('./request-dialogs')> | undefined
/** @internal Fetched on an app's first sampling, download or display-mode request; a failed fetch is tried again on the next one. */
export function loadRequestDialogs(): Promise<typeof import('./request-dialogs')> {
  loading ??= requestDialogsSource.load().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
// Rendered only once a request awaited the module, so it never suspends on a fetch that fails.
const RequestDialogs = lazy(() => loadRequestDialogs().then((module) => ({ default: module.RequestDialogs })))

/**
 * @internal Waits until the dialogs (or the full-screen question) can be shown. The request stays
 * pending meanwhile; when they cannot be loaded (offline, a chunk missing after a deploy), it is
 * refused with -32603 and says why.
 */
export async function dialogsLoaded(what: 'sampling' | 'download' | 'display-mode'): Promise<typeof import('./request-dialogs')> {
  try {
    return await loadRequestDialogs()
  } catch {
    const request = what === 'sampling' ? 'the dialog that asks the person about this sampling request' : what === 'download' ? 'the dialog that asks the person about this download' : 'the question that asks the person about this display mode'
    throw new JsonRpcError(INTERNAL_ERROR, `The host could not load ${request}, so it refused it; the app may ask again`)
  }
}

/** How a frame answers an app's sampling requests: the chat's model, behind the person's review. */
export interface McpAppSamplingOptions {
  /** Runs the chat's model for an approved request: `createSamplingClient({ url })` (AI SDK route) or `createAgUiSamplingClient(agent)`. */
  generate: SamplingGenerate
  /**
   * The model may be offered the app's tools (`sampling.tools`); only with a `generate` that runs
   * them. The person sees each tool with its description and allows it explicitly (none by
   * default); `generate` gets only the allowed ones. Default false.
   */
  tools?: boolean
  /** Show the model's reply for review before the app gets it. Default true. */
  reviewResult?: boolean
}

/** Options of {@link useAppRequestDialogs}. */
export interface AppRequestDialogsOptions {
  /** Without it the frame advertises no sampling, and the app's requests get -32601. */
  sampling?: McpAppSamplingOptions
  /**
   * `true` (default): a confirmation, then the host saves the file. A function replaces both (resolve
   * `true` once saved). `false`: no downloads are advertised.
   */
  downloads?: boolean | McpAppDownloadHandler
  labels?: Partial<AppRequestLabels>
  /** Who asks, read when a request arrives. */
  requester: () => SamplingRequester
  /** The app's pacer (see `AppRequestPacers`), read when a request arrives: each request waits its turn. Default: one of the hook's own. */
  pacer?: () => RequestPacer
  /** How long the granting buttons ignore activation after they appear. Default 750 ms; 0 turns it off. */
  activationDelayMs?: number
  /** Where the dialogs portal: the frame's own wrapper, right after the app, so Tab from the app reaches them. Default `document.body`. */
  container?: HTMLElement | null
  /** Where focus goes after a dialog when the place it was in is gone (the app's frame). */
  returnFocus?: () => HTMLElement | null | undefined
  /** How a download's link file is opened (the frame's `onOpenLink`, or a new window). */
  openLink?: (url: string) => unknown
}

/** The bridge handlers and the dialogs they open. */
export interface AppRequestDialogs {
  onSamplingRequest: McpAppSamplingHandler | undefined
  onDownloadFile: McpAppDownloadHandler | undefined
  samplingTools: boolean
  dialogs: ReactNode
}

/**
 * The requests of one app that wait on a person: sampling (reviewed with `SamplingApprovalDialog`)
 * and downloads (confirmed with `DownloadConfirmDialog`). The bridge takes one of each at a time,
 * so there is at most one dialog of each kind. Each request first waits its turn with the app's
 * pacer (longer after each refusal; refused once the person stopped the app, or with too many
 * waiting), and a sampling request the person could not review in full is refused before anyone
 * is asked. Options are read through a ref: new inline objects never change the handlers' identity.
 */
export function useAppRequestDialogs(options: AppRequestDialogsOptions): AppRequestDialogs {
  const latest = useLatestRef(options)
  const [ownPacer] = useState(() => createRequestPacer())
  const pacerOf = useMemo(() => () => latest.current.pacer?.() ?? ownPacer, [latest, ownPacer])
  const [approval, setApproval] = useState<SamplingApproval | undefined>()
  const [pending, setPending] = useState<PendingDownload | undefined>()
  const hasSampling = options.sampling !== undefined
  const downloads = options.downloads ?? true

  const onSamplingRequest = useMemo<McpAppSamplingHandler | undefined>(() => {
    if (!hasSampling) return undefined
    return async (request, { signal }) => {
      if (!latest.current.sampling) throw new Error('sampling is off')
      const module = await dialogsLoaded('sampling')
      // Refused at once, without a turn: a part the person could not be shown.
      module.checkSamplingReviewable(request)
      const turn = await takeTurn(pacerOf(), 'sampling', signal)
      const sampling = latest.current.sampling
      if (!sampling) {
        turn.withdrawn()
        throw new Error('sampling is off')
      }
      const next = module.createSamplingApproval(request, {
        generate: sampling.generate,
        signal,
        requester: latest.current.requester(),
        reviewResult: sampling.reviewResult,
      })
      setApproval(next)
      const clear = () => setApproval((current) => (current === next ? undefined : current))
      next.subscribe(() => {
        const { status } = next.getSnapshot()
        // What the pacer learns: only the person's refusal makes the next request wait.
        if (status === 'denied') turn.refused()
        else if (status === 'sent' || status === 'failed') turn.approved()
        else if (status === 'cancelled') turn.withdrawn()
        // A failed request stays on screen with its reason until the person closes it.
        if (status === 'sent' || status === 'denied' || status === 'cancelled') clear()
      })
      return next.outcome
    }
  }, [hasSampling, latest, pacerOf])

  const custom = typeof downloads === 'function'
  const downloadsOff = downloads === false
  const onDownloadFile = useMemo<McpAppDownloadHandler | undefined>(() => {
    if (downloadsOff) return undefined
    if (custom) return (download, init) => (latest.current.downloads as McpAppDownloadHandler)(download, init)
    return async (download, { signal }) => {
      const module = await dialogsLoaded('download')
      const turn = await takeTurn(pacerOf(), 'download', signal)
      return new Promise<boolean>((resolve) => {
        const done = (save: boolean, withdrawn = false) => {
          signal.removeEventListener('abort', withdraw)
          setPending((current) => (current?.download === download ? undefined : current))
          if (withdrawn) turn.withdrawn()
          else if (save) turn.approved()
          else turn.refused()
          if (save) module.saveDownloadFiles(download.files, latest.current.openLink)
          resolve(save)
        }
        const withdraw = () => done(false, true)
        if (signal.aborted) return withdraw()
        signal.addEventListener('abort', withdraw, { once: true })
        setPending({ download, requester: latest.current.requester(), answer: (save) => done(save) })
      })
    }
  }, [downloadsOff, custom, latest, pacerOf])

  // Stopping is the person's: every request of this app is refused from now on, this one first.
  const stop = useMemo(
    () => () => {
      pacerOf().stop()
    },
    [pacerOf],
  )

  // Nothing until a request waits on the person: the module is loaded by then (see dialogsLoaded).
  const dialogs =
    approval || pending ? (
      <Suspense fallback={null}>
        <RequestDialogs
          approval={approval}
          onDismissApproval={() => setApproval(undefined)}
          pending={pending}
          labels={options.labels}
          onStop={stop}
          activationDelayMs={options.activationDelayMs}
          container={options.container}
          returnFocus={options.returnFocus}
        />
      </Suspense>
    ) : null
  return { onSamplingRequest, onDownloadFile, samplingTools: options.sampling?.tools === true, dialogs }
}
