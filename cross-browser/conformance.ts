/**
 * Records, per engine, which test measured which cell of the matrix (guarantee x mode) and how it
 * went, into `.test-results/cross-browser/<engine>.json`; `writeConformanceMatrix` turns those files
 * into the doc. A cell is never marked without a test that ran behind it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, it } from 'vitest'
import { cellKey, type EngineResults, RESULTS_DIR } from './conformance-results'
import type { EngineName } from './engines/engine-session'
import type { GuaranteeId, Mode } from './guarantees'

/** The recorder one engine's test file uses: `test` registers a measured test, `note` explains a cell. */
export function conformance(engine: EngineName, runId: string) {
  const results: EngineResults = { runId, engine, date: new Date().toISOString().slice(0, 10), registered: 0, cells: {} }
  const cell = (guarantee: GuaranteeId, mode: Mode) => {
    const key = cellKey(guarantee, mode)
    results.cells[key] ??= { tests: [], notes: [], gaps: [] }
    return results.cells[key]
  }
  afterAll(() => {
    mkdirSync(RESULTS_DIR, { recursive: true })
    writeFileSync(path.join(RESULTS_DIR, `${engine}.json`), `${JSON.stringify(results, null, 2)}\n`)
  })
  return {
    results,
    /** An `it` whose outcome is recorded under `guarantee` x `mode`. */
    test(guarantee: GuaranteeId, mode: Mode, name: string, fn: () => Promise<void>, timeout?: number) {
      results.registered++
      it(`${name} [${mode}]`, { timeout }, async () => {
        try {
          await fn()
          cell(guarantee, mode).tests.push({ name, state: 'passed' })
        } catch (error) {
          cell(guarantee, mode).tests.push({ name, state: 'failed', error: String(error instanceof Error ? error.message : error).slice(0, 300) })
          throw error
        }
      })
    },
    /** A measurement inside a test that belongs to another cell (axe on a state of a flow); rethrows its failure. */
    async part(guarantee: GuaranteeId, mode: Mode, name: string, fn: () => Promise<void>) {
      try {
        await fn()
        cell(guarantee, mode).tests.push({ name, state: 'passed' })
      } catch (error) {
        cell(guarantee, mode).tests.push({ name, state: 'failed', error: String(error instanceof Error ? error.message : error).slice(0, 300) })
        throw error
      }
    },
    /**
     * The guarantee does not hold in this engine, and the test measured exactly how (it passes while
     * the engine behaves so, and fails once that changes): the cell says "does not hold", with why.
     */
    gap(guarantee: GuaranteeId, mode: Mode, text: string) {
      const gaps = cell(guarantee, mode).gaps
      if (!gaps.includes(text)) gaps.push(text)
    },
    /** A measured fact about a cell that its pass or fail alone does not say (once per text). */
    note(guarantee: GuaranteeId, mode: Mode, text: string) {
      const notes = cell(guarantee, mode).notes
      if (!notes.includes(text)) notes.push(text)
    },
  }
}
