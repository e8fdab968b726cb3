import { describe, expect, it } from 'vitest'
import { boundGoal, interleave, median, percentile, ratioGoal } from './bench-goal'

describe('benchmark goals', () => {
  it('judges a ratio from medians, so a goal met only by the fastest runs reads missed', () => {
    // The mount goal's case: the fastest kit run is within 1.2x of the fastest baseline, the typical one is not.
    const baseline = [5.7, 5.8, 5.9, 6.0, 6.1]
    const subject = [6.5, 7.3, 7.4, 7.5, 7.9]
    expect(Math.min(...subject) / Math.min(...baseline)).toBeLessThan(1.2)
    const goal = ratioGoal({ subject, baseline, max: 1.2 })
    expect(goal).toEqual({ met: false, value: 7.4 / 5.9, text: 'goal: <=1.2x  median 1.25x (n=5)  missed' })
  })

  it('takes the median of the per-round ratios, so a machine load that rises during the run does not hide a cost', () => {
    // The load grows round by round (the baseline slows down 1x..5x); the subject is 1.5x in 3 of 5 rounds.
    const baseline = [1, 2, 3, 4, 5]
    const subject = [1.5, 3, 3, 4, 7.5]
    expect(median(subject) / median(baseline)).toBe(1) // the ratio of the medians would call it met
    expect(ratioGoal({ subject, baseline, max: 1.2 }).text).toBe('goal: <=1.2x  median 1.50x (n=5)  missed')
  })

  it('prints a met ratio goal as one line with the limit, the median ratio and the run count', () => {
    const goal = ratioGoal({ subject: [1.17, 1.2, 1.1], baseline: [1, 1, 1], max: 1.2 })
    expect(goal.met).toBe(true)
    expect(goal.text).toBe('goal: <=1.2x  median 1.17x (n=3)  met')
  })

  it('prints a bound over several runs with its median, and a single deterministic figure as is', () => {
    expect(boundGoal({ samples: [3.2, 3.0, 3.1], max: 2, unit: 'KB' }).text).toBe('goal: <=2 KB  median 3.10 KB (n=3)  missed')
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
