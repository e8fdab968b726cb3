/**
 * One handler from the app's and the part's own, as Radix composes them: the app's runs first and may
 * call `event.preventDefault()` to skip the part's.
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event)
    if (!event.defaultPrevented) ours(event)
  }
}
