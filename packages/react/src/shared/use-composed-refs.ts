import { type Ref, type RefCallback, useCallback } from 'react'

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value)
  else if (ref) (ref as { current: T | null }).current = value
}

/** One callback ref that sets both the part's own ref and the one the app forwarded. */
export function useComposedRefs<T>(own: Ref<T> | undefined, forwarded: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      setRef(own, node)
      setRef(forwarded, node)
    },
    [own, forwarded],
  )
}
