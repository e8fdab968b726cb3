/**
 * Every TypeScript snippet in the README and in docs/ type-checks against the real packages, except in
 * the guides that walk through an example: their snippets are excerpts of it (doc-examples.test.ts).
 *
 * Each snippet is checked three times: under the repository's strict config (against the packages'
 * sources), and, as a reader pasting it into a new app would compile it, under the tsconfig that
 * create-vite (react-ts) and create-next-app write, against the built packages' types.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { packPackages, ROOT } from '../packaging/pack-packages'
import { exampleOf, extractSnippets, type Snippet } from './extract-snippets'

const OUT = path.join(ROOT, 'docs/.snippets')
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)].filter(
  (doc) => !exampleOf(ROOT, doc),
)

const snippets = new Map<string, Snippet>()
const FILE_NAME = /^\/\/ ((?:[\w-]+\/)*[\w-]+\.tsx?)$/

/** A tsconfig the snippets are compiled under, written into docs/.snippets next to them. */
interface SnippetConfig {
  name: string
  tsconfig: Record<string, unknown>
}
const FIXTURES = path.join(ROOT, 'scripts/docs/fixtures')
const CONFIGS: SnippetConfig[] = [
  { name: 'the repository config', tsconfig: { extends: '../tsconfig.snippets.json', include: ['./**/*'] } },
  {
    name: 'create-vite 9.3.0 (react-ts)',
    tsconfig: {
      extends: path.join(FIXTURES, 'create-vite-9.3.0/tsconfig.app.json'),
      // The template's app config sees only Vite's client types; a server snippet runs in Node.
      compilerOptions: { types: ['vite/client', 'node'], tsBuildInfoFile: null },
      include: ['./**/*'],
    },
  },
  {
    name: 'create-next-app 16.4.3',
    tsconfig: {
      extends: path.join(FIXTURES, 'create-next-app-16.4.3/tsconfig.json'),
      compilerOptions: { incremental: false },
      include: ['./**/*'],
    },
  },
]
const configFile = (config: SnippetConfig) => `tsconfig.${config.name.replace(/\W+/g, '-')}.json`
/** `${config name}\0${doc}` to the errors tsc reported in that doc's snippets. */
const errorsByDoc = new Map<string, string[]>()

async function typeCheck(config: SnippetConfig): Promise<void> {
  const file = path.join(OUT, configFile(config))
  writeFileSync(file, JSON.stringify(config.tsconfig, null, 2))
  let output = ''
  try {
    await promisify(execFile)('pnpm', ['exec', 'tsc', '-p', file, '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8' })
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? String(error)
  }
  // Map `docs/.snippets/FILE(line,col): error ...` back to the markdown line.
  let mapped = 0
  for (const match of output.matchAll(/\.snippets\/([^(]+)\((\d+),\d+\): (error .*)/g)) {
    const snippet = snippets.get(match[1]!)
    if (!snippet) continue
    const key = `${config.name}\0${snippet.doc}`
    const list = errorsByDoc.get(key) ?? []
    list.push(`${snippet.doc}:${snippet.line + Number(match[2]) - 1} ${match[3]}`)
    errorsByDoc.set(key, list)
    mapped++
  }
  if (output && mapped === 0) throw new Error(`tsc (${config.name}) failed outside the snippets:\n${output}`)
}

beforeAll(async () => {
  // The new-app configs resolve the packages as an app does, to their built types.
  packPackages()
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
  await Promise.all(CONFIGS.map(typeCheck))
  // A build (when the sources changed) and three compilations on a loaded two-core machine.
}, 300_000)

describe('documentation snippets', () => {
  it('the docs hold TypeScript snippets to check', () => {
    expect(snippets.size).toBeGreaterThan(0)
  })

  describe.each(CONFIGS.map((config) => config.name))('under %s', (name) => {
    it.each(DOCS)('%s type-checks', (doc) => {
      expect(errorsByDoc.get(`${name}\0${doc}`) ?? []).toEqual([])
    })
  })
})
