import { defineProperty, getDescriptor } from './captured'

// biome-ignore lint/complexity/noBannedTypes: any built-in method or accessor, called only through Reflect.apply
type Native = Function

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
