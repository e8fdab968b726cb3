/**
 * Each benchmark owns one section of BENCHMARKS.md, between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`. Under `pnpm bench` (which sets `BENCH_SECTIONS` to the run's directory)
 * the section goes there, and the run writes BENCHMARKS.md as a whole once every benchmark ran
 * (bench-report.ts); a benchmark run alone prints its section and says that it left the file as it is.
 * Goals, size checks and raised limits are printed as they are judged and, under `pnpm bench`,
 * added to the run's summary (`BENCH_SUMMARY`, one `kind<TAB>verdict<TAB>line` per row).
 * `BENCH_QUICK=1` asks every benchmark for short iteration counts ({@link benchRuns}), for
 * checking a benchmark while developing it; a full run with it says so in its header.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type BundleSize, kb } from './bench-bundle'
import type { GoalVerdict } from './bench-goal'

/** Whether this run asked for short iteration counts (`BENCH_QUICK=1`). */
export const BENCH_QUICK = process.env.BENCH_QUICK === '1'

/** `full` runs, or under `BENCH_QUICK=1` `quick` runs (default: at most 3). */
export function benchRuns(full: number, quick = Math.min(full, 3)): number {
  return BENCH_QUICK ? quick : full
}

/**
 * Leaves the section `name` in the run's directory (`BENCH_SECTIONS`), or, for a benchmark run
 * alone, only prints it; returns where it went (undefined: printed only).
 */
export function writeBenchSection(name: string, lines: readonly string[], dir = process.env.BENCH_SECTIONS): string | undefined {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`writeBenchSection(): "${name}" is not a section name (lowercase letters, digits, dashes)`)
  const section = [`<!-- bench:${name} -->`, ...lines, `<!-- /bench:${name} -->`].join('\n')
  console.log(section)
  if (!dir) {
    console.log(`(section "${name}" printed only: BENCHMARKS.md is not rewritten by a benchmark run alone; \`pnpm bench\` writes it as a whole)`)
    return undefined
  }
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${name}.md`)
  writeFileSync(file, `${section}\n`)
  return file
}

function summarize(kind: 'goal' | 'size' | 'limit', verdict: 'met' | 'missed' | 'note', line: string): void {
  console.log(line)
  const file = process.env.BENCH_SUMMARY
  if (file) appendFileSync(file, `${kind}\t${verdict}\t${line}\n`)
}

/** Prints a goal with what it judges, adds it to the run's summary, and returns its text for the section. */
export function recordGoal(label: string, goal: GoalVerdict): string {
  summarize('goal', goal.met ? 'met' : 'missed', `${goal.text}  (${label})`)
  return goal.text
}

/**
 * Prints a size row and returns its table cell. An invalid row (empty, under its floor, a forbidden
 * input) reads `missed` with the reason, and the benchmark exits non-zero once it has written its section.
 */
export function recordSize(size: BundleSize): string {
  if (size.problem) {
    process.exitCode = 1
    summarize('size', 'missed', `size: ${size.row.label}: missed, ${size.problem}`)
    return `**missed**: ${size.problem}`
  }
  summarize('size', 'met', `size: ${size.row.label}: ${kb(size.gzipped)} (floor ${kb(size.row.floorBytes)})  ok`)
  return kb(size.gzipped)
}

/** A limit a benchmark sets above its default, so that the figures are read with it in mind. */
export interface RaisedLimit {
  /** Option path as a user writes it, e.g. `maxPendingTotal` or `rateLimit.capacity`. */
  option: string
  value: number
  /** The documented default. */
  defaultValue: number
  /** Why the bench needs it raised. */
  why: string
}

/** Prints the limits the benchmark raised and returns the sentence its section states them in. */
export function recordRaisedLimits(limits: readonly RaisedLimit[]): string {
  const n = (v: number) => v.toLocaleString('en-US')
  const parts = limits.map((l) => `\`${l.option}\` ${n(l.value)} (default ${n(l.defaultValue)}: ${l.why})`)
  const line = `Limits raised for this benchmark: ${parts.join('; ')}.`
  summarize('limit', 'note', `limit: ${limits.map((l) => `${l.option} ${n(l.value)} (default ${n(l.defaultValue)})`).join(', ')}`)
  return line
}
