// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/** A link's rel through its properties: `rel`, `relList`, and the token list's own methods. */
import { apply, defineProperty, listContains, listRemove, mapGet } from './captured'
import { hintFree, isHint } from './link-hints'
import { type Native, rememberingOwner, wrap } from './wrap'

/** The link each `relList` that app code has read belongs to. */
const relLists = new WeakMap<object, Element>()

const hintFreeSetter =
  (set: Native): Native =>
  function (this: HTMLLinkElement, value: unknown) {
    return apply(set, this, [hintFree(value)])
  }

export function guardRelLists(): void {
  wrap(HTMLLinkElement.prototype, 'rel', hintFreeSetter, 'set')
  wrap(HTMLLinkElement.prototype, 'relList', hintFreeSetter, 'set')
  wrap(HTMLLinkElement.prototype, 'relList', rememberingOwner(relLists), 'get')
  const isRelList = (list: DOMTokenList) => apply(mapGet, relLists, [list])
  wrap(
    DOMTokenList.prototype,
    'add',
    (original) =>
      function (this: DOMTokenList) {
        if (!isRelList(this)) return apply(original, this, arguments)
        const tokens: unknown[] = []
        let count = 0
        for (let k = 0; k < arguments.length; k++) {
          // defineProperty, not push: app code may have redefined Array.prototype.push or an index setter.
          if (!isHint(arguments[k])) defineProperty(tokens, count++, { value: arguments[k], writable: true, enumerable: true, configurable: true })
        }
        return apply(original, this, tokens)
      },
  )
  wrap(
    DOMTokenList.prototype,
    'toggle',
    (original) =>
      function (this: DOMTokenList, token: unknown) {
        return isRelList(this) && isHint(token) ? false : apply(original, this, arguments)
      },
  )
  wrap(
    DOMTokenList.prototype,
    'replace',
    (original) =>
      function (this: DOMTokenList, token: string, replacement: unknown) {
        if (!isRelList(this) || !isHint(replacement)) return apply(original, this, arguments)
        const had = apply(listContains, this, [token])
        apply(listRemove, this, [token])
        return had
      },
  )
  wrap(
    DOMTokenList.prototype,
    'value',
    (set) =>
      function (this: DOMTokenList, value: unknown) {
        return apply(set, this, [isRelList(this) ? hintFree(value) : value])
      },
    'set',
  )
}
