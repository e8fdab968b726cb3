/**
 * A clock and timer for code that takes `now` and `setTimer` (pacers, reviews): `advance(ms)` moves
 * the clock, runs the timers due by then, and lets what they started settle (one macrotask).
 */
export function fakeTime() {
  let t = 0
  const timers: { at: number; run: () => void; live: boolean }[] = []
  return {
    now: () => t,
    setTimer(run: () => void, ms: number) {
      const timer = { at: t + ms, run, live: true }
      timers.push(timer)
      return () => {
        timer.live = false
      }
    },
    async advance(ms: number) {
      t += ms
      for (const timer of timers.filter((x) => x.live && x.at <= t)) {
        timer.live = false
        timer.run()
      }
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}
