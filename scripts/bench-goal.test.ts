import { describe, expect, it } from 'vitest'
import { boundGoal, interleave, median, percentile, ratioGoal, ratioStable, spread } from './bench-goal'

describe('benchmark goals', () => {
  it('judges a ratio from medians, so a goal met only by the fastest runs reads missed', () => {
    // The mount goal's case: the fastest kit run is within 1.2x of the fastest baseline, the typical one is not.
    const baseline = [5.7, 5.8, 5.9, 6.0, 6.1]
    const subject = [6.5, 7.3, 7.4, 7.5, 7.9]
    expect(Math.min(...subject) / Math.min(...baseline)).toBeLessThan(1.2)
    const goal = ratioGoal({ subject, baseline, max: 1.2 })
    expect(goal).toEqual({
      met: false,
      stable: false,
      value: 7.4 / 5.9,
      text: "goal: <=1.2x  median 1.25x (n=5, IQR 1.25-1.26x)  missed (unstable: the median's 95% interval 1.14-1.30x spans the limit)",
    })
  })

  it('takes the median of the per-round ratios, so a machine load that rises during the run does not hide a cost', () => {
    // The load grows round by round (the baseline slows down 1x..5x); the subject is 1.5x in 3 of 5 rounds.
    const baseline = [1, 2, 3, 4, 5]
    const subject = [1.5, 3, 3, 4, 7.5]
    expect(median(subject) / median(baseline)).toBe(1) // the ratio of the medians would call it met
    expect(ratioGoal({ subject, baseline, max: 1.2 }).text).toMatch(/^goal: <=1\.2x {2}median 1\.50x \(n=5, IQR 1\.00-1\.50x\) {2}missed/)
  })

  it('prints a met ratio goal as one line with the limit, the median ratio, the run count and the spread', () => {
    const goal = ratioGoal({ subject: [1.17, 1.2, 1.1], baseline: [1, 1, 1], max: 1.2 })
    expect(goal.met).toBe(true)
    expect(goal.text).toBe('goal: <=1.2x  median 1.17x (n=3, IQR 1.10-1.20x)  met')
  })

  it('calls a verdict stable only when the limit lies outside the median\'s 95% interval', () => {
    // 31 rounds near 1.1x with a few load spikes: the interval stays well under 1.2x.
    const calm = Array.from({ length: 31 }, (_, i) => (i % 10 === 0 ? 1.6 : 1.08 + (i % 5) * 0.01))
    expect(ratioStable(calm, calm.map(() => 1), 1.2)).toBe(true)
    // Rounds scattered either side of the limit: more rounds could flip the verdict.
    const torn = [1.0, 1.3, 1.1, 1.25, 1.15, 1.35, 1.05, 1.22, 1.18]
    expect(ratioStable(torn, torn.map(() => 1), 1.2)).toBe(false)
    const s = spread(torn)
    expect([s.q1, s.median, s.q3]).toEqual([1.1, 1.18, 1.25])
    expect(s.low).toBeLessThanOrEqual(1.2)
    expect(s.high).toBeGreaterThan(1.2)
    expect(ratioGoal({ subject: torn, baseline: torn.map(() => 1), max: 1.2 }).text).toMatch(/ met \(unstable: the median's 95% interval .* spans the limit\)$/)
  })

  it('adds rounds until the verdict is stable, up to maxRuns, still interleaving', async () => {
    let calls = 0
    const order: string[] = []
    // The subject's first rounds straddle the limit, then settle at 1.1x.
    const subject = () => {
      order.push('s')
      return [1.3, 1.0, 1.25][calls++] ?? 1.1
    }
    const baseline = () => {
      order.push('b')
      return 1
    }
    const samples = await interleave(
      { s: subject, b: baseline },
      { runs: 3, warmup: 0, maxRuns: 40, until: (x) => ratioStable(x.s!, x.b!, 1.2) },
    )
    expect(samples.s!.length).toBeGreaterThan(3)
    expect(samples.s!.length).toBeLessThan(40)
    expect(ratioStable(samples.s, samples.b, 1.2)).toBe(true)
    expect(order.slice(0, 4)).toEqual(['s', 'b', 'b', 's'])
    // Never stable: stops at maxRuns.
    const torn = await interleave({ s: () => (order.length % 4 < 2 ? 1.4 : 1.0), b: () => 1 }, { runs: 2, warmup: 0, maxRuns: 6, until: () => false })
    expect(torn.s.length).toBe(6)
  })

  it('prints a bound over several runs with its median, and a single deterministic figure as is', () => {
    expect(boundGoal({ samples: [3.2, 3.0, 3.1], max: 2, unit: 'KB' }).text).toBe('goal: <=2 KB  median 3.10 KB (n=3, IQR 3.00-3.20 KB)  missed')
    expect(boundGoal({ samples: [7.44], max: 8, unit: 'KB', digits: 1 }).text).toBe('goal: <=8 KB  7.4 KB  met')
  })

  it('takes the middle of an odd count, the mean of the two middles of an even one, and a nearest-rank percentile', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10)
    expect(() => median([])).toThrow(/no samples/)
  })

  it('interleaves the subjects, rotating who goes first, and drops the warm-up runs', async () => {
    const order: string[] = []
    let tick = 0
    const subject = (name: string) => () => {
      order.push(name)
      return tick++
    }
    const samples = await interleave({ a: subject('a'), b: subject('b'), c: subject('c') }, { runs: 2, warmup: 1 })
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b'])
    expect(samples).toEqual({ a: [5, 7], b: [3, 8], c: [4, 6] })
  })

  it('refuses a run that returns no number, instead of judging a goal on it', async () => {
    await expect(interleave({ a: () => Number.NaN }, { runs: 1 })).rejects.toThrow(/subject "a" returned NaN/)
  })
})
