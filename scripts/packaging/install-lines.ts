/**
 * The install lines the AG-UI guides give: every `npm install …` of a fenced shell block, grouped by
 * block (one block is one project, its lines run in order), kept when the block names an `@ag-ui/`
 * package. A bare `npm install` in an example's README installs that example's `package.json`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { extractBlocks } from '../docs/extract-snippets'

/** One guide's block of install lines. */
export interface InstallBlock {
  /** Where it is written, `docs/vite-ag-ui.md:30`. */
  where: string
  /** The `npm install` commands, comments removed, in order. */
  lines: string[]
  /** For a bare `npm install` in an example: the example's folder, whose `package.json` it installs. */
  example?: string
}

/** The guides that speak of AG-UI installs: the README, docs/*.md and the AG-UI examples' READMEs. */
export function guideFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`)
  const examples = readdirSync(path.join(root, 'examples'))
    .map((name) => `examples/${name}/README.md`)
    .filter((file) => existsSync(path.join(root, file)))
  return ['README.md', ...docs.sort(), ...examples.sort()]
}

const namesAgUi = (text: string) => /(^|\s)@ag-ui\//.test(text)

const SHELL = new Set(['bash', 'sh', 'shell', 'console'])

/** The install blocks of `file` (relative to `root`) that install AG-UI packages. */
export function agUiInstallBlocks(root: string, file: string): InstallBlock[] {
  const exampleDir = /^examples\/([^/]+)\/README\.md$/.exec(file)?.[1]
  return extractBlocks(root, file).flatMap((block): InstallBlock[] => {
    if (!SHELL.has(block.lang)) return []
    const numbered = block.code.split('\n').map((line, index) => ({ command: line.replace(/\s+#.*$/, '').trim(), at: block.line + index }))
    const installs = numbered.filter(({ command }) => /^npm (install|i)\b/.test(command))
    const first = installs[0]
    if (!first) return []
    const found = { where: `${file}:${first.at}`, lines: installs.map(({ command }) => command) }
    if (found.lines.some(namesAgUi)) return [found]
    // `npm install` in an example: the example's own dependencies.
    if (exampleDir && found.lines.every((line) => line === 'npm install')) {
      const manifest = readFileSync(path.join(root, 'examples', exampleDir, 'package.json'), 'utf8')
      if (namesAgUi(manifest.replace(/"/g, ' '))) return [{ ...found, example: `examples/${exampleDir}` }]
    }
    return []
  })
}

/** Every AG-UI install block of the guides. */
export function allAgUiInstallBlocks(root: string): InstallBlock[] {
  return guideFiles(root).flatMap((file) => agUiInstallBlocks(root, file))
}
