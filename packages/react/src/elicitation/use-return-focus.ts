import { type RefObject, useLayoutEffect, useRef } from 'react'

/** Where focus goes when the element that had it before is gone: a ref or a function. */
export type ReturnFocusTarget = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined)

function usable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(':disabled')
}

function resolve(target: ReturnFocusTarget | undefined): HTMLElement | null | undefined {
  return typeof target === 'function' ? target() : target?.current
}

/**
 * Focus after the last request leaves: when it fell to the page body (the focused part is gone),
 * back to the element that had it when the first request came, or to `fallback` (the chat input)
 * when that one is gone or was disabled while the request was shown. Focus the user moved elsewhere meanwhile stays.
 */
export function useReturnFocus(open: boolean, fallback: ReturnFocusTarget | undefined): void {
  const before = useRef<Element | null>(null)
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  const wasOpen = useRef(false)
  // Whether that element could take focus at the last commit while open: a chat often disables its
  // button while the agent works and enables it in the very render the last request leaves.
  const beforeUsable = useRef(false)
  useLayoutEffect(() => {
    if (open) {
      if (!wasOpen.current) before.current = document.activeElement
      wasOpen.current = true
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    const previous = before.current
    before.current = null
    const wasUsable = beforeUsable.current
    // A task later: after the root left the page and React committed whatever the outcome disabled.
    setTimeout(() => {
      const active = document.activeElement
      if (active && active !== document.body && active.isConnected) return
      const fallbackElement = resolve(fallbackRef.current)
      const target = wasUsable && usable(previous) ? previous : usable(fallbackElement) ? fallbackElement : previous
      if (usable(target)) target.focus()
    }, 0)
  }, [open])
  useLayoutEffect(() => {
    if (open) beforeUsable.current = usable(before.current)
  })
}
