/**
 * The out-of-band step of the URL-mode elicitation: the tool waits here until the person finishes on
 * the /connect page (in a real app: an OAuth callback). One map per process.
 */
const MAX_WAITING = 100
const WAIT_MS = 5 * 60_000

const waiting = new Map<string, () => void>()

/** Resolves once {@link completeConnection} is called for `elicitationId`, or after five minutes with false. */
export function waitForConnection(elicitationId: string): Promise<boolean> {
  if (waiting.size >= MAX_WAITING) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(elicitationId)
      resolve(false)
    }, WAIT_MS)
    waiting.set(elicitationId, () => {
      clearTimeout(timer)
      waiting.delete(elicitationId)
      resolve(true)
    })
  })
}

/** Ends the wait for `elicitationId`; false when nothing waits for it. */
export function completeConnection(elicitationId: string): boolean {
  const done = waiting.get(elicitationId)
  done?.()
  return done !== undefined
}
