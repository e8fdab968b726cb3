// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * HTML strings, before the parser sees them. The context a string is parsed in decides what it
 * makes (inside an SVG <title> a <link> is HTML, inside an HTML <title> it is text). What other
 * parsers make stays detached until inserted: it is scanned before it is returned.
 */
import { apply, call, HTML, hostOf, localNameOf, lower, namespaceOf, nodeTypeOf, parentOf, toStr } from './captured'
import { guardTree } from './guard-tree'
import { inert, parsed } from './link-hints'
import { wrap } from './wrap'

function ownContext(node: Node): Element | null {
  try {
    return call(nodeTypeOf, node) === 1 ? (node as Element) : call(hostOf, node)
  } catch {
    return null
  }
}

function parentContext(node: Node): Element | null {
  let parent: Node | null
  try {
    parent = call(parentOf, node)
  } catch {
    return null
  }
  const type = parent ? call(nodeTypeOf, parent) : 0
  return type === 1 ? (parent as Element) : type === 11 ? inert.body : null
}

function wrapParse(proto: object, name: string, contextOf: (node: Node) => Element | null, key?: 'set'): void {
  wrap(
    proto,
    name,
    (original) =>
      function (this: Node, html: unknown) {
        if (!arguments.length) return apply(original, this, arguments)
        return apply(original, this, [parsed(contextOf(this), html), arguments[1]])
      },
    key,
  )
}

function scanResult(proto: object | undefined, name: string): void {
  wrap(
    proto,
    name,
    (original) =>
      function (this: unknown) {
        const result = apply(original, this, arguments)
        guardTree(result)
        return result
      },
  )
}

export function guardHtmlParsing(): void {
  wrapParse(Element.prototype, 'innerHTML', ownContext, 'set')
  wrapParse(ShadowRoot.prototype, 'innerHTML', ownContext, 'set')
  wrapParse(Element.prototype, 'outerHTML', parentContext, 'set')
  // setHTMLUnsafe may build closed shadow roots that no script can look into: the probe, which
  // makes none, still sees their links.
  wrapParse(Element.prototype, 'setHTMLUnsafe', ownContext)
  wrapParse(ShadowRoot.prototype, 'setHTMLUnsafe', ownContext)
  wrapParse(Element.prototype, 'setHTML', ownContext)
  wrapParse(ShadowRoot.prototype, 'setHTML', ownContext)
  const documentContext = () => inert.documentElement
  wrapParse(Document, 'parseHTMLUnsafe', documentContext)
  wrapParse(Document, 'parseHTML', documentContext)
  wrap(
    Element.prototype,
    'insertAdjacentHTML',
    (original) =>
      function (this: Element, position: unknown, html: unknown) {
        if (arguments.length < 2) return apply(original, this, arguments)
        const where = lower(toStr(position))
        let context = where === 'afterbegin' || where === 'beforeend' ? this : parentContext(this)
        if (context && call(localNameOf, context) === 'html' && call(namespaceOf, context) === HTML) context = inert.body
        return apply(original, this, [position, parsed(context, html)])
      },
  )
  scanResult(window.DOMParser && DOMParser.prototype, 'parseFromString')
  scanResult(Range.prototype, 'createContextualFragment')
  scanResult(window.XSLTProcessor && XSLTProcessor.prototype, 'transformToFragment')
  scanResult(window.XSLTProcessor && XSLTProcessor.prototype, 'transformToDocument')
  wrap(
    Document.prototype,
    'execCommand',
    (original) =>
      function (this: Document, command: unknown, ui: unknown, value: unknown) {
        if (arguments.length < 3 || lower(toStr(command)) !== 'inserthtml') return apply(original, this, arguments)
        return apply(original, this, [command, ui, parsed(null, value)])
      },
  )
}
