import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readSections, renderBenchmarks } from './bench-report'
import { writeBenchSection } from './bench-section'

const BENCHMARKS = path.resolve(import.meta.dirname, '../BENCHMARKS.md')
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-report-test-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const report = (overrides: Partial<Parameters<typeof renderBenchmarks>[0]> = {}) => ({
  date: '2026-12-02 07:30 UTC',
  loadStart: [9.4, 12.1, 15.9],
  loadEnd: [16.2, 13, 11],
  cores: 2,
  node: 'v20.20.2',
  quick: false,
  summary: [
    'goal\tmet\tgoal: <=1.5x  median 1.32x (n=10)  met  (respond over loopback)',
    'limit\tnote\tlimit: maxPendingTotal 50,000 (default 10,000)',
    'goal\tmissed\tgoal: <=2 KB  median 6.07 KB (n=5)  missed  (memory per pending, v1 adapter)',
    'size\tmissed\tsize: up front: missed, under its floor',
  ],
  sections: {
    'ag-ui-proxy': '<!-- bench:ag-ui-proxy -->\n## Proxy\n<!-- /bench:ag-ui-proxy -->\n',
    broker: '<!-- bench:broker -->\n## Broker\n<!-- /bench:broker -->\n',
    'a-new-bench': '<!-- bench:a-new-bench -->\n## New\n<!-- /bench:a-new-bench -->\n',
  },
  ...overrides,
})

describe('BENCHMARKS.md from one run', () => {
  it('heads the file with the run date, the load at its start and end, and every goal verdict', () => {
    const text = renderBenchmarks(report())
    expect(text).toContain('Run 2026-12-02 07:30 UTC, Node v20.20.2, 2 cores; load average (1 / 5 / 15 min) 9.4 / 12.1 / 15.9 at the start, 16.2 / 13.0 / 11.0 at the end.')
    expect(text).toContain('**Goals: 1 of 2 met**; 1 size rows invalid.')
    expect(text).toContain('- goal: <=1.5x  median 1.32x (n=10)  met  (respond over loopback)')
    expect(text).toContain('- goal: <=2 KB  median 6.07 KB (n=5)  missed  (memory per pending, v1 adapter)')
    expect(text).toContain('- size: up front: missed, under its floor')
    expect(text).not.toContain('limit: maxPendingTotal')
    expect(text).not.toContain('Quick run')
    expect(text).toContain('**Run on a loaded machine** (1-minute load above its 2 cores)')
  })

  it('says nothing of load when the machine stayed under its core count', () => {
    expect(renderBenchmarks(report({ loadStart: [0.8, 1, 1], loadEnd: [1.9, 1, 1] }))).not.toContain('loaded machine')
  })

  it('puts the sections in the fixed order, a new one after the known ones', () => {
    const text = renderBenchmarks(report())
    const at = (name: string) => text.indexOf(`<!-- bench:${name} -->`)
    expect(at('broker')).toBeGreaterThan(0)
    expect(at('broker')).toBeLessThan(at('ag-ui-proxy'))
    expect(at('ag-ui-proxy')).toBeLessThan(at('a-new-bench'))
  })

  it('says so in the header when the run used short iteration counts', () => {
    expect(renderBenchmarks(report({ quick: true }))).toContain('**Quick run (`BENCH_QUICK=1`)**')
  })

  it('refuses a run that wrote no section', () => {
    expect(() => renderBenchmarks(report({ sections: {} }))).toThrow(/no section/)
  })

  it('a benchmark under the run leaves its section in the run directory, and the report reads it back', () => {
    const dir = tempDir()
    const file = writeBenchSection('list-pending', ['## List route', 'row'], dir)
    expect(file).toBe(path.join(dir, 'list-pending.md'))
    expect(readSections(dir)).toEqual({ 'list-pending': '<!-- bench:list-pending -->\n## List route\nrow\n<!-- /bench:list-pending -->\n' })
  })

  it('a benchmark run alone prints its section and leaves BENCHMARKS.md as it is', () => {
    const before = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : undefined
    expect(writeBenchSection('list-pending', ['## List route', 'a figure measured alone'], '')).toBeUndefined()
    expect(existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : undefined).toBe(before)
  })

  it('refuses a section name that is not a file name', () => {
    expect(() => writeBenchSection('../x', [], tempDir())).toThrow(/not a section name/)
  })
})
