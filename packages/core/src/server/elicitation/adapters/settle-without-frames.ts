/**
 * Promise plumbing for the adapters' request handlers without async functions. A handler's promise
 * stays pending for as long as the person takes to answer, and an async function suspended on it
 * keeps its whole frame alive (locals, the awaited promise's reaction, the function's own promise):
 * at thousands of waiting elicitations that frame weighed more than the elicitation itself.
 */

/** `run()`'s result as a promise, a synchronous throw as a rejection: what an async function returns. */
export function promiseOf<T>(run: () => T | PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(run())
  } catch (error) {
    return Promise.reject(error)
  }
}

/** `run()`'s promise, with `done` called once it settles (or at once, if `run` throws): `try { return await run() } finally { done() }`. */
export function settleThen<T>(run: () => T | PromiseLike<T>, done: () => void): Promise<T> {
  return promiseOf(run).finally(done)
}
