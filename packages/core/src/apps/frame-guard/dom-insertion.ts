// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * Nodes are guarded before they enter the document, so a new frame never starts unguarded, and
 * frame and link attributes are guarded as they are written by name or property. A detached tree
 * starts no frame: it is scanned once, when its root is inserted.
 */
import {
  apply,
  call,
  defineProperty,
  getDescriptor,
  isConnected,
  localNameOf,
  lower,
  mapSet,
  rangeContainer,
  toStr,
} from './captured'
import { guardTree } from './guard-tree'
import { hintFree, isLink } from './link-hints'
import { guardedSrcdoc, isScriptUrl, written } from './nested-frames'
import { wrap } from './wrap'

function wrapInsert(proto: object | undefined, name: string, ofRange: boolean): void {
  const d = proto && getDescriptor(proto, name)
  if (!d || typeof d.value !== 'function') return
  const original = d.value
  d.value = function (this: unknown) {
    const target = ofRange ? call(rangeContainer, this) : this
    if (target && call(isConnected, target)) for (let k = 0; k < arguments.length; k++) guardTree(arguments[k])
    return apply(original, this, arguments)
  }
  defineProperty(proto, name, d)
}

function wrapFrameAttribute(proto: object, name: 'srcdoc' | 'src', transform: (value: unknown) => unknown): void {
  wrap(
    proto,
    name,
    (set) =>
      function (this: Element, value: unknown) {
        const next = transform(value)
        if (name === 'srcdoc') apply(mapSet, written, [this, next])
        return apply(set, this, [next])
      },
    'set',
  )
}

/** An attribute written to an element, by name: the value the element gets. */
function attributeValue(element: Element, name: unknown, value: unknown): unknown {
  const attr = lower(toStr(name))
  if (attr === 'rel' && isLink(element)) return hintFree(value)
  const local = call(localNameOf, element)
  if (local === 'iframe' || local === 'frame') {
    if (attr === 'srcdoc') {
      const next = guardedSrcdoc(value)
      apply(mapSet, written, [element, next])
      return next
    }
    if (attr === 'src' && isScriptUrl(value)) return 'about:blank'
  }
  return value
}

export function guardInsertionsAndAttributes(): void {
  const inserters: [{ prototype: object }, string[]][] = [
    [Node, ['appendChild', 'insertBefore', 'replaceChild']],
    [Element, ['append', 'prepend', 'after', 'before', 'replaceWith', 'insertAdjacentElement', 'replaceChildren', 'moveBefore']],
    [CharacterData, ['after', 'before', 'replaceWith']],
    [Document, ['append', 'prepend', 'replaceChildren']],
    [DocumentFragment, ['append', 'prepend', 'replaceChildren']],
    [Range, ['insertNode', 'surroundContents']],
  ]
  for (let i = 0; i < inserters.length; i++) {
    // Indexed, not destructured: destructuring goes through Array.prototype's iterator.
    const type = (inserters[i] as [{ prototype: object }, string[]])[0]
    const names = (inserters[i] as [{ prototype: object }, string[]])[1]
    for (let n = 0; n < names.length; n++) wrapInsert(type.prototype, names[n] as string, type === Range)
  }
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'srcdoc', guardedSrcdoc)
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'src', (value) => (isScriptUrl(value) ? 'about:blank' : value))
  wrap(
    Element.prototype,
    'setAttribute',
    (original) =>
      function (this: Element, name: unknown, value: unknown) {
        return apply(original, this, [name, attributeValue(this, name, value)])
      },
  )
  wrap(
    Element.prototype,
    'setAttributeNS',
    (original) =>
      function (this: Element, namespace: unknown, name: unknown, value: unknown) {
        const plain = namespace === null || namespace === undefined || namespace === ''
        return apply(original, this, [namespace, name, plain ? attributeValue(this, name, value) : value])
      },
  )
}
