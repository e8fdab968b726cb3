import type { McpAppDownloadHandler, McpAppSamplingHandler, SamplingRequester } from '@mcp-hitl/core/apps'
import type { SamplingGenerate } from '@mcp-hitl/core/internal'
import { INTERNAL_ERROR, JsonRpcError } from '@mcp-hitl/core/internal'
import { createPendingAppRequests, type RequestPacer } from '@mcp-hitl/core/internal'
import { lazy, type ReactNode, Suspense, useMemo, useState, useSyncExternalStore } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'
import type { AppRequestLabels } from './app-request-labels'

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
 * The requests of one app that wait on a person (core's `createPendingAppRequests`): sampling
 * (reviewed with `SamplingApprovalDialog`) and downloads (confirmed with `DownloadConfirmDialog`).
 * The bridge takes one of each at a time, so there is at most one dialog of each kind. Each request
 * first waits its turn with the app's pacer (longer after each refusal; refused once the person
 * stopped the app, or with too many waiting), and a sampling request the person could not review
 * in full is refused before anyone is asked. Options are read through a ref: new inline objects
 * never change the handlers' identity.
 */
export function useAppRequestDialogs(options: AppRequestDialogsOptions): AppRequestDialogs {
  const latest = useLatestRef(options)
  const [requests] = useState(() => createPendingAppRequests({ read: () => latest.current, load: dialogsLoaded }))
  const { approval, download } = useSyncExternalStore(requests.subscribe, requests.getSnapshot, requests.getSnapshot)
  const downloads = options.downloads ?? true
  const custom = typeof downloads === 'function'
  const onDownloadFile = useMemo<McpAppDownloadHandler | undefined>(
    () => (custom ? (file, init) => (latest.current.downloads as McpAppDownloadHandler)(file, init) : requests.onDownloadFile),
    [custom, latest, requests],
  )
  // Nothing until a request waits on the person: the module is loaded by then (see dialogsLoaded).
  const dialogs =
    approval || download ? (
      <Suspense fallback={null}>
        <RequestDialogs
          approval={approval}
          onDismissApproval={requests.dismissApproval}
          pending={download}
          labels={options.labels}
          onStop={requests.stop}
          activationDelayMs={options.activationDelayMs}
          container={options.container}
          returnFocus={options.returnFocus}
        />
      </Suspense>
    ) : null
  return {
    onSamplingRequest: options.sampling ? requests.onSamplingRequest : undefined,
    onDownloadFile: downloads === false ? undefined : onDownloadFile,
    samplingTools: options.sampling?.tools === true,
    dialogs,
  }
}
