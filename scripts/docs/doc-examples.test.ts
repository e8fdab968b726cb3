/**
 * A guide that walks through an example (`<!-- example: examples/<name> -->`) shows only code that is
 * in that example, verbatim, and installs exactly what the example depends on. The example itself is
 * built, type-checked and driven by its e2e test, so what the guide quotes is known to work.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../packaging/pack-packages'
import { type CodeBlock, exampleOf, extractBlocks } from './extract-snippets'

const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
const GUIDES = DOCS.flatMap((doc) => {
  const example = exampleOf(ROOT, doc)
  return example ? [{ doc, example }] : []
})
// Shell sessions and prose are not code of the example.
const NOT_QUOTED = new Set(['bash', 'sh', 'shell', 'console', 'text'])
// The repository's own files in an example folder: never what a guide quotes.
const NOT_APP = new Set(['node_modules', '.next', 'dist', 'e2e.test.ts', 'package-lock.json', 'next-env.d.ts'])
const PATH_COMMENT = /^(?:\/\/|#)\s*([\w./[\]-]+\.\w+)\s*$/

function appFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (NOT_APP.has(name)) return []
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? appFiles(file, base) : [path.relative(base, file)]
  })
}

const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')

/** Why `block` is not an excerpt of the example, or undefined when it is. */
function misquote(block: CodeBlock, exampleDir: string): string | undefined {
  const [first, ...rest] = block.code.split('\n')
  const named = PATH_COMMENT.exec(first ?? '')?.[1]
  const excerpt = normalize(named ? rest.join('\n') : block.code).trim()
  const where = `${block.doc}:${block.line}`
  if (named) {
    const file = path.join(exampleDir, named)
    if (!existsSync(file)) return `${where} names ${named}, which the example does not have`
    return normalize(readFileSync(file, 'utf8')).includes(excerpt) ? undefined : `${where} is not in ${named} as written`
  }
  const found = appFiles(exampleDir).some((file) => normalize(readFileSync(path.join(exampleDir, file), 'utf8')).includes(excerpt))
  return found ? undefined : `${where} is in no file of the example (start it with \`// <path>\` to name one)`
}

/** `name` and optional version of each package on the guide's `npm install` lines. */
function installed(blocks: CodeBlock[]): { name: string; version?: string; line: string }[] {
  return blocks
    .filter((block) => NOT_QUOTED.has(block.lang))
    .flatMap((block) => block.code.split('\n'))
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => /^npm (install|i)\s/.test(line))
    .flatMap((line) =>
      line
        .split(/\s+/)
        .slice(2)
        .filter((token) => !token.startsWith('-'))
        .map((token) => {
          const at = token.lastIndexOf('@')
          return at > 0 ? { name: token.slice(0, at), version: token.slice(at + 1), line } : { name: token, line }
        }),
    )
}

describe('guides that walk through an example', () => {
  it('are the AI SDK and Redis guides', () => {
    expect(GUIDES.map((g) => g.doc)).toEqual(
      expect.arrayContaining(['docs/ai-sdk-elicitation.md', 'docs/mcp-apps-ai-sdk.md', 'docs/redis.md']),
    )
  })

  describe.each(GUIDES)('$doc', ({ doc, example }) => {
    const dir = path.join(ROOT, example)
    const blocks = extractBlocks(ROOT, doc)

    it(`quotes only code that is in ${example}`, () => {
      expect(existsSync(path.join(dir, 'package.json'))).toBe(true)
      const quoted = blocks.filter((block) => !NOT_QUOTED.has(block.lang))
      expect(quoted.length).toBeGreaterThan(0)
      expect(quoted.map((block) => misquote(block, dir)).filter(Boolean)).toEqual([])
    })

    it(`installs what ${example} depends on, at its versions`, () => {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
      }
      const pinned = { ...manifest.devDependencies, ...manifest.dependencies }
      const packages = installed(blocks)
      const problems = packages.flatMap(({ name, version, line }) => {
        const exact = pinned[name]
        if (!exact) return [`\`${line}\` installs ${name}, which ${example} does not depend on`]
        if (version && exact !== version && !exact.startsWith(`${version}.`)) {
          return [`\`${line}\` installs ${name}@${version}; ${example} pins ${exact}`]
        }
        return []
      })
      // A guide with install lines names every runtime dependency, so following it leaves nothing out.
      if (packages.length > 0) {
        const named = new Set(packages.map((p) => p.name))
        for (const name of Object.keys(manifest.dependencies ?? {})) {
          if (!named.has(name)) problems.push(`${doc} never installs ${name}, a dependency of ${example}`)
        }
      }
      expect(problems).toEqual([])
    })
  })
})
