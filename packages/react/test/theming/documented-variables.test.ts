/**
 * docs/theming.md lists exactly the variables the default stylesheet reads or declares: a new
 * variable that is not documented, or a documented one the stylesheet dropped, fails here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { THEME_VARIABLES } from '../../src/shared/theme-variables'
import { documentedVariables as documented } from './theming-doc'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const css = read('../../src/styles.css').replace(/\/\*[\s\S]*?\*\//g, '')
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
