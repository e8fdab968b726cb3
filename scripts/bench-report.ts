/**
 * BENCHMARKS.md is written by one full `pnpm bench` run, never stitched from runs on different days
 * or machine loads: during the run each benchmark leaves its section in the run's directory
 * (`BENCH_SECTIONS`, see bench-section.ts); once every benchmark ran, this script writes the whole
 * file at once, headed by the run's date, the machine load at its start and end, and every goal's
 * verdict. A benchmark run alone prints its section and leaves the file as it is.
 * Run by scripts/bench.sh: `tsx scripts/bench-report.ts <sections dir> <summary.tsv> <load at start>`.
 */
import { cpus, loadavg } from 'node:os'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The order of the sections in BENCHMARKS.md; a section not listed follows, by name. */
export const SECTION_ORDER = [
  'broker',
  'react-elicitation',
  'mcp-app-frame',
  'mcp-app-partial-input',
  'mcp-app-many-frames',
  'redis',
  'list-pending',
  'ag-ui-proxy',
] as const

/** What the run measured and under which conditions. */
export interface BenchReport {
  /** ISO date of the run. */
  date: string
  /** 1, 5 and 15-minute load averages at the start and at the end of the run. */
  loadStart: readonly number[]
  loadEnd: readonly number[]
  cores: number
  node: string
  /** A run with short iteration counts (`BENCH_QUICK=1`): its figures are not for the record. */
  quick: boolean
  /** Every summary row of the run (`kind<TAB>verdict<TAB>line`), in the order judged. */
  summary: readonly string[]
  /** Each section's text by name (from its `<!-- bench:NAME -->` to its closing marker). */
  sections: Readonly<Record<string, string>>
}

const loads = (values: readonly number[]) => values.map((v) => v.toFixed(1)).join(' / ')

/** The whole of BENCHMARKS.md for one run. */
export function renderBenchmarks(report: BenchReport): string {
  const names = Object.keys(report.sections)
  if (names.length === 0) throw new Error('renderBenchmarks(): the run wrote no section')
  const ordered = [
    ...SECTION_ORDER.filter((name) => name in report.sections),
    ...names.filter((name) => !(SECTION_ORDER as readonly string[]).includes(name)).sort(),
  ]
  const rows = report.summary.map((row) => row.split('\t'))
  const goals = rows.filter(([kind]) => kind === 'goal')
  const met = goals.filter(([, verdict]) => verdict === 'met').length
  const invalid = rows.filter(([kind, verdict]) => kind === 'size' && verdict === 'missed')
  const verdicts = [...goals, ...invalid].map(([, , line]) => `- ${line}`)
  return [
    '# Benchmarks',
    '',
    'Written as a whole by one `pnpm bench` run (every section below comes from that run); a benchmark run alone prints its section and leaves this file as it is. Every goal is a ratio or a bound measured in the same run, from medians over interleaved runs. `BENCH_QUICK=1` gives every benchmark short iteration counts (for checking a benchmark while developing it); a run with it says so here.',
    '',
    `Run ${report.date}, Node ${report.node}, ${report.cores} cores; load average (1 / 5 / 15 min) ${loads(report.loadStart)} at the start, ${loads(report.loadEnd)} at the end.`,
    ...(Math.max(report.loadStart[0] ?? 0, report.loadEnd[0] ?? 0) > report.cores
      ? [
          '',
          `**Run on a loaded machine** (1-minute load above its ${report.cores} cores): absolute times are inflated; the ratios, from interleaved runs, are what to read, and a verdict marked unstable could flip on a quieter run.`,
        ]
      : []),
    ...(report.quick
      ? ['', '**Quick run (`BENCH_QUICK=1`)**: short iteration counts, for checking the benchmarks themselves; the figures and verdicts are not for the record.']
      : []),
    '',
    `**Goals: ${met} of ${goals.length} met**${invalid.length > 0 ? `; ${invalid.length} size rows invalid` : ''}.`,
    '',
    ...verdicts,
    '',
    ...ordered.flatMap((name) => [report.sections[name]!.trim(), '']),
  ].join('\n')
}

/** Reads the sections a run left in `dir` (one `<name>.md` each). */
export function readSections(dir: string): Record<string, string> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.md'))
  return Object.fromEntries(files.map((file) => [file.slice(0, -3), readFileSync(path.join(dir, file), 'utf8')]))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, summaryFile, loadStartText] = process.argv.slice(2)
  if (!dir || !summaryFile || !loadStartText) throw new Error('usage: bench-report.ts <sections dir> <summary.tsv> "<1 5 15 min load at start>"')
  const loadStart = loadStartText.trim().split(/\s+/).map(Number)
  if (loadStart.length !== 3 || loadStart.some((v) => !Number.isFinite(v))) throw new Error(`bench-report.ts: "${loadStartText}" is not three load averages`)
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../BENCHMARKS.md')
  const text = renderBenchmarks({
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    loadStart,
    loadEnd: loadavg(),
    cores: cpus().length,
    node: process.version,
    quick: process.env.BENCH_QUICK === '1',
    summary: readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean),
    sections: readSections(dir),
  })
  writeFileSync(file, text)
  console.log(`BENCHMARKS.md written from ${Object.keys(readSections(dir)).length} sections`)
}
