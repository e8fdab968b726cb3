/**
 * How every benchmark judges its goals: the subjects run interleaved (the order rotates each run, so
 * a load spike or a warm cache favours none), each goal is computed from medians, never from the
 * fastest of N, and prints one line: `goal: <=1.2x  median 1.17x (n=15)  met`. A ratio is the
 * median of the per-round ratios (subject and baseline of the same round ran side by side, under
 * the same machine load, so a load that drifts between rounds cancels out).
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
  for (let round = 0; round < warmup + options.runs; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!
      const value = await subjects[name]()
      if (!Number.isFinite(value)) throw new Error(`interleave(): subject "${name}" returned ${value}, not a number`)
      if (round >= warmup) samples[name].push(value)
    }
  }
  return samples
}

/** A goal's outcome; `text` is the line printed and written to BENCHMARKS.md. */
export interface GoalVerdict {
  met: boolean
  /** The measured figure the goal compares (a ratio, or a value in the goal's unit). */
  value: number
  text: string
}

const formatNumber = (value: number, digits: number) => value.toFixed(digits)

function verdict(limit: string, measured: string, n: number, met: boolean, value: number): GoalVerdict {
  const figure = n > 1 ? `median ${measured} (n=${n})` : measured
  return { met, value, text: `goal: ${limit}  ${figure}  ${met ? 'met' : 'missed'}` }
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
  return median(subject.map((s, i) => s / baseline[i]!))
}

/** A ratio goal: {@link medianRatio} of the subject over the baseline, at most `max`. */
export function ratioGoal(options: RatioGoalOptions): GoalVerdict {
  const { subject, baseline } = options
  const ratio = medianRatio(subject, baseline)
  const digits = options.digits ?? 2
  const n = Math.min(subject.length, baseline.length)
  return verdict(`<=${options.max}x`, `${formatNumber(ratio, digits)}x`, n, ratio <= options.max, ratio)
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
  const measured = `${formatNumber(value, options.digits ?? 2)} ${options.unit}`
  return verdict(`<=${options.max} ${options.unit}`, measured, options.samples.length, value <= options.max, value)
}
