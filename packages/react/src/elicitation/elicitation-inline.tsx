import { type ComponentPropsWithoutRef, type ForwardRefExoticComponent, forwardRef, type KeyboardEvent, type RefAttributes, useRef } from 'react'
import { composeEventHandlers } from '../shared/compose-event-handlers'
import { useComposedRefs } from '../shared/use-composed-refs'
import { CannotRenderBoundary } from './cannot-render-boundary'
import { CornerClose, closeRequest } from './corner-close'
import { DefaultParts, PARTS } from './default-parts'
import { ElicitationAnnouncer } from './elicitation-announcer'
import { useElicitationFormPrefetch } from './elicitation-form-loader'
import { type ElicitationRootProps, ElicitationViewProvider, splitRootProps, useElicitationViewValue } from './elicitation-context'
import { RequestBelow } from './request-below'
import { UrlPendingRows } from './url-pending-rows'
import { useArriveInView } from './use-arrive-in-view'
import { useQueueAnnouncements } from './use-queue-announcements'
import { useSurfaceFocus } from './use-surface-focus'

/**
 * Props of {@link ElicitationInline} and its Root: the Root's own, plus any prop of its `<section>`.
 * The ready-made one renders its children after the Body part.
 */
export interface ElicitationInlineProps extends ElicitationRootProps, Omit<ComponentPropsWithoutRef<'section'>, keyof ElicitationRootProps> {}

// The Root, plus whether its parts include the Header (the ready-made one's do).
const InlineRoot = forwardRef<HTMLElement, ElicitationInlineProps & { withHeader?: boolean }>(function ElicitationInlineRoot(
  { withHeader = false, ...props },
  forwardedRef,
) {
  const [rootProps, { children, onKeyDown, ...sectionProps }] = splitRootProps(props)
  // The ready-made one renders the Header: the message is linked from the first render.
  const view = useElicitationViewValue(rootProps, false, withHeader)
  const { item, status } = view
  const own = useRef<HTMLElement>(null)
  const ref = useComposedRefs(own, forwardedRef)
  useSurfaceFocus({ surface: own, itemKey: item?.id, busy: status === 'submitting', returnFocus: rootProps.returnFocus })
  useQueueAnnouncements(view)
  useElicitationFormPrefetch(item !== undefined && view.mode === 'form')
  const arrival = useArriveInView(own, item?.id)
  // Escape inside is the safe choice, as in the dialog; elsewhere it is not this form's business.
  const onEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return
    event.preventDefault()
    closeRequest(view)
  }
  return (
    <>
      <ElicitationAnnouncer text={view.announcement} />
      {!item && view.setAsideItems.length > 0 && (
        <ElicitationViewProvider value={view}>
          <UrlPendingRows data-mcp-hitl-pending="" data-inline="" />
        </ElicitationViewProvider>
      )}
      {item && arrival.below && <RequestBelow surface={own} text={view.labels.requestBelow(view.items.length)} onReveal={arrival.reveal} />}
      {item && (
        <section
          {...sectionProps}
          ref={ref}
          onKeyDown={composeEventHandlers(onKeyDown, onEscape)}
          data-mcp-hitl-root=""
          data-state="open"
          data-status={view.status}
          data-mode={view.mode}
          aria-labelledby={view.ids.title}
          aria-describedby={view.described ? view.ids.description : undefined}
        >
          <ElicitationViewProvider value={view}>
            <CornerClose view={view} cancelOnly />
            <CannotRenderBoundary>{children}</CannotRenderBoundary>
          </ElicitationViewProvider>
        </section>
      )}
    </>
  )
})

/**
 * Inline root for a chat transcript: a `<section>` labelled by the title and described by the
 * message. It never takes focus: a form that appears is announced, the next Tab or a click moves
 * in, Escape inside or the corner × cancels (asking first when the person typed), so Decline is the
 * one exit among its buttons. It arrives in view: when the person was at the end of the transcript
 * the transcript scrolls to show it (focus stays where it was); otherwise nothing they look at
 * moves and a "1 request waiting below" button at the bottom of the transcript goes to it. Without an item it renders only
 * its live region, and the pending rows of URL steps set aside until their server confirms. After
 * the last request focus goes back where the person was, or to `returnFocus`. The ref and other
 * props go to the section.
 */
export const ElicitationInlineRoot: ForwardRefExoticComponent<ElicitationInlineProps & RefAttributes<HTMLElement>> = InlineRoot

/**
 * Ready-made inline elicitation for the transcript (the same parts as the dialog). Compose the static
 * parts (`ElicitationInline.Root`, `.Header`, `.Body`, `.Actions`) for your own layout.
 */
export const ElicitationInline = Object.assign(
  forwardRef<HTMLElement, ElicitationInlineProps>(function ElicitationInline({ children, ...props }, ref) {
    return (
      <InlineRoot {...props} ref={ref} withHeader>
        <DefaultParts>{children}</DefaultParts>
      </InlineRoot>
    )
  }),
  { Root: ElicitationInlineRoot, ...PARTS },
)
