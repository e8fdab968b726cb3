// Sums Vitest's JSON report and the non-runner steps into one closing `N passed, N failed` line.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2] ?? '.test-results'
let passed = 0
let failed = 0
let skipped = 0
const failures = []

const steps = readFileSync(path.join(dir, 'steps.tsv'), 'utf8').trim().split('\n').filter(Boolean)
for (const line of steps) {
  const [name, status] = line.split('\t')
  if (name === 'vitest') {
    if (status === 'failed') failures.push('vitest (see above)')
    continue // its tests are counted one by one below
  }
  if (status === 'passed') passed++
  else {
    failed++
    failures.push(name)
  }
}

const report = path.join(dir, 'vitest.json')
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  passed += json.numPassedTests
  failed += json.numFailedTests
  skipped += json.numPendingTests + json.numTodoTests
  // A file that failed to load has no tests in the count: count it as one failure.
  for (const file of json.testResults) {
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed++
      failures.push(`${path.relative(process.cwd(), file.name)}: ${file.message?.split('\n')[0] ?? 'failed to run'}`)
    }
  }
} else {
  failed++
  failures.push('vitest produced no report')
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
