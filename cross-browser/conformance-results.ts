/** One engine's results file, as the recorder writes it and the matrix reads it (no Vitest here). */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EngineName } from './engines/engine-session'
import type { GuaranteeId, Mode } from './guarantees'

/** Where the engines' results go. */
export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.test-results', 'cross-browser')

/** One engine's run, as written to its results file. */
export interface EngineResults {
  runId: string
  engine: EngineName
  version?: string
  userAgent?: string
  /** Why the engine did not start, when it did not. */
  unavailable?: string
  date: string
  registered: number
  cells: Record<string, { tests: { name: string; state: 'passed' | 'failed'; error?: string }[]; notes: string[]; gaps: string[] }>
}

/** The key of a cell in {@link EngineResults.cells}. */
export const cellKey = (guarantee: GuaranteeId, mode: Mode) => `${guarantee}|${mode}`
