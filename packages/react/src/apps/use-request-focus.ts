import { type FocusEvent, type RefObject, useLayoutEffect, useRef } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'

/** What {@link useRequestFocus} needs from the surface: its root and the element that takes focus when the focused one goes. */
export interface RequestFocusOptions {
  /** The surface's root element. */
  root: RefObject<HTMLElement | null>
  /** Inside the root: where focus goes when the control that had it disappears (the safe choice). */
  keep: () => HTMLElement | null | undefined
  /** Where focus goes after the surface when the element the person was in before is gone (the app's frame). */
  fallback?: (() => HTMLElement | null | undefined) | undefined
}

const lost = () => document.activeElement === null || document.activeElement === document.body

/**
 * Focus for a request surface that never takes it: only once the person is inside (clicked or
 * tabbed in) does it look after them. When the control they were on disappears (Approve turning into
 * a spinner, a failure replacing the actions) focus moves to `keep` instead of falling to the page;
 * when the surface goes, focus returns to where they were before it appeared (or `fallback`). Spread
 * the returned handlers on the root.
 */
export function useRequestFocus(options: RequestFocusOptions): { onFocus: (event: FocusEvent) => void; onBlur: (event: FocusEvent) => void } {
  const latest = useLatestRef(options)
  // The element inside that had focus last; undefined while the person has never been inside.
  const inside = useRef<HTMLElement | undefined>(undefined)
  const before = useRef<Element | null>(null)

  useLayoutEffect(() => {
    before.current = document.activeElement
    return () => {
      const was = inside.current
      inside.current = undefined
      if (!was) return
      // A task later: after the surface left the page.
      setTimeout(() => {
        if (!lost()) return
        const previous = before.current
        const target = previous instanceof HTMLElement && previous !== document.body && previous.isConnected ? previous : latest.current.fallback?.()
        target?.focus()
      }, 0)
    }
  }, [latest])

  // Every commit: the control the person was on may have been replaced.
  useLayoutEffect(() => {
    const was = inside.current
    if (!was || was.isConnected || !lost()) return
    const next = latest.current.keep()
    if (next) {
      inside.current = next
      next.focus()
    }
  })

  return {
    onFocus: (event) => {
      if (event.target instanceof HTMLElement) inside.current = event.target
    },
    onBlur: (event) => {
      const target = event.target
      const to = event.relatedTarget
      // Focus the person moved out (not a control that was removed): they left the surface.
      if (to instanceof Node && latest.current.root.current?.contains(to)) return
      queueMicrotask(() => {
        if (target instanceof Node && target.isConnected && inside.current === target) inside.current = undefined
      })
    },
  }
}
