import type { CSSProperties, Ref } from 'react'

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

/** The root's polite live region: arrivals, the last minute, an inline form that appears. */
export function ElicitationAnnouncer({ text, ref }: { text: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} data-mcp-hitl-announcer="polite" aria-live="polite" aria-atomic="true" style={HIDDEN}>
      {text}
    </div>
  )
}
