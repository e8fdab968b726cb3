import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

/** Where focus goes when the element that had it before is gone: a ref or a function. */
export type ReturnFocusTarget = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined)

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])'

// Waiting for a disabled element to come back (a chat disables its buttons while the agent works):
// given up after this, or as soon as the person puts focus anywhere.
const RETURN_WAIT_MS = 60_000

function usable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(':disabled')
}

function resolve(target: ReturnFocusTarget | undefined): HTMLElement | null | undefined {
  return typeof target === 'function' ? target() : target?.current
}

function fellToBody(): boolean {
  const active = document.activeElement
  return !active || active === document.body || !active.isConnected
}

function firstShown(scope: Element | null | undefined, selector: string): HTMLElement | null {
  for (const element of scope?.querySelectorAll<HTMLElement>(selector) ?? []) {
    if (element.checkVisibility?.() !== false) return element
  }
  return null
}

/**
 * Where the person lands when they move into a surface: the address in URL mode (to read first;
 * Enter on it opens nothing), else the form's first field, else the first of the actions.
 */
export function entryTarget(surface: HTMLElement | null): HTMLElement | null {
  if (!surface) return null
  return (
    surface.querySelector<HTMLElement>('[data-part="url"]') ??
    firstShown(surface.querySelector('[data-part="body"]'), FOCUSABLE) ??
    firstShown(surface.querySelector('[data-part="actions"]'), FOCUSABLE) ??
    firstShown(surface, FOCUSABLE)
  )
}

/** Options of {@link useSurfaceFocus}. */
export interface SurfaceFocusOptions {
  /** The surface's element (the dialog, the inline section). */
  surface: RefObject<HTMLElement | null>
  /** The request shown, undefined when none: a new key is a new request. */
  itemKey: string | undefined
  /** An answer is on its way: the controls come back once it is settled, focus waits for them. */
  busy: boolean
  /** Where focus goes at the end when the element the person came from is gone or disabled. */
  returnFocus: ReturnFocusTarget | undefined
}

/**
 * Focus around a surface that asks the person something and never takes focus itself.
 * - A request that appears moves nothing: keys go on to where the person is (the composer).
 * - The first Tab pressed outside after it appears moves into it (its first field), wherever the
 *   surface sits in the page, also the Tab that leaves an app's frame; a click moves in too.
 * - While the person is in it, a control that goes away (a step ends, the next request replaces
 *   this one, an answer fails) never drops focus to the page body: it goes to the control they
 *   were on if it is back, else to where a person enters.
 * - When the last request leaves and focus fell with it, focus goes back to where the person was
 *   before moving in (or `returnFocus` when that is gone or was disabled meanwhile; if neither can
 *   take focus yet, to that element once it is enabled again).
 */
export function useSurfaceFocus({ surface, itemKey, busy, returnFocus }: SurfaceFocusOptions): void {
  const state = useRef({
    key: undefined as string | undefined,
    // The person is in the surface (focus there, or it fell from there to the body).
    inside: false,
    lastInside: null as HTMLElement | null,
    // The last element outside that had focus: where the person was before they moved in.
    origin: null as HTMLElement | null,
    // Whether that element could take focus at the last commit while open: a chat often disables
    // its button while the agent works and enables it in the very render the last request leaves.
    originUsable: false,
    // The next Tab from outside moves in.
    tabArmed: false,
    // A pointer went down since the last focus change: that focus change is a click, not a key.
    pointer: false,
    stopWaiting: undefined as (() => void) | undefined,
  }).current
  const fallback = useRef(returnFocus)
  fallback.current = returnFocus
  const open = itemKey !== undefined

  // Always on, open or not: where the person was before a request arrived, even when the chat
  // disabled that element (the suggestion they pressed) and dropped focus before it came.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (state.key !== undefined) return
      const target = event.target
      if (target instanceof HTMLElement && !surface.current?.contains(target)) state.origin = target
    }
    document.addEventListener('focusin', onFocusIn, true)
    return () => document.removeEventListener('focusin', onFocusIn, true)
  }, [surface, state])

  useEffect(() => {
    if (!open) return
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      const clicked = state.pointer
      state.pointer = false
      if (!(target instanceof HTMLElement)) return
      const element = surface.current
      if (element?.contains(target)) {
        state.inside = true
        state.lastInside = target
        state.tabArmed = false
        return
      }
      // Keys pressed inside an app's frame never reach this page: the Tab that leaves the frame is
      // seen only as focus arriving here. That one moves in too (the person pressed the app's button
      // and goes on from the keyboard).
      const entry = state.tabArmed && !clicked && state.origin instanceof HTMLIFrameElement ? entryTarget(element) : null
      if (entry) {
        state.tabArmed = false
        entry.focus()
        return
      }
      state.inside = false
      state.origin = target
    }
    // A click on the page's text (no focusable element) leaves focus on the body: the person left.
    const onPointerDown = (event: PointerEvent) => {
      state.pointer = true
      if (!surface.current?.contains(event.target as Node)) state.inside = false
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !state.tabArmed || event.defaultPrevented || event.isComposing) return
      if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return
      const element = surface.current
      if (!element || element.contains(event.target as Node)) return
      state.tabArmed = false
      const target = entryTarget(element)
      if (!target) return
      event.preventDefault()
      target.focus({ preventScroll: false })
    }
    document.addEventListener('focusin', onFocusIn, true)
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('focusin', onFocusIn, true)
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('keydown', onKeyDown, true)
    }
  }, [open, surface, state])

  useLayoutEffect(() => {
    const previous = state.key
    state.key = itemKey
    if (itemKey === undefined) {
      if (previous === undefined) return
      const wasInside = state.inside
      const origin = state.origin
      const originWasUsable = state.originUsable
      state.inside = false
      state.lastInside = null
      if (!wasInside) return
      // A task later: after the surface left the page and React committed whatever the outcome disabled.
      setTimeout(() => {
        if (!fellToBody()) return
        const other = resolve(fallback.current)
        const target = originWasUsable && usable(origin) ? origin : usable(other) ? other : usable(origin) ? origin : null
        if (target) target.focus()
        else if (origin?.isConnected) state.stopWaiting = focusOnceUsable(origin)
      }, 0)
      return
    }
    if (previous === undefined) {
      state.stopWaiting?.()
      const active = document.activeElement
      state.inside = surface.current?.contains(active) ?? false
      // Focus on the body: the element last focused (kept by the listener above) is where they were.
      if (!state.inside && active instanceof HTMLElement && active !== document.body) state.origin = active
      if (state.origin && !state.origin.isConnected) state.origin = null
      state.tabArmed = !state.inside
      return
    }
    // The next request in the same surface: a person already in it stays in it, on its first field
    // (the granting buttons are new, so a stray Enter there sends nothing for a moment).
    if (state.inside) entryTarget(surface.current)?.focus({ preventScroll: true })
    else state.tabArmed = true
  }, [itemKey, surface, state])

  useLayoutEffect(() => {
    if (state.key === undefined) return
    state.originUsable = usable(state.origin)
    if (!state.inside || !fellToBody()) return
    const element = surface.current
    const last = state.lastInside
    const target = last && element?.contains(last) && usable(last) ? last : busy ? null : entryTarget(element)
    target?.focus({ preventScroll: true })
  })

  useEffect(() => () => state.stopWaiting?.(), [state])
}

/** Focuses `element` once it is enabled again, if focus is still on the body then; returns a stop function. */
function focusOnceUsable(element: HTMLElement): () => void {
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    document.removeEventListener('focusin', stop, true)
    document.removeEventListener('pointerdown', stop, true)
  }
  const observer = new MutationObserver(() => {
    if (!element.isConnected) return stop()
    if (!usable(element)) return
    stop()
    if (fellToBody()) element.focus()
  })
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] })
  const timer = setTimeout(stop, RETURN_WAIT_MS)
  document.addEventListener('focusin', stop, true)
  document.addEventListener('pointerdown', stop, true)
  return stop
}
