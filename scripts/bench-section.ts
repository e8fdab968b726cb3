/**
 * Each benchmark owns one section of BENCHMARKS.md, between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`, and rewrites only that section, so the benchmarks run in any order.
 * Goals, size checks and raised limits are printed as they are judged and, under `pnpm bench`,
 * added to the run's summary (`BENCH_SUMMARY`, one `kind<TAB>verdict<TAB>line` per row).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BundleSize, kb } from './bench-bundle'
import type { GoalVerdict } from './bench-goal'

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../BENCHMARKS.md')
const HEADER =
  '# Benchmarks\n\nWritten by `pnpm bench`; every goal is a ratio or a bound measured in the same run, ' +
  'from medians over interleaved runs.\n'

/** Replaces (or appends) the section `name` of BENCHMARKS.md with `lines`, and prints it. */
export function writeBenchSection(name: string, lines: readonly string[]): void {
  const open = `<!-- bench:${name} -->`
  const close = `<!-- /bench:${name} -->`
  const section = [open, ...lines, close].join('\n')
  const doc = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER
  const start = doc.indexOf(open)
  const end = start >= 0 ? doc.indexOf(close, start) : -1
  const next = end > start ? doc.slice(0, start) + section + doc.slice(end + close.length) : `${doc.trimEnd()}\n\n${section}\n`
  writeFileSync(FILE, next)
  console.log(section)
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
