import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react'

/** A Root that focuses what its parts ask for once it has finished opening. */
export interface DeferredFocus {
  /** Takes `target` to focus once the Root has opened; false when it is open already (focus it yourself). */
  take(target: HTMLElement): boolean
}

const DeferredFocusContext = createContext<DeferredFocus | null>(null)

/** Provides a Root's {@link DeferredFocus} to its parts. */
export const DeferredFocusProvider = DeferredFocusContext.Provider

/** The surrounding Root's {@link DeferredFocus}, if it defers (the dialog does, inline does not). */
export function useDeferredFocus(): DeferredFocus | null {
  return useContext(DeferredFocusContext)
}

/**
 * For the dialog Root. Radix's modal finishes opening a commit or two after its content mounts
 * (pointer lock on the body, the description link) and changes the page's style then: a field
 * focused before that lays the page out, and the next read lays it out again. So the first focus
 * waits for Radix's open auto-focus (pass `onOpenAutoFocus` to the content), which comes once the
 * modal is in place; later focus (the next queued item) happens at once.
 */
export function useDeferredFocusOwner(open: boolean): { deferred: DeferredFocus; onOpenAutoFocus: (event: Event) => void } {
  const pending = useRef<HTMLElement | null>(null)
  // Opened, and Radix's open auto-focus has not come yet. Set on the change itself, not per effect
  // run: StrictMode runs effects twice.
  const awaitingOpen = useRef(false)
  const wasOpen = useRef(false)
  useLayoutEffect(() => {
    if (open && !wasOpen.current) awaitingOpen.current = true
    if (!open) {
      awaitingOpen.current = false
      pending.current = null
    }
    wasOpen.current = open
  }, [open])
  const onOpenAutoFocus = useCallback((event: Event) => {
    // The kit chooses what takes focus (the first field, or the address in URL mode), not Radix.
    event.preventDefault()
    awaitingOpen.current = false
    const target = pending.current
    pending.current = null
    // preventScroll: the first field is at the top already; scrolling would force an extra layout.
    if (target?.isConnected) target.focus({ preventScroll: true })
  }, [])
  const deferred = useMemo<DeferredFocus>(
    () => ({
      take(target) {
        if (!awaitingOpen.current) return false
        // Something in the dialog took focus itself (autoFocus): Radix does not auto-focus then.
        if (target.closest('[data-mcp-hitl-root]')?.contains(document.activeElement)) {
          awaitingOpen.current = false
          return false
        }
        pending.current = target
        return true
      },
    }),
    [],
  )
  return { deferred, onOpenAutoFocus }
}
