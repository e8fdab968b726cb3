import { type ComponentPropsWithoutRef, type ForwardRefExoticComponent, forwardRef, type RefAttributes } from 'react'
import { CannotRenderBoundary } from './cannot-render-boundary'
import { DefaultParts, PARTS } from './default-parts'
import { ElicitationAnnouncer } from './elicitation-announcer'
import { type ElicitationRootProps, ElicitationViewProvider, splitRootProps, useElicitationViewValue } from './elicitation-context'
import { useQueueAnnouncements } from './use-queue-announcements'
import { useReturnFocus } from './use-return-focus'

/**
 * Props of {@link ElicitationInline} and its Root: the Root's own, plus any prop of its `<section>`.
 * The ready-made one renders its children after the Body part.
 */
export interface ElicitationInlineProps extends ElicitationRootProps, Omit<ComponentPropsWithoutRef<'section'>, keyof ElicitationRootProps> {}

// The Root, plus whether its parts include the Header (the ready-made one's do).
const InlineRoot = forwardRef<HTMLElement, ElicitationInlineProps & { withHeader?: boolean }>(function ElicitationInlineRoot({ withHeader = false, ...props }, ref) {
  const [rootProps, { children, ...sectionProps }] = splitRootProps(props)
  // The ready-made one renders the Header: the message is linked from the first render.
  const view = useElicitationViewValue(rootProps, false, withHeader)
  useReturnFocus(view.item !== undefined, rootProps.returnFocus)
  useQueueAnnouncements(view)
  return (
    <>
      <ElicitationAnnouncer text={view.announcement} />
      {view.item && (
        <section
          {...sectionProps}
          ref={ref}
          data-mcp-hitl-root=""
          data-state="open"
          data-status={view.status}
          data-mode={view.mode}
          aria-labelledby={view.ids.title}
          aria-describedby={view.described ? view.ids.description : undefined}
        >
          <ElicitationViewProvider value={view}>
            <CannotRenderBoundary>{children}</CannotRenderBoundary>
          </ElicitationViewProvider>
        </section>
      )}
    </>
  )
})

/**
 * Inline root for a chat transcript: a `<section>` labelled by the title and described by the message,
 * no modal; renders only its live region when there is no item (a form that appears is announced, and
 * focus goes to `returnFocus` when the answered form took it away). The ref and other props go to the section.
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
