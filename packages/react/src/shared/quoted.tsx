import { showControlCharacters } from '@mcp-hitl/core/internal'
import { Fragment, type ReactNode } from 'react'

// Stand-ins for the quoted words while a label is written: private-use characters no label holds.
const SLOTS = ['\uE000', '\uE001'] as const

/**
 * A server's or app's own words inside the host's sentence: bidi-isolated (`<bdi>`), its control and
 * direction-changing characters shown as marks, so the words cannot reorder or hide the host's.
 */
export function Quoted({ text, part = 'quoted' }: { text: string; part?: string }) {
  return (
    <bdi data-part={part} data-quoted="">
      {showControlCharacters(text)}
    </bdi>
  )
}

/**
 * Renders `label` (a host sentence with one or two quoted words) with each quoted word as
 * {@link Quoted}: the label is written with stand-ins, then split on them. A translated label that
 * leaves a word out simply does not show it.
 */
export function withQuoted(label: (first: string, second: string | undefined) => string, first: string, second?: string, part?: string): ReactNode {
  const written = label(SLOTS[0], second === undefined ? undefined : SLOTS[1])
  const words = [first, second]
  return written.split(/([\uE000\uE001])/).map((piece, i) => {
    const slot = SLOTS.indexOf(piece as (typeof SLOTS)[number])
    const word = slot >= 0 ? words[slot] : undefined
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one label, in a fixed order
    return word !== undefined ? <Quoted key={i} text={word} part={part} /> : <Fragment key={i}>{piece}</Fragment>
  })
}
