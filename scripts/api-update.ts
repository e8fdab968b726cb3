/**
 * Rewrites the public API reports in api/ from the current build (`pnpm api:update` builds first),
 * and removes reports of entry points that no longer exist.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { API_DIR, renderApiReports } from './packaging/api-report'

const reports = renderApiReports()
mkdirSync(API_DIR, { recursive: true })
const changed: string[] = []
for (const [file, text] of reports) {
  const target = path.join(API_DIR, file)
  let before: string | undefined
  try {
    before = readFileSync(target, 'utf8')
  } catch {}
  if (before !== text) {
    writeFileSync(target, text)
    changed.push(before === undefined ? `${file} (new)` : file)
  }
}
for (const file of readdirSync(API_DIR)) {
  if (file.endsWith('.api.md') && !reports.has(file)) {
    rmSync(path.join(API_DIR, file))
    changed.push(`${file} (removed: no such entry point)`)
  }
}
console.log(changed.length ? `api/: updated ${changed.join(', ')}` : 'api/: every report is up to date')
