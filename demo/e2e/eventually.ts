/** `expect.poll` with a timeout fit for a real browser over a dev server (Vitest's default is 1 s). */
import { expect } from 'vitest'

/** Polls `read` until the chained matcher passes, for up to 20 s. */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 100 })
}
