import { type ComponentPropsWithoutRef, type ForwardRefExoticComponent, forwardRef, type KeyboardEvent, type RefAttributes, useRef } from 'react'
import { createPortal } from 'react-dom'
import { composeEventHandlers } from '../shared/compose-event-handlers'
import { useComposedRefs } from '../shared/use-composed-refs'
import { useInheritedTheme } from '../shared/use-inherited-theme'
import { CannotRenderBoundary } from './cannot-render-boundary'
import { CornerClose, closeRequest } from './corner-close'
import { DefaultParts, PARTS } from './default-parts'
import { ElicitationAnnouncer } from './elicitation-announcer'
import { useElicitationFormPrefetch } from './elicitation-form-loader'
import { type ElicitationRootProps, ElicitationViewProvider, splitRootProps, useElicitationViewValue } from './elicitation-context'
import { UrlPendingRows } from './url-pending-rows'
import { useQueueAnnouncements } from './use-queue-announcements'
import { useSurfaceFocus } from './use-surface-focus'

/**
 * Props of {@link ElicitationDialog} and its Root: the Root's own, plus any prop of the dialog
 * element (a `<div role="dialog">`). The ready-made dialog renders its children after the Body part.
 */
export interface ElicitationDialogProps extends ElicitationRootProps, Omit<ComponentPropsWithoutRef<'div'>, keyof ElicitationRootProps> {
  /** Class of the backdrop (decorative: it dims the page and lets every click through). */
  overlayClassName?: string
  /**
   * Portal target (default `document.body`). Wherever it is, the dialog takes the font family,
   * color-scheme and `--mcp-hitl-*` variables of the place it is rendered from (the chat).
   */
  container?: HTMLElement | null
}

// The Root, plus whether its parts include the Header (the ready-made one's do: the message is
// linked from the first render).
const DialogRoot = forwardRef<HTMLDivElement, ElicitationDialogProps & { withHeader?: boolean }>(function ElicitationDialogRoot(
  { withHeader = false, ...props },
  forwardedRef,
) {
  const [rootProps, { overlayClassName, container, children, onKeyDown, ...contentProps }] = splitRootProps(props)
  const view = useElicitationViewValue(rootProps, true, withHeader)
  const { item, status, mode, ids, announcement, setAsideItems, described } = view
  const own = useRef<HTMLDivElement>(null)
  const ref = useComposedRefs(own, forwardedRef)
  useSurfaceFocus({ surface: own, itemKey: item?.id, busy: status === 'submitting', returnFocus: rootProps.returnFocus })
  useQueueAnnouncements(view)
  useElicitationFormPrefetch(item !== undefined && view.mode === 'form')
  const onEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    // Inside only: the listener is on the dialog, so Escape in the composer stays the composer's.
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return
    event.preventDefault()
    closeRequest(view)
  }
  const target = typeof document === 'undefined' ? null : (container ?? document.body)
  // The announcer sits where the dialog is used: what it inherits there, the portalled parts get.
  const anchor = useRef<HTMLDivElement>(null)
  const inherited = useInheritedTheme(anchor, target, item?.id ?? (setAsideItems.length > 0 ? 'pending' : undefined))
  return (
    <>
      {/* In the page, before anything arrives: a live region that exists before its text changes is read. */}
      <ElicitationAnnouncer ref={anchor} text={announcement} />
      {target &&
        item &&
        createPortal(
          <div data-mcp-hitl-theme-scope="" style={{ display: 'contents', ...inherited }}>
            <div data-mcp-hitl-overlay="" aria-hidden="true" className={overlayClassName} />
            <div
              tabIndex={-1}
              {...contentProps}
              ref={ref}
              role="dialog"
              data-mcp-hitl-root=""
              data-state="open"
              data-status={status}
              data-mode={mode}
              aria-labelledby={ids.title}
              aria-describedby={described ? ids.description : undefined}
              onKeyDown={composeEventHandlers(onKeyDown, onEscape)}
            >
              <ElicitationViewProvider value={view}>
                <CornerClose view={view} />
                <CannotRenderBoundary>{children}</CannotRenderBoundary>
              </ElicitationViewProvider>
            </div>
          </div>,
          target,
        )}
      {target &&
        !item &&
        setAsideItems.length > 0 &&
        createPortal(
          <div data-mcp-hitl-theme-scope="" style={{ display: 'contents', ...inherited }}>
            <ElicitationViewProvider value={view}>
              <UrlPendingRows data-mcp-hitl-pending="" />
            </ElicitationViewProvider>
          </div>,
          target,
        )}
    </>
  )
})

/**
 * Non-modal root: a dialog over the page while the queue has a request, labelled by the title
 * (which names the server) and described by the message. It never takes focus and never traps it:
 * it is announced once (who asks, what, and that Tab goes to it), the next Tab pressed in the page
 * or a click moves in, and the rest of the page stays usable. Escape inside means `cancel` (asking
 * first when the person typed), Escape elsewhere is not its business, a click outside does nothing.
 * Once settled it only dismisses locally; a URL step waiting for its server is set aside as a
 * pending row (Reopen, Copy link) instead. Focus goes back where the person was after the last
 * request, if they moved in. The ref and other props go to the dialog element.
 */
export const ElicitationDialogRoot: ForwardRefExoticComponent<ElicitationDialogProps & RefAttributes<HTMLDivElement>> = DialogRoot

/**
 * Ready-made non-modal dialog: Header, Body and Actions. Compose the static parts
 * (`ElicitationDialog.Root`, `.Header`, `.Body`, `.Actions`) for your own layout.
 */
export const ElicitationDialog = Object.assign(
  forwardRef<HTMLDivElement, ElicitationDialogProps>(function ElicitationDialog({ children, ...props }, ref) {
    return (
      <DialogRoot {...props} ref={ref} withHeader>
        <DefaultParts>{children}</DefaultParts>
      </DialogRoot>
    )
  }),
  { Root: ElicitationDialogRoot, ...PARTS },
)
