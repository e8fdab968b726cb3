/** What docs/theming.md promises, read from the doc itself, for the tests that hold the kit to it. */
import { readFileSync } from 'node:fs'
import path from 'node:path'

// A path, not a URL: the happy-dom environment replaces the global URL with its own.
const doc = readFileSync(path.resolve(__dirname, '../../../../docs/theming.md'), 'utf8')

/** The `--mcp-hitl-*` names of the doc's variable table; `a` … `b` spans a numbered range. */
export function documentedVariables(): Set<string> {
  const start = doc.indexOf('## CSS variables')
  const table = doc.slice(start, doc.indexOf('\n## ', start + 1))
  const names = new Set<string>()
  for (const row of table.split('\n').filter((line) => line.startsWith('| `--'))) {
    const cell = row.split('|')[1] ?? ''
    const range = /`(--mcp-hitl-[a-z-]+)(\d+)` … `--mcp-hitl-[a-z-]+?(\d+)`/.exec(cell)
    if (range) for (let n = Number(range[2]); n <= Number(range[3]); n++) names.add(`${range[1]}${n}`)
    for (const match of cell.matchAll(/`(--mcp-hitl-[a-z0-9-]+)`/g)) names.add(match[1]!)
  }
  return names
}

/** The doc's text from a `## ` heading to the next one. */
export function docSection(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`docs/theming.md has no "## ${heading}" section`)
  const end = doc.indexOf('\n## ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}
