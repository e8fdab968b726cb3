import { Close, Content, Overlay, Portal, Root } from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { ElicitationActions } from './elicitation-actions'
import { ElicitationBody } from './elicitation-body'
import { type ElicitationRootProps, ElicitationViewProvider, useElicitationViewValue } from './elicitation-context'
import { ElicitationHeader } from './elicitation-header'

/** Props of {@link ElicitationDialogRoot}. */
export interface ElicitationDialogRootProps extends ElicitationRootProps {
  /** Class of the dialog content element. */
  className?: string
  /** Class of the overlay. */
  overlayClassName?: string
  /** Portal target (default `document.body`). */
  container?: HTMLElement | null
}

/**
 * Modal root on Radix Dialog: open while the queue has an item, labelled by the title (which names the
 * server) and described by the message. Escape, outside click and the close button mean `cancel`;
 * once settled or while waiting on a URL step they only dismiss locally.
 */
export function ElicitationDialogRoot(props: ElicitationDialogRootProps) {
  const { className, overlayClassName, container, children } = props
  const view = useElicitationViewValue(props, true)
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
          data-mcp-hitl-root=""
          data-status={status}
          data-mode={mode}
          className={className}
          aria-labelledby={ids.title}
          aria-describedby={ids.description}
          // The body focuses the first field itself (also when the next queued item replaces this one).
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <ElicitationViewProvider value={view}>
            {children}
            <Close data-action="close-x" aria-label={labels.close} disabled={status === 'submitting'}>
              <span aria-hidden="true">×</span>
            </Close>
          </ElicitationViewProvider>
        </Content>
      </Portal>
    </Root>
  )
}

/** Props of {@link ElicitationDialog}: the Root's, with the default parts inside. */
export type ElicitationDialogProps = Omit<ElicitationDialogRootProps, 'children'> & { children?: ReactNode }

/** Ready-made modal: Header, Form and Actions in a Radix dialog. Compose the static parts for your own layout. */
export function ElicitationDialog(props: ElicitationDialogProps) {
  return (
    <ElicitationDialogRoot {...props}>
      <ElicitationHeader />
      <ElicitationBody />
      {props.children}
      <ElicitationActions />
    </ElicitationDialogRoot>
  )
}

ElicitationDialog.Root = ElicitationDialogRoot
ElicitationDialog.Header = ElicitationHeader
ElicitationDialog.Form = ElicitationBody
ElicitationDialog.Actions = ElicitationActions
