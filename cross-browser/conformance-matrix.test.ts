/** The matrix says what each engine's run measured, and nothing it did not. */
import { describe, expect, it } from 'vitest'
import { renderConformanceMatrix } from './conformance-matrix'
import { cellKey, type EngineResults } from './conformance-results'

const base = (engine: EngineResults['engine'], cells: EngineResults['cells'], extra: Partial<EngineResults> = {}): EngineResults => ({
  runId: 'r',
  engine,
  version: `${engine} 1.0`,
  userAgent: `UA ${engine}`,
  date: '2026-12-01',
  registered: 1,
  cells,
  ...extra,
})

const passed = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}`, state: 'passed' as const }))
const row = (doc: string, start: string) => doc.split('\n').find((line) => line.startsWith(start))

describe('renderConformanceMatrix', () => {
  it('marks a cell held only when every test behind it passed, failing with the count otherwise, and unmeasured without tests', () => {
    const doc = renderConformanceMatrix([
      base('firefox', { [cellKey('csp-first', 'srcdoc')]: { tests: passed(3), notes: [], gaps: [] } }),
      base('webkit', { [cellKey('csp-first', 'srcdoc')]: { tests: [...passed(2), { name: 'x', state: 'failed' }], notes: [], gaps: [] } }),
    ])
    expect(row(doc, "| The kit's CSP is in force before the app's first byte (every prefix case; 13 request channels; the app's script still runs) | srcdoc |")).toBe(
      "| The kit's CSP is in force before the app's first byte (every prefix case; 13 request channels; the app's script still runs) | srcdoc | holds (3 tests) | **fails** (1 of 3 tests) |",
    )
    expect(row(doc, "| The kit's CSP is in force before the app's first byte (every prefix case; 13 request channels; the app's script still runs) | proxy |")).toMatch(
      /\| not measured \| not measured \|$/,
    )
    expect(doc).toContain('Measured on 2026-12-01')
    expect(doc).toContain('| Firefox | firefox 1.0 | `UA firefox` |')
  })

  it('a measured gap does not hold, with its reason among the notes', () => {
    const doc = renderConformanceMatrix([
      base('firefox', {}),
      base('webkit', { [cellKey('bridge-teardown', 'proxy')]: { tests: passed(1), notes: [], gaps: ['no moveBefore'] } }),
    ])
    expect(row(doc, '| Host bridge: teardown reaches the app before the frame is removed | proxy |')).toMatch(/\| not measured \| \*\*does not hold\*\* \(measured by 1 test\) ¹ \|$/)
    expect(doc).toContain('- WebKit, bridge-teardown, proxy: no moveBefore')
  })

  it('an engine that did not start marks no cell, and says why', () => {
    const doc = renderConformanceMatrix([base('firefox', {}, { unavailable: 'firefox-esr was not found', version: undefined }), base('webkit', {})])
    expect(doc).toContain('| Firefox | — | did not start: firefox-esr was not found |')
    expect(row(doc, '| Host bridge: teardown reaches the app before the frame is removed | srcdoc |')).toMatch(/\| not run \(engine did not start\) \| not measured \|$/)
  })
})
