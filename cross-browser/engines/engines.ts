/**
 * The engines the cross-browser suite runs, in the matrix's column order. Chromium is measured by the
 * browser project's suites (packages/react/test/apps/*.browser.test.tsx), which hold the same cases.
 */
import type { EngineName } from './engine-session'

/** Every engine of the matrix; each has its own test file (`cross-browser/<engine>.test.ts`). */
export const ENGINES: readonly EngineName[] = ['firefox', 'webkit']
