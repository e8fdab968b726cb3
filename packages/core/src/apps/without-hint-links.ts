/**
 * An engine's speculative parser acts on a link hint in markup before any script of the document
 * runs (Firefox opens a `rel=preconnect` connection then, with no CSP check): no guard script can
 * reach those links in time, so the markup itself changes. Every `<link` whose `rel`, as the HTML
 * tokenizer reads it, holds a hint token (or a character reference, which could spell one) gets an
 * empty `rel` right after its tag name: the tokenizer keeps the first of two attributes with one
 * name, so the link has no hint. Nothing else in the markup changes, so other links keep working.
 * The same scan, on built-ins captured before app code, runs in the document guard for every nested
 * `srcdoc` (app-document.ts).
 */

const HINTS = new Set(['prefetch', 'next', 'preload', 'modulepreload', 'preconnect', 'dns-prefetch', 'prerender'])
const LINK_TAG = /<link[\t\n\f\r />]/gi

const isSpace = (c: number) => c === 9 || c === 10 || c === 12 || c === 13 || c === 32
// An attribute name ends at a space, "/", ">" or "=".
const endsName = (c: number) => isSpace(c) || c === 47 || c === 62 || c === 61

// Reads the attributes of the tag whose name ends at `from` as the tokenizer does, up to the first
// `rel`: true when it holds a hint (an unfinished tag counts, as it costs nothing to change).
function hintRelAt(html: string, from: number): boolean {
  const n = html.length
  let i = from
  while (i < n) {
    const c = html.charCodeAt(i)
    if (isSpace(c) || c === 47) {
      i++
      continue
    }
    if (c === 62) return false
    let start = i++
    while (i < n && !endsName(html.charCodeAt(i))) i++
    const name = html.slice(start, i).toLowerCase()
    while (i < n && isSpace(html.charCodeAt(i))) i++
    let value = ''
    if (i < n && html.charCodeAt(i) === 61) {
      i++
      while (i < n && isSpace(html.charCodeAt(i))) i++
      const quote = html.charCodeAt(i)
      if (quote === 34 || quote === 39) {
        start = ++i
        while (i < n && html.charCodeAt(i) !== quote) i++
        value = html.slice(start, i++)
      } else {
        start = i
        while (i < n && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 62) i++
        value = html.slice(start, i)
      }
    }
    if (name === 'rel') return value.includes('&') || value.split(/[\t\n\f\r ]+/).some((token) => HINTS.has(token.toLowerCase()))
  }
  return true
}

/** `html` with every link that would carry a prefetch-type hint given an empty `rel` first. */
export function withoutHintLinks(html: string): string {
  let out = ''
  let last = 0
  for (const match of html.matchAll(LINK_TAG)) {
    const at = match.index + 5
    if (!hintRelAt(html, at)) continue
    out += `${html.slice(last, at)} rel`
    last = at
  }
  return out + html.slice(last)
}
