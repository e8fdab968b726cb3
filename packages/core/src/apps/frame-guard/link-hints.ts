/**
 * Link hints fetch or connect outside the policy in Firefox: it queues rel=prefetch and rel=next
 * until no document of the process is loading and sends a queued one after its document is gone,
 * without that document's CSP; it opens rel=preconnect connections with no CSP check at all (and
 * engines differ on the rest). So no <link> the app can reach ever holds one of these tokens: the
 * guard drops them from every rel value written through the DOM, from every HTML string before it
 * is parsed, and from whatever the parser made at the next microtask. This file holds the tests and
 * rewrites of values and markup; the hooks that apply them are in the other files.
 */
import {
  apply,
  call,
  charCodeAt,
  contentOf,
  createElementNS,
  documentQuery,
  exec,
  fragmentQuery,
  getAttribute,
  HTML,
  indexOf,
  innerHTMLOf,
  listLength,
  localNameOf,
  lower,
  namespaceOf,
  nodeTypeOf,
  querySelectorAll,
  setAttribute,
  slice,
  test,
  toStr,
} from './captured'

const HINTS = ' prefetch next preload modulepreload preconnect dns-prefetch prerender '
export const LINK_TAG = /<link[\t\n\f\r />]/gi
const NOSCRIPT_TAG = /<noscript[\t\n\f\r />]/i
/** The start of a link tag that a later document.write may complete. */
export const LINK_START = /<(l(i(n(k)?)?)?)?$/i

// A document with no browsing context: what is parsed into it loads nothing and runs nothing.
export const inert = document.implementation.createHTMLDocument('')

export function isHint(token: unknown): boolean {
  return apply(indexOf, HINTS, [` ${lower(toStr(token))} `]) !== -1
}

/** A rel value without its hint tokens (the value itself when it holds none). */
export function hintFree(value: unknown): string {
  const text = toStr(value)
  let kept = ''
  let token = ''
  let hint = false
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? apply(charCodeAt, text, [k]) : 32
    if (c !== 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) {
      token += text[k]
      continue
    }
    if (token && apply(indexOf, HINTS, [` ${lower(token)} `]) !== -1) hint = true
    else if (token) kept += (kept ? ' ' : '') + token
    token = ''
  }
  return hint ? kept : text
}

function isSpace(c: number): boolean {
  return c === 9 || c === 10 || c === 12 || c === 13 || c === 32
}

/** Space, "/", ">" or "=": the end of an attribute name. */
function endsName(c: number): boolean {
  return isSpace(c) || c === 47 || c === 62 || c === 61
}

function endsUnquotedValue(c: number): boolean {
  return isSpace(c) || c === 62
}

/**
 * Whether the link tag whose attributes start at `i` gives a rel with a hint first (or one the
 * scan cannot read: a character reference). The same scan as without-hint-links.ts.
 */
function hintRelAt(html: string, from: number): boolean {
  const n = html.length
  let i = from
  while (i < n) {
    const c = apply(charCodeAt, html, [i])
    if (isSpace(c) || c === 47) {
      i++
      continue
    }
    if (c === 62) return false
    let start = i++
    while (i < n && !endsName(apply(charCodeAt, html, [i]))) i++
    const name = lower(apply(slice, html, [start, i]))
    while (i < n && isSpace(apply(charCodeAt, html, [i]))) i++
    let value = ''
    if (i < n && apply(charCodeAt, html, [i]) === 61) {
      i++
      while (i < n && isSpace(apply(charCodeAt, html, [i]))) i++
      const quote = apply(charCodeAt, html, [i])
      if (quote === 34 || quote === 39) {
        start = ++i
        while (i < n && apply(charCodeAt, html, [i]) !== quote) i++
        value = apply(slice, html, [start, i++])
      } else {
        start = i
        while (i < n && !endsUnquotedValue(apply(charCodeAt, html, [i]))) i++
        value = apply(slice, html, [start, i])
      }
    }
    if (name === 'rel') return apply(indexOf, value, ['&']) !== -1 || hintFree(value) !== value
  }
  return true
}

/**
 * The speculative parser acts on a hint in a nested document's markup before its guard runs
 * (Firefox preconnects then): each link whose first rel holds a hint gets an empty rel before it,
 * which the tokenizer keeps (without-hint-links.ts, the same scan for the app's own markup).
 */
export function hintLinksFree(html: string): string {
  let out = ''
  let last = 0
  LINK_TAG.lastIndex = 0
  for (let m = apply(exec, LINK_TAG, [html]); m !== null; m = apply(exec, LINK_TAG, [html])) {
    const at = m.index + 5
    if (hintRelAt(html, at)) {
      out += `${apply(slice, html, [last, at])} rel`
      last = at
    }
  }
  return out + apply(slice, html, [last])
}

export function isLink(node: unknown): boolean {
  return call(localNameOf, node) === 'link' && call(namespaceOf, node) === HTML
}

export function guardLink(link: Element): void {
  const rel = apply(getAttribute, link, ['rel'])
  const next = rel === null ? rel : hintFree(rel)
  if (next !== rel) apply(setAttribute, link, ['rel', next as string])
}

function queryAll(root: Node, type: number, selectors: string): NodeListOf<Element> {
  return apply(type === 1 ? querySelectorAll : type === 9 ? documentQuery : fragmentQuery, root, [selectors])
}

function hasHintLink(root: Node): boolean {
  const type = call(nodeTypeOf, root)
  if (type === 1 && call(localNameOf, root) === 'template' && call(namespaceOf, root) === HTML) {
    return hasHintLink(call(contentOf, root))
  }
  const all = queryAll(root, type, 'link, template')
  for (let k = 0, n = call(listLength, all); k < n; k++) {
    const el = all[k] as Element
    if (isLink(el)) {
      const rel = apply(getAttribute, el, ['rel'])
      if (rel !== null && hintFree(rel) !== rel) return true
    } else if (call(namespaceOf, el) === HTML && hasHintLink(el)) return true
  }
  return false
}

/**
 * The tokenizer keeps the first of two attributes with one name: an empty rel right after "<link"
 * wins over whatever rel the markup gives (no character reference can spell a tag name).
 */
export function withoutHintRel(html: string, from?: number): string {
  let out = ''
  let last = from || 0
  LINK_TAG.lastIndex = 0
  for (let m = apply(exec, LINK_TAG, [html]); m !== null; m = apply(exec, LINK_TAG, [html])) {
    const at = m.index + 5
    if (at < last) continue
    out += `${apply(slice, html, [last, at])} rel`
    last = at
  }
  return out + apply(slice, html, [last])
}

/**
 * Would parsing html as the children of an element named like context (namespace, local name)
 * make a link with a hint? Parsed the same way into an inert element to find out; the inert
 * document runs no script, so <noscript> would parse differently there: any means yes.
 */
function carriesHint(context: Element | null, html: string): boolean {
  if (!test(LINK_TAG, html)) return false
  if (!context || test(NOSCRIPT_TAG, html)) return true
  try {
    const probe = apply(createElementNS, inert, [call(namespaceOf, context), call(localNameOf, context)])
    apply(innerHTMLOf, probe, [html])
    return hasHintLink(probe)
  } catch {
    return true
  }
}

/** An HTML string to be parsed in `context`, with every link tag's rel dropped if it could hint. */
export function parsed(context: Element | null, value: unknown): string {
  const html = value === null ? '' : toStr(value)
  return carriesHint(context, html) ? withoutHintRel(html) : html
}
