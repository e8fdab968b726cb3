import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script with no type declarations
import { summarizeTests } from './summarize-tests.mjs'

const file = (status: string, tests: string[], message = '') => ({
  name: `${process.cwd()}/x.test.ts`,
  status,
  message,
  assertionResults: tests.map((test) => ({ status: test })),
})
const report = (files: ReturnType<typeof file>[]) => ({
  numPassedTests: files.flatMap((f) => f.assertionResults).filter((t) => t.status === 'passed').length,
  numFailedTests: files.flatMap((f) => f.assertionResults).filter((t) => t.status === 'failed').length,
  numPendingTests: files.flatMap((f) => f.assertionResults).filter((t) => t.status === 'skipped').length,
  numTodoTests: 0,
  testResults: files,
})

describe('summarizeTests', () => {
  it('sums the steps and the tests', () => {
    const result = summarizeTests('lint\tpassed\nvitest\tpassed\n', report([file('passed', ['passed', 'passed'])]))
    expect(result).toMatchObject({ passed: 3, failed: 0, skipped: 0 })
  })

  it('counts a file whose beforeAll threw (its tests skipped) as a failure', () => {
    const files = [file('failed', ['skipped', 'skipped', 'skipped'], 'Error: build failed\n  at ...')]
    const result = summarizeTests('vitest\tfailed\n', report(files))
    expect(result.failed).toBe(1)
    expect(result.skipped).toBe(3)
    expect(result.failures[0]).toContain('Error: build failed')
  })

  it('counts a file that failed to load as a failure', () => {
    expect(summarizeTests('vitest\tfailed\n', report([file('failed', [], 'SyntaxError')])).failed).toBe(1)
  })

  it('does not count a failed file twice when its failing tests are counted', () => {
    expect(summarizeTests('vitest\tfailed\n', report([file('failed', ['failed', 'passed'])])).failed).toBe(1)
  })

  it('counts a failed Vitest exit that its report does not explain', () => {
    const result = summarizeTests('vitest\tfailed\n', report([file('passed', ['passed'])]))
    expect(result.failed).toBe(1)
  })

  it('counts a missing report and a failed step', () => {
    const result = summarizeTests('build\tfailed\nvitest\tfailed\n', undefined)
    expect(result).toMatchObject({ passed: 0, failed: 2 })
  })
})
