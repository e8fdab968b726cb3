/**
 * docs/theming.md lists exactly the variables the default stylesheet reads or declares: a new
 * variable that is not documented, or a documented one the stylesheet dropped, fails here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { THEME_VARIABLES } from '../../src/shared/theme-variables'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const css = read('../../src/styles.css').replace(/\/\*[\s\S]*?\*\//g, '')
const doc = read('../../../../docs/theming.md')

/** The `--mcp-hitl-*` names of the doc's variable table; `a` … `b` spans a numbered range. */
function documented(): Set<string> {
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

const used = new Set([...css.matchAll(/--mcp-hitl-[a-z0-9-]+/g)].map((match) => match[0]))

describe('docs/theming.md and styles.css name the same variables', () => {
  it('finds both lists', () => {
    expect(used.size).toBeGreaterThan(30)
    expect(documented().size).toBeGreaterThan(30)
  })

  it('documents every variable the stylesheet uses', () => {
    const names = documented()
    expect([...used].filter((name) => !names.has(name)).sort()).toEqual([])
  })

  it('the list a portalled dialog copies from the chat is the stylesheet’s', () => {
    expect([...THEME_VARIABLES].sort()).toEqual([...used].sort())
  })

  it('uses every variable the doc lists', () => {
    expect([...documented()].filter((name) => !used.has(name)).sort()).toEqual([])
  })
})
