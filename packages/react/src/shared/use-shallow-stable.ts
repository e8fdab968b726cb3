import { useInsertionEffect, useRef } from 'react'

function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/** Keeps the previous object while a new one is shallowly equal, so inline option objects do not re-render forms. */
export function useShallowStable<T extends object | undefined>(value: T): T {
  const ref = useRef(value)
  const stable = shallowEqual(ref.current, value) ? ref.current : value
  // Kept once committed, never during render: a discarded render must not replace the kept object.
  useInsertionEffect(() => {
    ref.current = stable
  })
  return stable
}
