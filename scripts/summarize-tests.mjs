// Sums Vitest's JSON report and the non-runner steps into one closing `N passed, N failed` line.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Counts the run. `steps` are `name<TAB>passed|failed` lines; `report` is Vitest's JSON report, or
 * undefined when Vitest wrote none. Every way a run can fail counts as at least one failure: a step, a
 * test, a file that failed outside its tests (a throwing `beforeAll` fails the file and marks its tests
 * skipped), and a Vitest exit that failed with nothing else counted.
 */
export function summarizeTests(steps, report) {
  let passed = 0
  let failed = 0
  let skipped = 0
  const failures = []
  let vitestFailed = false
  for (const line of steps.trim().split('\n').filter(Boolean)) {
    const [name, status] = line.split('\t')
    if (name === 'vitest') {
      vitestFailed = status === 'failed'
      continue // its tests are counted one by one below
    }
    if (status === 'passed') passed++
    else {
      failed++
      failures.push(name)
    }
  }
  if (report === undefined) {
    failed++
    failures.push('vitest produced no report')
  } else {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
    for (const file of report.testResults) {
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed').length
      if (file.status === 'failed' && failedTests === 0) {
        failed++
        failures.push(`${path.relative(process.cwd(), file.name)}: ${file.message?.split('\n')[0] || 'failed outside its tests'}`)
      }
    }
    if (vitestFailed && failed === 0) {
      failed++
      failures.push('vitest exited with a failure that its report does not name (see above)')
    }
  }
  return { passed, failed, skipped, failures }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '.test-results'
  const steps = readFileSync(path.join(dir, 'steps.tsv'), 'utf8')
  const reportPath = path.join(dir, 'vitest.json')
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : undefined
  const { passed, failed, skipped, failures } = summarizeTests(steps, report)
  if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
  process.exit(failed > 0 || passed === 0 ? 1 : 0)
}
