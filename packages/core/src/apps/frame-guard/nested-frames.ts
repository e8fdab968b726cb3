/**
 * Nested frames of a sandboxed document have opaque origins of their own: the app cannot reach
 * their globals, but their own scripts would find fresh constructors. So every nested document
 * starts with this guard (srcdoc), and none starts as a javascript: URL, the one script source a
 * new frame can be given that no later navigation can (Chromium refuses those cross-origin).
 */
import { apply, charCodeAt, getAttribute, indexOf, mapGet, mapSet, setAttribute, slice, test, toStr } from './captured'
import { hintLinksFree } from './link-hints'

/** The srcdoc value the guard last wrote to each frame, so that it does not prefix it twice. */
export const written = new WeakMap<Element, string>()

let childPrefix = ''

/** Sets the script every nested srcdoc starts with: the guard's own source, run without a channel. */
export function prefixNestedDocumentsWith(source: string): void {
  childPrefix = `<script>(${source})({})</script>`
}

export function guardedSrcdoc(value: unknown): string {
  const text = toStr(value)
  return childPrefix + hintLinksFree(apply(indexOf, text, [childPrefix]) === 0 ? apply(slice, text, [childPrefix.length]) : text)
}

export function isScriptUrl(value: unknown): boolean {
  // The URL parser drops tabs and newlines anywhere, and leading spaces and controls.
  const text = toStr(value)
  let url = ''
  for (let k = 0; k < text.length; k++) {
    const c = apply(charCodeAt, text, [k])
    if (c !== 9 && c !== 10 && c !== 13) url += text[k]
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser skips these leading controls
  return test(/^[\u0000-\u0020]*javascript:/i, url)
}

export function guardFrame(frame: Element): void {
  const srcdoc = apply(getAttribute, frame, ['srcdoc'])
  if (srcdoc !== null && apply(mapGet, written, [frame]) !== srcdoc) {
    const next = guardedSrcdoc(srcdoc)
    apply(mapSet, written, [frame, next])
    if (next !== srcdoc) apply(setAttribute, frame, ['srcdoc', next])
  }
  const src = apply(getAttribute, frame, ['src'])
  if (src !== null && isScriptUrl(src)) apply(setAttribute, frame, ['src', 'about:blank'])
}
