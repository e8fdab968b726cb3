/** The engines the cross-browser suite runs, in the matrix's column order. */
import type { EngineName } from './engine-session'

/** Every engine of the matrix; each has its own test file (`cross-browser/<engine>.test.ts`). */
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit']
