/** `expect.poll` options fit for a real browser over a dev server (Vitest's default timeout is 1 s). */
export const EVENTUALLY = { timeout: 20_000, interval: 100 } as const
