/**
 * What the host page does around an app's display mode, outside any framework: Escape on the page
 * leaves fullscreen / picture-in-picture (as the host's own control; keys inside the frame never
 * reach the page, the frame's guard tells the bridge instead), and focus follows the mode: into the
 * app when it opens with focus lost (the Allow the person pressed is gone), back where it was when it
 * closes (the exit button is gone, or Escape in the app).
 */
import type { McpAppDisplayMode } from '../host-context'

/** Calls `exit` on Escape pressed on the page, but not inside a kit dialog or question (that Escape is theirs). Returns the way to stop. */
export function exitDisplayModeOnEscape(doc: Document, exit: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    if (event.target instanceof Element && event.target.closest('[data-mcp-hitl-root], [data-part="display-mode-request"]')) return
    exit()
  }
  doc.addEventListener('keydown', onKey)
  return () => doc.removeEventListener('keydown', onKey)
}

/** Focus through one frame's display modes; see {@link createDisplayModeFocus}. */
export interface DisplayModeFocus {
  /** The mode is now `mode`: moves focus on the next task when it was lost. Returns the way to cancel that move. */
  modeChanged(mode: McpAppDisplayMode): () => void
}

/** Creates one frame's focus keeper; `iframe` is the app's frame, when there is one. */
export function createDisplayModeFocus(doc: Document, iframe: () => HTMLElement | undefined): DisplayModeFocus {
  // Where focus was before the app left inline.
  let before: HTMLElement | undefined
  const lost = () => doc.activeElement === null || doc.activeElement === doc.body
  const later = (move: () => void) => {
    const timer = setTimeout(() => {
      if (lost()) move()
    }, 0)
    return () => clearTimeout(timer)
  }
  return {
    modeChanged(mode) {
      if (mode !== 'inline') {
        const active = doc.activeElement
        before = active instanceof HTMLElement && active !== doc.body ? active : iframe()
        return later(() => iframe()?.focus())
      }
      const previous = before
      before = undefined
      if (!previous) return () => undefined
      return later(() => (previous.isConnected ? previous : iframe())?.focus())
    },
  }
}
