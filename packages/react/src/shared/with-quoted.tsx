import { Fragment, type ReactNode } from 'react'
import { UntrustedText } from './untrusted-text'

// Stand-ins for the quoted words while a label is written: private-use characters no label holds.
const SLOTS = ['\uE000', '\uE001'] as const

/**
 * Renders `label` (a host sentence with one or two quoted words) with each quoted word as a one-line
 * {@link UntrustedText}: the label is written with stand-ins, then split on them. A translated label
 * that leaves a word out simply does not show it.
 */
export function withQuoted(label: (first: string, second: string | undefined) => string, first: string, second?: string, part?: string): ReactNode {
  const written = label(SLOTS[0], second === undefined ? undefined : SLOTS[1])
  const words = [first, second]
  return written.split(/([\uE000\uE001])/).map((piece, i) => {
    const slot = SLOTS.indexOf(piece as (typeof SLOTS)[number])
    const word = slot >= 0 ? words[slot] : undefined
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one label, in a fixed order
    return word !== undefined ? <UntrustedText key={i} text={word} singleLine data-part={part ?? 'quoted'} /> : <Fragment key={i}>{piece}</Fragment>
  })
}
