/**
 * Every guide whose code renders the kit's React parts shows the stylesheet import as a line of code
 * (a reader who follows it literally gets a styled kit, not an unstyled one), and the CopilotKit
 * guide shows CopilotKit's own stylesheet too.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from '../packaging/pack-packages'
import { extractBlocks } from './extract-snippets'

const KIT_STYLESHEET = "import '@mcp-hitl/react/styles.css'"
const GUIDES = readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`)
const codeLines = (doc: string) => new Set(extractBlocks(ROOT, doc).flatMap((block) => block.code.split('\n').map((l) => l.trim())))
// An import from the React package, or a kit part in JSX (an excerpt may leave out its imports).
const KIT_PART = /from '@mcp-hitl\/react(\/[\w-]+)?'|<(McpApp|Elicitation)\w*[\s/>]/
const rendersKitParts = (doc: string) => extractBlocks(ROOT, doc).some((block) => KIT_PART.test(block.code))

it.each(GUIDES.filter(rendersKitParts))('%s shows the stylesheet import in its code', (doc) => {
  expect(codeLines(doc).has(KIT_STYLESHEET)).toBe(true)
})

it("docs/copilotkit.md shows CopilotKit's stylesheet import beside the kit's", () => {
  const lines = codeLines('docs/copilotkit.md')
  expect(lines.has("import '@copilotkit/react-core/v2/styles.css'")).toBe(true)
  expect(lines.has(KIT_STYLESHEET)).toBe(true)
})
