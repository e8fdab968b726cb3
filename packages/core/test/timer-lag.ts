/**
 * Timer-lag probe: how late a 1 ms interval fires while some work runs, i.e. how long the work kept
 * the event loop from anything else. Shared by the Node and the Chromium tests.
 */

/** Runs `work` while a 1 ms interval records the longest gap between its ticks beyond 1 ms. */
export async function timerLag(work: () => unknown): Promise<number> {
  let worst = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last - 1)
    last = now
  }, 1)
  try {
    // Let the interval tick before the work begins and once after it ends.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await work()
    await new Promise((resolve) => setTimeout(resolve, 5))
  } finally {
    clearInterval(timer)
  }
  return worst
}

/**
 * The smallest lag of a few runs of `work`: a block the work causes shows in every run, while a
 * busy machine that did not schedule this process for a moment shows in one run at most.
 */
export async function steadyTimerLag(work: () => unknown, runs = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < runs; run++) best = Math.min(best, await timerLag(work))
  return best
}
