import { Close, Content, Overlay, Portal, Root } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { composeEventHandlers } from '../shared/compose-event-handlers'
import { CannotRenderBoundary } from './cannot-render-boundary'
import { DefaultParts, PARTS } from './default-parts'
import { DeferredFocusProvider, useDeferredFocusOwner } from './deferred-focus'
import { ElicitationAnnouncer } from './elicitation-announcer'
import { type ElicitationRootProps, ElicitationViewProvider, splitRootProps, useElicitationViewValue } from './elicitation-context'
import { useQueueAnnouncements } from './use-queue-announcements'
import { useReturnFocus } from './use-return-focus'

/**
 * Props of {@link ElicitationDialog} and its Root: the Root's own, plus any prop of the dialog content
 * element (Radix `Dialog.Content`). The ready-made dialog renders its children after the Body part.
 */
export interface ElicitationDialogProps
  extends ElicitationRootProps,
    Omit<ComponentPropsWithoutRef<typeof Content>, keyof ElicitationRootProps | 'asChild' | 'forceMount'> {
  /** Class of the overlay. */
  overlayClassName?: string
  /** Portal target (default `document.body`). */
  container?: HTMLElement | null
}

/** The corner button's cross, drawn so the button's only name is its label. */
function Cross() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      <path d="M4 4l8 8M12 4l-8 8" />
    </svg>
  )
}

/**
 * Modal root on Radix Dialog: open while the queue has an item, labelled by the title (which names the
 * server) and described by the message. Escape and the corner button mean `cancel` (asking first when
 * the user typed); a click outside does nothing. Once settled or while waiting on a URL step they only
 * dismiss locally. Focus goes back where it was (or to `returnFocus`) after the last request. The ref
 * and other props go to the dialog content element; its Radix handlers compose with the kit's.
 */
export const ElicitationDialogRoot = forwardRef<HTMLDivElement, ElicitationDialogProps>(function ElicitationDialogRoot(props, ref) {
  const [rootProps, { overlayClassName, container, children, onOpenAutoFocus, onCloseAutoFocus, onPointerDownOutside, onInteractOutside, ...contentProps }] =
    splitRootProps(props)
  const view = useElicitationViewValue(rootProps, true)
  const { item, status, mode, ids, labels, dismiss, leave, pendingExit, resolveExit, announcement } = view
  useReturnFocus(item !== undefined, rootProps.returnFocus)
  useQueueAnnouncements(view)
  const focus = useDeferredFocusOwner(item !== undefined)
  const close = () => {
    if (pendingExit) resolveExit(false)
    else if (status === 'submitting') return
    else if (status === 'settled' || status === 'expired' || status === 'waiting') dismiss()
    else leave('cancel')
  }
  // Mounted open rather than toggled: Radix's presence check on an open change forces a style pass over
  // the whole form, and there is no exit animation to wait for.
  if (!item) return null
  const cancels = status !== 'settled' && status !== 'expired' && status !== 'waiting'
  return (
    <Root open onOpenChange={(open) => !open && close()}>
      <Portal container={container}>
        <Overlay data-mcp-hitl-overlay="" className={overlayClassName} />
        <Content
          {...contentProps}
          ref={ref}
          data-mcp-hitl-root=""
          data-status={status}
          data-mode={mode}
          aria-labelledby={ids.title}
          // The body picks the first field (also when the next queued item replaces this one); it is
          // focused once Radix's modal has mounted.
          onOpenAutoFocus={composeEventHandlers(onOpenAutoFocus, focus.onOpenAutoFocus)}
          // Focus returns through useReturnFocus, which knows the chat input.
          onCloseAutoFocus={composeEventHandlers(onCloseAutoFocus, (event) => event.preventDefault())}
          // A stray click outside never throws away what was typed.
          onPointerDownOutside={composeEventHandlers(onPointerDownOutside, (event) => event.preventDefault())}
          onInteractOutside={composeEventHandlers(onInteractOutside, (event) => event.preventDefault())}
        >
          <ElicitationViewProvider value={view}>
            <DeferredFocusProvider value={focus.deferred}>
            <Close
              data-action="close-x"
              aria-label={cancels ? labels.cancel : labels.close}
              aria-describedby={cancels && !pendingExit ? ids.exitHint : undefined}
              disabled={status === 'submitting'}
            >
              <Cross />
            </Close>
            <CannotRenderBoundary>{children}</CannotRenderBoundary>
            </DeferredFocusProvider>
          </ElicitationViewProvider>
          <ElicitationAnnouncer text={announcement} />
        </Content>
      </Portal>
    </Root>
  )
})

/**
 * Ready-made modal: Header, Body and Actions in a Radix dialog. Compose the static parts
 * (`ElicitationDialog.Root`, `.Header`, `.Body`, `.Actions`) for your own layout.
 */
export const ElicitationDialog = Object.assign(
  forwardRef<HTMLDivElement, ElicitationDialogProps>(function ElicitationDialog({ children, ...props }, ref) {
    return (
      <ElicitationDialogRoot {...props} ref={ref}>
        <DefaultParts>{children}</DefaultParts>
      </ElicitationDialogRoot>
    )
  }),
  { Root: ElicitationDialogRoot, ...PARTS },
)
