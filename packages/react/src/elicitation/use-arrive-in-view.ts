import { type RefObject, useEffect, useLayoutEffect, useState } from 'react'

// How far below the visible end a form may start and still count as "the person was at the end":
// the transcript's own gap between entries.
const AT_END_SLACK_PX = 64

/** The element that scrolls `node` (the nearest ancestor that scrolls vertically), else the page (null). */
export function scrollerOf(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent)
    if ((overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') && parent.scrollHeight > parent.clientHeight) return parent
  }
  return null
}

/** The visible part of the scroller, in viewport coordinates (the page's window when it is the page). */
function visibleBox(scroller: HTMLElement | null): { top: number; bottom: number } {
  if (!scroller) return { top: 0, bottom: window.innerHeight }
  const box = scroller.getBoundingClientRect()
  return { top: Math.max(box.top, 0), bottom: Math.min(box.bottom, window.innerHeight) }
}

function scrollBy(scroller: HTMLElement | null, top: number): void {
  if (scroller) scroller.scrollTop += top
  else window.scrollBy(0, top)
}

/** Scrolls the least that shows `node` whole, or its top when it is taller than the visible part. */
export function revealInScroller(node: HTMLElement): void {
  const scroller = scrollerOf(node)
  const visible = visibleBox(scroller)
  const box = node.getBoundingClientRect()
  const delta = Math.min(box.bottom - visible.bottom, box.top - visible.top)
  if (delta > 0) scrollBy(scroller, delta)
}

/** Whether any pointer button is held on the page: the person is in the middle of something. */
function usePointerHeld(): () => boolean {
  const [state] = useState(() => ({ held: false }))
  useEffect(() => {
    const down = () => {
      state.held = true
    }
    const up = () => {
      state.held = false
    }
    document.addEventListener('pointerdown', down, true)
    document.addEventListener('pointerup', up, true)
    document.addEventListener('pointercancel', up, true)
    return () => {
      document.removeEventListener('pointerdown', down, true)
      document.removeEventListener('pointerup', up, true)
      document.removeEventListener('pointercancel', up, true)
    }
  }, [state])
  return () => state.held
}

/**
 * Brings an inline form into view when it arrives, without focus: when the person was at the end
 * of the transcript (the form starts at or just below the visible end) and holds no pointer, the
 * transcript scrolls the least that shows it. Otherwise nothing under the person moves and `below`
 * is true until the form is in view (or `reveal` is called), for a "request waiting below" button.
 */
export function useArriveInView(surface: RefObject<HTMLElement | null>, itemKey: string | undefined): { below: boolean; reveal: () => void } {
  const [below, setBelow] = useState(false)
  const pointerHeld = usePointerHeld()
  // Before paint: the scroll lands with the form's first frame, so nothing is seen to jump.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request (its key) is what arrives; pointerHeld reads a ref
  useLayoutEffect(() => {
    const node = surface.current
    if (!node || itemKey === undefined) return setBelow(false)
    const visible = visibleBox(scrollerOf(node))
    const box = node.getBoundingClientRect()
    if (box.bottom <= visible.bottom && box.top >= visible.top) return setBelow(false)
    const atEnd = box.top <= visible.bottom + AT_END_SLACK_PX
    if (atEnd && !pointerHeld()) {
      revealInScroller(node)
      setBelow(false)
    } else setBelow(box.top > visible.bottom)
  }, [itemKey])
  // Once the person scrolls to it, the button has said its piece.
  useEffect(() => {
    const node = surface.current
    if (!below || !node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setBelow(false)
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [below, surface])
  const reveal = () => {
    if (surface.current) revealInScroller(surface.current)
    setBelow(false)
  }
  return { below, reveal }
}
