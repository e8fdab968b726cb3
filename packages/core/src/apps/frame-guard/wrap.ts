import { apply, defineProperty, getDescriptor, mapSet } from './captured'

// biome-ignore lint/complexity/noBannedTypes: any built-in method or accessor, called only through Reflect.apply
export type Native = Function

/**
 * Replaces a method (or, with key 'get' or 'set', an accessor's getter or setter) of `proto` by
 * `make(original)`. A prototype or member the engine lacks is left alone.
 */
export function wrap(
  proto: object | undefined | null,
  name: string,
  make: (original: Native) => Native,
  key: 'value' | 'get' | 'set' = 'value',
): void {
  const d = proto && getDescriptor(proto, name)
  if (!d || typeof d[key] !== 'function') return
  d[key] = make(d[key])
  defineProperty(proto, name, d)
}

/**
 * A getter wrapper that remembers, for each object the getter returns (an element's `attributes`
 * map, a link's `relList`), the element it came from: the methods of that object then know whose it is.
 */
export function rememberingOwner(owners: WeakMap<object, Element>): (get: Native) => Native {
  return (get) =>
    function (this: Element) {
      const value = apply(get, this, [])
      apply(mapSet, owners, [value, this])
      return value
    }
}
