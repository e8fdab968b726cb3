import { useInsertionEffect, useRef } from 'react'

/**
 * A ref holding the last committed `value`, for the callbacks, options and transports that effects
 * and event handlers read: a new inline prop then never re-runs an effect, rebuilds a queue or tears
 * down an iframe. Written in an insertion effect, never during render: a render React discards
 * (StrictMode, a suspended or interrupted update) must not leak its props. Insertion effects run
 * before every layout effect and event handler of the commit, so no reader sees a stale value.
 */
export function useLatestRef<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  useInsertionEffect(() => {
    ref.current = value
  })
  return ref
}
