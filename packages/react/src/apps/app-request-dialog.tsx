import { Content, Description, Portal, Root, Title } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef, type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { composeEventHandlers } from '../shared/compose-event-handlers'
import { useComposedRefs } from '../shared/use-composed-refs'
import { RequestAnnouncer } from './request-announcer'
import { useRequestFocus } from './use-request-focus'

/** What every app request dialog takes besides its own: where it renders, where focus goes after, and any prop of its content element. */
export interface AppRequestDialogFrameProps extends Omit<ComponentPropsWithoutRef<typeof Content>, 'asChild' | 'forceMount' | 'title' | 'children'> {
  /** Portal target (default `document.body`); `McpAppFrame` passes its own wrapper, right after the app. */
  container?: HTMLElement | null | undefined
  /** Where focus goes after the dialog when the place the person was in before is gone (the app's frame). */
  returnFocus?: (() => HTMLElement | null | undefined) | undefined
}

/** Props of {@link AppRequestDialog}: the shell's own, plus {@link AppRequestDialogFrameProps}. */
export interface AppRequestDialogProps extends AppRequestDialogFrameProps {
  /** `data-mcp-hitl-sampling` or `data-mcp-hitl-download` on the root. */
  kind: 'sampling' | 'download'
  /** The host's title, naming who asks. */
  title: ReactNode
  /** Under the title: who asks, in detail, and what happens on each answer. */
  description: ReactNode
  /** The dialog's scrolling body. */
  body: ReactNode
  /** A failure, shown above the actions. */
  error?: ReactNode
  /** The actions row, always in view. */
  actions: ReactNode
  /** Name of the corner button, which does the safe choice. */
  closeLabel: string
  /** The safe choice: the corner button, and Escape while focus is inside. */
  onSafeChoice: () => void
  /** Announced once a moment after the dialog appears, then on each change. */
  announcement: string
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
 * The frame of an app's request dialog, built on the consent model: a non-modal Radix dialog that
 * never takes focus or traps it, shown over the page without moving anything; a polite announcement
 * names who asks; the person reaches it by a click or by Tab (render it right after the app). Escape
 * while focus is inside, and the labelled corner button, do the safe choice; Escape elsewhere and
 * clicks outside do nothing to it. Header and actions stay in view, the body scrolls. Focus stays on
 * the actions when the control the person was on changes, and goes back where they were after.
 */
export const AppRequestDialog = forwardRef<HTMLDivElement, AppRequestDialogProps>(function AppRequestDialog(props, ref) {
  const {
    kind,
    title,
    description,
    body,
    error,
    actions,
    closeLabel,
    onSafeChoice,
    announcement,
    container,
    returnFocus,
    onOpenAutoFocus,
    onCloseAutoFocus,
    onEscapeKeyDown,
    onInteractOutside,
    onKeyDown,
    onFocus,
    onBlur,
    style,
    ...contentProps
  } = props
  const ids = { title: useId(), description: useId() }
  const root = useRef<HTMLDivElement>(null)
  const composed = useComposedRefs(root, ref)
  const focus = useRequestFocus({
    root,
    keep: () => root.current?.querySelector<HTMLElement>('[data-focus-keep]') ?? root.current?.querySelector<HTMLElement>('[data-action="close-x"]'),
    fallback: returnFocus,
  })
  return (
    <Root open modal={false}>
      <Portal container={container ?? undefined}>
        <Content
          {...contentProps}
          ref={composed}
          data-mcp-hitl-root=""
          {...{ [`data-mcp-hitl-${kind}`]: '' }}
          aria-labelledby={ids.title}
          aria-describedby={ids.description}
          // Over the page, never in its flow, even without the stylesheet: nothing moves when it appears.
          style={{ position: 'fixed', ...style }}
          // Never takes focus: the person may be typing elsewhere when the app asks.
          onOpenAutoFocus={composeEventHandlers(onOpenAutoFocus, (event) => event.preventDefault())}
          onCloseAutoFocus={composeEventHandlers(onCloseAutoFocus, (event) => event.preventDefault())}
          // Radix would close on any Escape on the page: only Escape inside counts (below).
          onEscapeKeyDown={composeEventHandlers(onEscapeKeyDown, (event) => event.preventDefault())}
          // An outside click or focus moving away never answers, and never throws edits away.
          onInteractOutside={composeEventHandlers(onInteractOutside, (event) => event.preventDefault())}
          onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
            onKeyDown?.(event)
            // Not composed: Radix's own Escape listener (above) has already marked the event handled.
            // It is the safe choice only because focus is inside.
            if (event.key !== 'Escape') return
            event.stopPropagation()
            onSafeChoice()
          }}
          onFocus={composeEventHandlers(onFocus, focus.onFocus)}
          onBlur={composeEventHandlers(onBlur, focus.onBlur)}
        >
          <button type="button" data-action="close-x" aria-label={closeLabel} onClick={onSafeChoice}>
            <Cross />
          </button>
          <div data-part="header">
            <Title id={ids.title} data-part="title">
              {title}
            </Title>
            <Description asChild>
              <div id={ids.description} data-part="who">
                {description}
              </div>
            </Description>
          </div>
          {/* Focusable, so the keyboard can scroll a long request that holds no control. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to be scrolled */}
          <div data-part="body" tabIndex={0}>
            {body}
          </div>
          {error}
          {actions}
          <RequestAnnouncer text={announcement} />
        </Content>
      </Portal>
    </Root>
  )
})
