/**
 * The ready-made dialog and inline surfaces as a page imports them: small components that render the
 * view (Header, Body with the form, Actions) from a chunk of its own, fetched when the browser is
 * idle after the page loads, or at once when a request arrives first. Once fetched, the view renders
 * synchronously, so a warm page shows a request in its very first render; until then a placeholder
 * says who asks. Nothing is answered while it loads, nor when it cannot be loaded.
 */
import type { ElicitationItem } from '@mcp-hitl/core'
import { type ForwardedRef, type ForwardRefExoticComponent, forwardRef, type RefAttributes, useSyncExternalStore } from 'react'
import type { ElicitationActionsProps } from './elicitation-actions'
import type { ElicitationBodyProps } from './elicitation-body'
import type { ElicitationRootProps } from './elicitation-context'
import type { ElicitationDialogProps } from './elicitation-dialog'
import { elicitationForm } from './elicitation-form-loader'
import type { ElicitationHeaderProps } from './elicitation-header'
import type { ElicitationInlineProps } from './elicitation-inline'
import { ElicitationPlaceholder } from './elicitation-placeholder'
import { lazyModule, useLazyModule } from './lazy-module'

type ViewModule = typeof import('./elicitation-view')

/** @internal Where the view's module comes from (tests replace `load` to hold it back or fail it). */
export const elicitationViewSource = { load: (): Promise<ViewModule> => import('./elicitation-view') }

/** @internal The view's module, loaded once per page; the form is fetched beside it, not after it. */
export const elicitationView = lazyModule<ViewModule>({
  load: () => {
    void elicitationForm.load().catch(() => undefined)
    return elicitationViewSource.load()
  },
})

function shownItem({ elicitation, itemId }: ElicitationRootProps): ElicitationItem | undefined {
  return itemId === undefined ? elicitation.current : elicitation.items.find((item) => item.id === itemId)
}

/** The view once loaded, or what to show meanwhile: nothing without a request, else the placeholder. */
function useView(props: ElicitationRootProps & { container?: HTMLElement | null }, inline: boolean) {
  const item = shownItem(props)
  const { module, failed, retry } = useLazyModule(elicitationView, item !== undefined)
  const placeholder = item ? (
    <ElicitationPlaceholder request={item.data} inline={inline} labels={props.labels} failed={failed} onRetry={retry} container={props.container} />
  ) : null
  return { module, placeholder }
}

const LazyDialog = forwardRef<HTMLDivElement, ElicitationDialogProps>(function ElicitationDialog(props, ref) {
  const { module, placeholder } = useView(props, false)
  return module ? <module.ElicitationDialog {...props} ref={ref} /> : placeholder
})

/** See the view's `ElicitationDialogRoot`: the same Root, loaded with the view. */
export const ElicitationDialogRoot: ForwardRefExoticComponent<ElicitationDialogProps & RefAttributes<HTMLDivElement>> = forwardRef(
  function ElicitationDialogRoot(props: ElicitationDialogProps, ref: ForwardedRef<HTMLDivElement>) {
    const { module, placeholder } = useView(props, false)
    return module ? <module.ElicitationDialogRoot {...props} ref={ref} /> : placeholder
  },
)

const LazyInline = forwardRef<HTMLElement, ElicitationInlineProps>(function ElicitationInline(props, ref) {
  const { module, placeholder } = useView(props, true)
  return module ? <module.ElicitationInline {...props} ref={ref} /> : placeholder
})

/** See the view's `ElicitationInlineRoot`: the same Root, loaded with the view. */
export const ElicitationInlineRoot: ForwardRefExoticComponent<ElicitationInlineProps & RefAttributes<HTMLElement>> = forwardRef(
  function ElicitationInlineRoot(props: ElicitationInlineProps, ref: ForwardedRef<HTMLElement>) {
    const { module, placeholder } = useView(props, true)
    return module ? <module.ElicitationInlineRoot {...props} ref={ref} /> : placeholder
  },
)

// The static parts render only inside a Root, which renders once the view has loaded.
const useLoadedView = () => useSyncExternalStore(elicitationView.subscribe, elicitationView.loaded, () => undefined)

const LAZY_PARTS = {
  Header: forwardRef<HTMLDivElement, ElicitationHeaderProps>(function ElicitationHeader(props, ref) {
    const Part = useLoadedView()?.PARTS.Header
    return Part ? <Part {...props} ref={ref} /> : null
  }),
  Body: forwardRef<HTMLDivElement, ElicitationBodyProps>(function ElicitationBody(props, ref) {
    const Part = useLoadedView()?.PARTS.Body
    return Part ? <Part {...props} ref={ref} /> : null
  }),
  Actions: forwardRef<HTMLDivElement, ElicitationActionsProps>(function ElicitationActions(props, ref) {
    const Part = useLoadedView()?.PARTS.Actions
    return Part ? <Part {...props} ref={ref} /> : null
  }),
}

/**
 * Ready-made non-modal dialog: Header, Body and Actions. Compose the static parts
 * (`ElicitationDialog.Root`, `.Header`, `.Body`, `.Actions`) for your own layout.
 */
export const ElicitationDialog = Object.assign(LazyDialog, {
  Root: ElicitationDialogRoot,
  ...LAZY_PARTS,
})

/**
 * Ready-made inline elicitation for the transcript (the same parts as the dialog). Compose the static
 * parts (`ElicitationInline.Root`, `.Header`, `.Body`, `.Actions`) for your own layout.
 */
export const ElicitationInline = Object.assign(LazyInline, {
  Root: ElicitationInlineRoot,
  ...LAZY_PARTS,
})

/**
 * Fetches the elicitation view and its form now, for a page that expects a request soon (they are
 * fetched when the browser is idle anyway, and at once by the first request). Resolves once both are
 * loaded; rejects when a fetch fails, which is not kept: the next request fetches again.
 */
export function preloadElicitation(): Promise<void> {
  return Promise.all([elicitationView.load(), elicitationForm.load()]).then(() => undefined)
}
