/**
 * How every benchmark judges its goals: the subjects run interleaved (the order rotates each run, so
 * a load spike or a warm cache favours none), each goal is computed from medians, never from the
 * fastest of N, and prints one line with the run count and the spread (interquartile range):
 * `goal: <=1.2x  median 1.17x (n=15, IQR 1.12-1.21x)  met`. A ratio is the median of the per-round
 * ratios (subject and baseline of the same round ran side by side, under the same machine load, so
 * a load that drifts between rounds cancels out). A verdict is stable when the limit lies outside
 * the 95% confidence interval of the median (order statistics); {@link interleave} can add rounds
 * until it is (`until`), and a verdict still unstable at the last round says so.
 *
 * Browser-safe (no Node built-ins): the Chromium benchmarks interleave inside the page with it.
 */

/** The middle value (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median() of no values: the benchmark collected no samples')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile() of no values: the benchmark collected no samples')
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Options of {@link interleave}. */
export interface InterleaveOptions {
  /** Measured runs per subject. */
  runs: number
  /** Unrecorded runs per subject first (JIT, caches). Default 1. */
  warmup?: number
  /**
   * After `runs` rounds, more rounds (one at a time) while this says the samples are not enough
   * (a verdict not yet stable), up to `maxRuns` rounds in all.
   */
  until?: (samples: Record<string, readonly number[]>) => boolean
  /** Most measured rounds with `until`. Default 3 x `runs`. */
  maxRuns?: number
}

/**
 * Runs every subject once per round, `runs` rounds, starting each round one subject further along,
 * and returns each subject's samples (whatever one run returns: a time, a rate, a p50).
 */
export async function interleave<K extends string>(
  subjects: Record<K, () => number | Promise<number>>,
  options: InterleaveOptions,
): Promise<Record<K, number[]>> {
  const names = Object.keys(subjects) as K[]
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>
  const warmup = options.warmup ?? 1
  const maxRuns = options.until ? (options.maxRuns ?? options.runs * 3) : options.runs
  for (let round = 0; round < warmup + maxRuns; round++) {
    if (round >= warmup + options.runs && options.until?.(samples)) break
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!
      const value = await subjects[name]()
      if (!Number.isFinite(value)) throw new Error(`interleave(): subject "${name}" returned ${value}, not a number`)
      if (round >= warmup) samples[name].push(value)
    }
  }
  return samples
}

/** The median of some samples, their interquartile range and the 95% confidence interval of the median. */
export interface Spread {
  median: number
  q1: number
  q3: number
  /** 95% confidence interval of the median, from order statistics (the whole range for few samples). */
  low: number
  high: number
}

/** {@link Spread} of `values`. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  // Ranks of the median's 95% interval: n/2 -+ 1.96 sqrt(n)/2 (normal approximation of the binomial).
  const k = Math.max(0, Math.floor((n - 1.96 * Math.sqrt(n)) / 2))
  return { median: median(sorted), q1: percentile(sorted, 25), q3: percentile(sorted, 75), low: sorted[k]!, high: sorted[n - 1 - k]! }
}

/** Whether the verdict "median <= max" holds whatever the median's 95% interval: the limit lies outside it. */
export function stableAgainst(s: Spread, max: number): boolean {
  return max < s.low || max >= s.high
}

/** A goal's outcome; `text` is the line printed and written to BENCHMARKS.md. */
export interface GoalVerdict {
  met: boolean
  /** The limit lies outside the median's 95% interval: more runs would not flip the verdict. */
  stable: boolean
  /** The measured figure the goal compares (a ratio, or a value in the goal's unit). */
  value: number
  text: string
}

const formatNumber = (value: number, digits: number) => value.toFixed(digits)

/** How a goal's figures print: the number, then its unit (`x`, ` KB`). */
interface Figures {
  s: Spread
  n: number
  max: number
  digits: number
  suffix: string
}

function verdict(limit: string, met: boolean, value: number, f: Figures): GoalVerdict {
  const fmt = (v: number) => formatNumber(v, f.digits)
  const measured = `${fmt(value)}${f.suffix}`
  if (f.n <= 1) return { met, stable: true, value, text: `goal: ${limit}  ${measured}  ${met ? 'met' : 'missed'}` }
  const stable = stableAgainst(f.s, f.max)
  const figure = `median ${measured} (n=${f.n}, IQR ${fmt(f.s.q1)}-${fmt(f.s.q3)}${f.suffix})`
  const unstable = stable ? '' : ` (unstable: the median's 95% interval ${fmt(f.s.low)}-${fmt(f.s.high)}${f.suffix} spans the limit)`
  return { met, stable, value, text: `goal: ${limit}  ${figure}  ${met ? 'met' : 'missed'}${unstable}` }
}

/** Options of {@link ratioGoal}. */
export interface RatioGoalOptions {
  /** Samples of what is judged, one per round of interleaved runs. */
  subject: readonly number[]
  /** Samples of the baseline, one per round of the same interleaved runs. */
  baseline: readonly number[]
  /** Met when the median per-round ratio is at most this. */
  max: number
  /** Decimals of the printed ratio. Default 2. */
  digits?: number
}

/**
 * The median of subject[i] / baseline[i] over the rounds of {@link interleave}; samples of
 * different lengths (not paired) compare their medians instead.
 */
export function medianRatio(subject: readonly number[], baseline: readonly number[]): number {
  if (subject.length !== baseline.length) return median(subject) / median(baseline)
  return median(ratios(subject, baseline))
}

/** The per-round ratios subject[i] / baseline[i]; unpaired samples: each subject sample over the baseline's median. */
export function ratios(subject: readonly number[], baseline: readonly number[]): number[] {
  if (subject.length !== baseline.length) {
    const base = median(baseline)
    return subject.map((s) => s / base)
  }
  return subject.map((s, i) => s / baseline[i]!)
}

/** Whether a ratio goal's verdict is stable (for {@link interleave}'s `until`). */
export function ratioStable(subject: readonly number[], baseline: readonly number[], max: number): boolean {
  return subject.length > 1 && baseline.length > 0 && stableAgainst(spread(ratios(subject, baseline)), max)
}

/** A ratio goal: {@link medianRatio} of the subject over the baseline, at most `max`. */
export function ratioGoal(options: RatioGoalOptions): GoalVerdict {
  const { subject, baseline } = options
  const ratio = medianRatio(subject, baseline)
  const digits = options.digits ?? 2
  const n = Math.min(subject.length, baseline.length)
  return verdict(`<=${options.max}x`, ratio <= options.max, ratio, { s: spread(ratios(subject, baseline)), n, max: options.max, digits, suffix: 'x' })
}

/** Options of {@link boundGoal}. */
export interface BoundGoalOptions {
  /** One sample per run (a single one for a deterministic figure such as a bundle size). */
  samples: readonly number[]
  /** Met when median(samples) <= max, both in `unit`. */
  max: number
  /** Printed after the figures: `KB`, `ms`. */
  unit: string
  /** Decimals of the printed figure. Default 2. */
  digits?: number
}

/** An upper bound: the median of the samples, at most `max`. */
export function boundGoal(options: BoundGoalOptions): GoalVerdict {
  const value = median(options.samples)
  const figures = { s: spread(options.samples), n: options.samples.length, max: options.max, digits: options.digits ?? 2, suffix: ` ${options.unit}` }
  return verdict(`<=${options.max} ${options.unit}`, value <= options.max, value, figures)
}
