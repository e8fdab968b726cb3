import { type CSSProperties, useEffect, useState } from 'react'

// Visually hidden, still read: the usual clip pattern, inline so it works without the stylesheet.
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
}

/**
 * The polite live region of a request surface. A surface that appears never takes focus, so this
 * is how a screen reader hears who asks and what: the region mounts empty and gets its text a moment
 * later (text inserted together with a live region is often not read), and again on each change.
 */
export function RequestAnnouncer({ text }: { text: string }) {
  const [shown, setShown] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), 50)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <div data-part="announcer" aria-live="polite" aria-atomic="true" style={HIDDEN}>
      {shown}
    </div>
  )
}
