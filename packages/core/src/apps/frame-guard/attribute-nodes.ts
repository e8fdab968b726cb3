// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * Attribute nodes and text: a rel node's value is made hint-free as it joins a link, and when
 * written while on one (through `value`, `nodeValue` or `textContent`).
 */
import { apply, attrName, attrNamespace, attrOwner, attrValue, call, mapGet, mapSet, nodeTypeOf, setAttrValue } from './captured'
import { hintFree, isLink } from './link-hints'
import { wrap } from './wrap'

/** The element each `attributes` map that app code has read belongs to. */
const attributeMaps = new WeakMap<NamedNodeMap, Element>()

function adoptAttr(element: Element | undefined, attr: unknown): void {
  try {
    if (element && isLink(element) && call(attrName, attr) === 'rel' && call(attrNamespace, attr) === null) {
      const value = call(attrValue, attr)
      const next = hintFree(value)
      if (next !== value) apply(setAttrValue, attr, [next])
    }
  } catch {}
}

function wrapAttrText(proto: object, name: string): void {
  wrap(
    proto,
    name,
    (set) =>
      function (this: Node, value: unknown) {
        let next = value
        if (call(nodeTypeOf, this) === 2 && call(attrName, this) === 'rel' && call(attrNamespace, this) === null) {
          const owner = call(attrOwner, this)
          if (owner && isLink(owner)) next = hintFree(value)
        }
        return apply(set, this, [next])
      },
    'set',
  )
}

export function guardAttributeNodes(): void {
  wrap(
    Element.prototype,
    'setAttributeNode',
    (original) =>
      function (this: Element, attr: unknown) {
        adoptAttr(this, attr)
        return apply(original, this, arguments)
      },
  )
  wrap(
    Element.prototype,
    'setAttributeNodeNS',
    (original) =>
      function (this: Element, attr: unknown) {
        adoptAttr(this, attr)
        return apply(original, this, arguments)
      },
  )
  wrap(
    Element.prototype,
    'attributes',
    (get) =>
      function (this: Element) {
        const map = apply(get, this, [])
        apply(mapSet, attributeMaps, [map, this])
        return map
      },
    'get',
  )
  wrap(
    NamedNodeMap.prototype,
    'setNamedItem',
    (original) =>
      function (this: NamedNodeMap, attr: unknown) {
        adoptAttr(apply(mapGet, attributeMaps, [this]), attr)
        return apply(original, this, arguments)
      },
  )
  wrap(
    NamedNodeMap.prototype,
    'setNamedItemNS',
    (original) =>
      function (this: NamedNodeMap, attr: unknown) {
        adoptAttr(apply(mapGet, attributeMaps, [this]), attr)
        return apply(original, this, arguments)
      },
  )
  wrapAttrText(Attr.prototype, 'value')
  wrapAttrText(Node.prototype, 'nodeValue')
  wrapAttrText(Node.prototype, 'textContent')
}
