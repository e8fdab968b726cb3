/**
 * Pulls the TypeScript code blocks out of the README and the guides, so the test suite can
 * type-check each one as a module against the real packages. A snippet in the docs is a whole file
 * a reader can paste; one that should not be checked says so with `ts skip-check` (none does today).
 */
import { readFileSync } from 'node:fs'

/** One fenced code block. */
export interface Snippet {
  /** Markdown file it comes from, relative to the repository root. */
  doc: string
  /** 1-based line of the block's first code line in the markdown file. */
  line: number
  lang: 'ts' | 'tsx'
  code: string
}

const FENCE = /^```(\w+)([^\n]*)$/

/** The checkable `ts` / `tsx` blocks of one markdown file. */
export function extractSnippets(root: string, doc: string): Snippet[] {
  const lines = readFileSync(`${root}/${doc}`, 'utf8').split('\n')
  const snippets: Snippet[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !lines[end]!.startsWith('```')) end++
    const lang = open[1] === 'typescript' ? 'ts' : open[1]
    if ((lang === 'ts' || lang === 'tsx') && !open[2]!.includes('skip-check')) {
      snippets.push({ doc, line: start + 1, lang, code: lines.slice(start, end).join('\n') })
    }
    i = end
  }
  return snippets
}
