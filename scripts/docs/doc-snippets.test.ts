/**
 * Every TypeScript snippet in the README and in docs/ type-checks against the real packages, except in
 * the guides that walk through an example: their snippets are excerpts of it (doc-examples.test.ts).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../packaging/pack-packages'
import { exampleOf, extractSnippets, type Snippet } from './extract-snippets'

const OUT = path.join(ROOT, 'docs/.snippets')
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)].filter(
  (doc) => !exampleOf(ROOT, doc),
)

const snippets = new Map<string, Snippet>()
const FILE_NAME = /^\/\/ ((?:[\w-]+\/)*[\w-]+\.tsx?)$/
const errorsByDoc = new Map<string, string[]>()

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  for (const doc of DOCS) {
    const docDir = doc.replace(/[/.]/g, '_')
    extractSnippets(ROOT, doc).forEach((snippet, index) => {
      // A snippet that starts with its file name (`// server/hitl.ts`) is that file of the doc's
      // project, so the doc's other snippets can import it (`from './hitl'`).
      const named = FILE_NAME.exec(snippet.code.split('\n', 1)[0] ?? '')?.[1]
      const file = named ? `${docDir}/${named}` : `${docDir}_${index}.${snippet.lang}`
      // A snippet without imports or exports would be a script sharing globals with the others.
      const isModule = /^\s*(import|export)\s/m.test(snippet.code)
      mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true })
      writeFileSync(path.join(OUT, file), isModule ? snippet.code : `${snippet.code}\nexport {}\n`)
      snippets.set(file, snippet)
    })
  }
  let output = ''
  try {
    execFileSync('pnpm', ['exec', 'tsc', '-p', 'docs/tsconfig.snippets.json', '--pretty', 'false'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? String(error)
  }
  // Map `docs/.snippets/FILE(line,col): error ...` back to the markdown line.
  for (const match of output.matchAll(/\.snippets\/([^(]+)\((\d+),\d+\): (error .*)/g)) {
    const snippet = snippets.get(match[1]!)
    if (!snippet) continue
    const list = errorsByDoc.get(snippet.doc) ?? []
    list.push(`${snippet.doc}:${snippet.line + Number(match[2]) - 1} ${match[3]}`)
    errorsByDoc.set(snippet.doc, list)
  }
  if (output && errorsByDoc.size === 0) throw new Error(`tsc failed outside the snippets:\n${output}`)
})

describe('documentation snippets', () => {
  it('the docs hold TypeScript snippets to check', () => {
    expect(snippets.size).toBeGreaterThan(0)
  })

  it.each(DOCS)('%s type-checks', (doc) => {
    expect(errorsByDoc.get(doc) ?? []).toEqual([])
  })
})
