import { Close, Content, Overlay, Portal, Root } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { composeEventHandlers } from '../shared/compose-event-handlers'
import { CannotRenderBoundary } from './cannot-render-boundary'
import { DefaultParts, PARTS } from './default-parts'
import { type ElicitationRootProps, ElicitationViewProvider, splitRootProps, useElicitationViewValue } from './elicitation-context'

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

/**
 * Modal root on Radix Dialog: open while the queue has an item, labelled by the title (which names the
 * server) and described by the message. Escape, outside click and the close button mean `cancel`;
 * once settled or while waiting on a URL step they only dismiss locally. The ref and other props go to
 * the dialog content element; its Radix handlers compose with the kit's.
 */
export const ElicitationDialogRoot = forwardRef<HTMLDivElement, ElicitationDialogProps>(function ElicitationDialogRoot(props, ref) {
  const [rootProps, { overlayClassName, container, children, onOpenAutoFocus, ...contentProps }] = splitRootProps(props)
  const view = useElicitationViewValue(rootProps, true)
  const { item, status, mode, ids, labels, respond, dismiss } = view
  const close = () => {
    if (status === 'submitting') return
    if (status === 'settled' || status === 'expired' || status === 'waiting') dismiss()
    else void respond({ action: 'cancel' })
  }
  // Mounted open rather than toggled: Radix's presence check on an open change forces a style pass over
  // the whole form, and there is no exit animation to wait for. Focus still returns on unmount.
  if (!item) return null
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
          aria-describedby={ids.description}
          // The body focuses the first field itself (also when the next queued item replaces this one).
          onOpenAutoFocus={composeEventHandlers(onOpenAutoFocus, (event) => event.preventDefault())}
        >
          <ElicitationViewProvider value={view}>
            <CannotRenderBoundary>{children}</CannotRenderBoundary>
            <Close data-action="close-x" aria-label={labels.close} disabled={status === 'submitting'}>
              <span aria-hidden="true">×</span>
            </Close>
          </ElicitationViewProvider>
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
