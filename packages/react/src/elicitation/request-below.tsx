import { type RefObject, useLayoutEffect, useState } from 'react'
import { scrollerOf } from './use-arrive-in-view'

/**
 * "1 request waiting below": shown at the bottom of the transcript's visible part while an inline
 * form arrived out of view (the person was reading further up, or holding the pointer), so nothing
 * they look at moves. A press scrolls to the form; it never takes focus.
 */
export function RequestBelow({ surface, text, onReveal }: { surface: RefObject<HTMLElement | null>; text: string; onReveal: () => void }) {
  const [place, setPlace] = useState<{ left: number; bottom: number } | undefined>(undefined)
  useLayoutEffect(() => {
    const node = surface.current
    if (!node) return
    const scroller = scrollerOf(node)
    // Fixed at the bottom centre of the scroller's visible box, kept there as the page moves.
    const measure = () => {
      const box = scroller?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth, bottom: window.innerHeight }
      setPlace({ left: (box.left + box.right) / 2, bottom: window.innerHeight - Math.min(box.bottom, window.innerHeight) })
    }
    measure()
    const target: HTMLElement | Window = scroller ?? window
    target.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      target.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [surface])
  return (
    <button
      type="button"
      data-mcp-hitl-request-below=""
      style={place ? { position: 'fixed', left: place.left, bottom: place.bottom, transform: 'translateX(-50%)' } : { position: 'fixed', visibility: 'hidden' }}
      onClick={onReveal}
    >
      {text}
    </button>
  )
}
