/**
 * Pulls the code blocks out of the README and the guides, for the documentation checks:
 *
 * - a guide that walks through an example says so with `<!-- example: examples/<name> -->`; each of
 *   its code blocks must then be a verbatim excerpt of that example (the file named by a first line
 *   `// <path>`, or any of its files), and its install lines must name the example's dependencies;
 * - in every other document, each `ts` / `tsx` block is a whole file a reader can paste, type-checked
 *   as a module against the real packages (`ts skip-check` opts a block out; none does today).
 */
import { readFileSync } from 'node:fs'

/** One fenced code block. */
export interface CodeBlock {
  /** Markdown file it comes from, relative to the repository root. */
  doc: string
  /** 1-based line of the block's first code line in the markdown file. */
  line: number
  /** The fence's language (`typescript` reads as `ts`). */
  lang: string
  /** What follows the language on the fence line. */
  info: string
  code: string
}

/** A checkable `ts` / `tsx` block. */
export interface Snippet extends CodeBlock {
  lang: 'ts' | 'tsx'
}

const FENCE = /^```(\w+)([^\n]*)$/
const EXAMPLE_MARKER = /<!--\s*example:\s*(examples\/[\w-]+)\s*-->/

/** Every fenced block with a language. */
export function extractBlocks(root: string, doc: string): CodeBlock[] {
  const lines = readFileSync(`${root}/${doc}`, 'utf8').split('\n')
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !lines[end]!.startsWith('```')) end++
    const lang = open[1] === 'typescript' ? 'ts' : open[1]!
    blocks.push({ doc, line: start + 1, lang, info: open[2]!.trim(), code: lines.slice(start, end).join('\n') })
    i = end
  }
  return blocks
}

/** The checkable `ts` / `tsx` blocks of one markdown file. */
export function extractSnippets(root: string, doc: string): Snippet[] {
  return extractBlocks(root, doc).filter(
    (block): block is Snippet => (block.lang === 'ts' || block.lang === 'tsx') && !block.info.includes('skip-check'),
  )
}

/** The example a guide walks through (`examples/<name>`), if it declares one. */
export function exampleOf(root: string, doc: string): string | undefined {
  return EXAMPLE_MARKER.exec(readFileSync(`${root}/${doc}`, 'utf8'))?.[1]
}
