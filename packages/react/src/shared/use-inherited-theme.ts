import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react'
import { THEME_VARIABLES } from './theme-variables'

/**
 * The look a portalled part would have had in place: the `--mcp-hitl-*` variables, the font family
 * and the color-scheme that `anchor` (an element the component renders where it is used, in the
 * chat) sees and `target` (where the part portals, `document.body` by default) does not. Spread on
 * a wrapper in the portal, it lets a dialog in <body> take the chat container's font, theme signal
 * and variables. Read when `key` changes (a new request), before paint.
 */
export function useInheritedTheme(anchor: RefObject<HTMLElement | null>, target: Element | null, key: unknown): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined)
  useLayoutEffect(() => {
    const from = anchor.current
    if (!from || !target || key === undefined) return
    const here = getComputedStyle(from)
    const there = getComputedStyle(target)
    const next: Record<string, string> = {}
    for (const name of THEME_VARIABLES) {
      const value = here.getPropertyValue(name)
      if (value !== '' && value !== there.getPropertyValue(name)) next[name] = value
    }
    if (here.fontFamily !== there.fontFamily) next.fontFamily = here.fontFamily
    if (here.colorScheme !== there.colorScheme) next.colorScheme = here.colorScheme
    setStyle((current) => (sameStyle(current, next) ? current : next))
  }, [anchor, target, key])
  return style
}

function sameStyle(a: CSSProperties | undefined, b: Record<string, string>): boolean {
  if (!a) return Object.keys(b).length === 0
  const keys = Object.keys(b)
  return keys.length === Object.keys(a).length && keys.every((key) => (a as Record<string, unknown>)[key] === b[key])
}
