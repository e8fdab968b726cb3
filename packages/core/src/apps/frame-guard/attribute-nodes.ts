// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * Attribute nodes and text: a rel node's value is made hint-free as it joins a link, and when
 * written while on one (through `value`, `nodeValue` or `textContent`).
 */
import { apply, attrName, attrNamespace, attrOwner, attrValue, call, mapGet, nodeTypeOf, setAttrValue } from './captured'
import { hintFree, isLink } from './link-hints'
import { type Native, rememberingOwner, wrap } from './wrap'

/** The element each `attributes` map that app code has read belongs to. */
const attributeMaps = new WeakMap<object, Element>()

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

/** A wrapper of a method taking an attribute node, which adopts it for the element `ownerOf(this)` first. */
function adopting(ownerOf: (self: object) => Element | undefined): (original: Native) => Native {
  return (original) =>
    function (this: object, attr: unknown) {
      adoptAttr(ownerOf(this), attr)
      return apply(original, this, arguments)
    }
}

export function guardAttributeNodes(): void {
  const itself = (element: object) => element as Element
  const mapOwner = (map: object) => apply(mapGet, attributeMaps, [map as NamedNodeMap])
  wrap(Element.prototype, 'setAttributeNode', adopting(itself))
  wrap(Element.prototype, 'setAttributeNodeNS', adopting(itself))
  wrap(Element.prototype, 'attributes', rememberingOwner(attributeMaps), 'get')
  wrap(NamedNodeMap.prototype, 'setNamedItem', adopting(mapOwner))
  wrap(NamedNodeMap.prototype, 'setNamedItemNS', adopting(mapOwner))
  wrapAttrText(Attr.prototype, 'value')
  wrapAttrText(Node.prototype, 'nodeValue')
  wrapAttrText(Node.prototype, 'textContent')
}
