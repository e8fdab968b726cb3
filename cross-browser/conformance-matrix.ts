/**
 * Writes docs/browser-conformance.md from the engines' results of one run: engine x guarantee x
 * mode, with the engine versions and the date. Written only when every engine reported for this run
 * and ran every test it registered, so a partial run (one file, a `-t` filter) never overwrites it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cellKey, type EngineResults, RESULTS_DIR } from './conformance-results'
import { ENGINES } from './engines/engines'
import { GUARANTEES } from './guarantees'

const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'browser-conformance.md')
const NAMES = { firefox: 'Firefox', webkit: 'WebKit' } as const

function cellText(results: EngineResults, key: string): string {
  if (results.unavailable) return 'not run (engine did not start)'
  const cell = results.cells[key]
  if (!cell || cell.tests.length === 0) return 'not measured'
  const failed = cell.tests.filter((t) => t.state === 'failed').length
  const tests = `${cell.tests.length} ${cell.tests.length === 1 ? 'test' : 'tests'}`
  const verdict = failed ? `**fails** (${failed} of ${tests})` : cell.gaps.length ? `**does not hold** (measured by ${tests})` : `holds (${tests})`
  return cell.notes.length || cell.gaps.length ? `${verdict} ¹` : verdict
}

/** The doc's text for `all` (one result per engine, same run). */
export function renderConformanceMatrix(all: EngineResults[]): string {
  const lines = [
    '# Browser conformance',
    '',
    '<!-- Written by the cross-browser suite (cross-browser/, part of `npm test`); do not edit by hand. -->',
    '',
    `Measured on ${all[0]?.date ?? 'unknown'} by this repository's cross-browser suite, every cell from that one run: the`,
    'test page bundles `McpAppFrame` and `ElicitationDialog` from the sources, the real ext-apps `App` runs',
    'in every frame, the sandbox proxy is `createSandboxProxyHandler` on its own 127.0.0.1 origin, and the',
    'collectors (HTTP and UDP) listen on other ports. "holds (n tests)" means every test of the cell passed',
    'in that engine; a cell without a test that ran says so. A cell says what this run measured: a failure',
    'that comes and goes shows only in the runs it happened in. See [SECURITY.md](../SECURITY.md#other-browsers)',
    'for what differs between the engines, what was seen across runs, and what the kit does about it.',
    '',
    '| engine | version | user agent |',
    '|---|---|---|',
    ...all.map((r) => `| ${NAMES[r.engine]} | ${r.version ?? '—'} | ${r.unavailable ? `did not start: ${r.unavailable}` : `\`${r.userAgent ?? '—'}\``} |`),
    '',
    `| guarantee | mode | ${all.map((r) => NAMES[r.engine]).join(' | ')} |`,
    `|---|---|${all.map(() => '---').join('|')}|`,
  ]
  for (const guarantee of GUARANTEES) {
    for (const mode of guarantee.modes) {
      const key = cellKey(guarantee.id, mode)
      lines.push(`| ${guarantee.title} | ${mode} | ${all.map((r) => cellText(r, key)).join(' | ')} |`)
    }
  }
  const notes = all.flatMap((r) =>
    GUARANTEES.flatMap((g) =>
      g.modes.flatMap((mode) => {
        const cell = r.cells[cellKey(g.id, mode)]
        return [...(cell?.gaps ?? []), ...(cell?.notes ?? [])].map((note) => `- ${NAMES[r.engine]}, ${g.id}, ${mode}: ${note}`)
      }),
    ),
  )
  if (notes.length) lines.push('', '¹ Measured along with the verdict:', '', ...notes)
  return `${lines.join('\n')}\n`
}

/** Writes the doc from this run's results, or says on stderr why it was left as it was. */
export function writeConformanceMatrix(runId: string): boolean {
  const all: EngineResults[] = []
  for (const engine of ENGINES) {
    const file = path.join(RESULTS_DIR, `${engine}.json`)
    const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as EngineResults) : undefined
    if (!results || results.runId !== runId) {
      console.warn(`cross-browser: ${path.relative(process.cwd(), DOC)} left as it was: ${engine} did not run in this run`)
      return false
    }
    const ran = Object.values(results.cells).reduce((sum, cell) => sum + cell.tests.length, 0)
    if (!results.unavailable && ran < results.registered) {
      console.warn(`cross-browser: ${path.relative(process.cwd(), DOC)} left as it was: ${engine} ran ${ran} of its ${results.registered} tests`)
      return false
    }
    all.push(results)
  }
  writeFileSync(DOC, renderConformanceMatrix(all))
  return true
}
