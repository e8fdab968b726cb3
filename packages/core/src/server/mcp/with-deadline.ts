/**
 * Bounds a promise the proxy cannot cancel itself (a factory's connect, a whole tool listing): it
 * rejects after `ms`, and a value that arrives too late is handed to `onLate` (to close a client
 * nobody will use).
 */

/** Resolves like `promise`, or rejects with `timeoutError()` after `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, timeoutError: () => Error, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false
    const timer = setTimeout(() => {
      late = true
      reject(timeoutError())
    }, ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        if (late) onLate?.(value)
        else resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
