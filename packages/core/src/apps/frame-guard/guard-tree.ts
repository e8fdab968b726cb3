// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * Guarding what is in, or enters, the document: every frame's srcdoc and src and every link's rel,
 * in the document, in shadow roots and in template contents. Whatever reaches the document another
 * way than the hooked DOM methods (the parser, attribute nodes, declarative shadow roots) is guarded
 * by a mutation observer at the next microtask, before any nested navigation can commit, and before
 * the document can go away with a prefetch queued.
 */
import {
  apply,
  call,
  contentOf,
  documentQuery,
  fragmentQuery,
  HTML,
  iterator,
  listLength,
  localNameOf,
  namespaceOf,
  nodeTypeOf,
  Observer,
  observeWith,
  querySelectorAll,
  recordAdded,
  recordTarget,
  recordType,
  setAdd,
  setHas,
  shadowOf,
} from './captured'
import { guardLink } from './link-hints'
import { guardFrame } from './nested-frames'
import { wrap } from './wrap'

/** Shadow roots and template contents that have an observer of their own. */
const watched = new WeakSet<Node>()

function guardElement(node: Element): void {
  const name = call(localNameOf, node)
  if (name === 'iframe' || name === 'frame') guardFrame(node)
  else if (name === 'link' && call(namespaceOf, node) === HTML) guardLink(node)
  else if (name === 'template' && call(namespaceOf, node) === HTML) guardRoot(call(contentOf, node))
  const root = call(shadowOf, node)
  if (root) guardRoot(root)
}

// Shadow roots and template contents are outside the document's observer: each gets its own.
function guardRoot(root: Node): void {
  if (!apply(setHas, watched, [root])) {
    apply(setAdd, watched, [root])
    observe(root)
  }
  guardTree(root)
}

/** Guards `node` and everything under it; anything that is not an element, fragment or document is left alone. */
export function guardTree(node: unknown): void {
  let type: number
  try {
    type = call(nodeTypeOf, node)
  } catch {
    return
  }
  if (type !== 1 && type !== 11 && type !== 9) return
  if (type === 1) guardElement(node as Element)
  const all: NodeListOf<Element> = apply(type === 1 ? querySelectorAll : type === 9 ? documentQuery : fragmentQuery, node, ['*'])
  for (let j = 0, n = call(listLength, all); j < n; j++) guardElement(all[j] as Element)
}

// The attribute filter is read through its iterator when observe() is called: an iterable of the
// guard's own, so that no app change to Array.prototype can widen or empty it.
const filter = {
  [iterator]() {
    let k = 0
    const list = ['srcdoc', 'src', 'rel']
    return {
      next: () => (k < list.length ? { value: list[k++], done: false } : { value: undefined, done: true }),
    }
  },
} as unknown as string[]

function observe(root: Node): void {
  const observer = new Observer((records) => {
    for (let r = 0; r < records.length; r++) {
      const record = records[r] as MutationRecord
      if (call(recordType, record) === 'attributes') guardTree(call(recordTarget, record))
      else {
        const added = call(recordAdded, record)
        for (let a = 0, n = call(listLength, added); a < n; a++) guardTree(added[a])
      }
    }
  })
  apply(observeWith, observer, [root, { childList: true, subtree: true, attributes: true, attributeFilter: filter }])
}

/** Watches the document, and every shadow root attached from now on, for what the hooks do not see. */
export function observeDocument(): void {
  wrap(Element.prototype, 'attachShadow', (original) =>
    function (this: Element) {
      const root = apply(original, this, arguments)
      apply(setAdd, watched, [root])
      observe(root)
      return root
    },
  )
  observe(document)
}
