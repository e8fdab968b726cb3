// @vitest-environment node
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const entry = path.resolve(here, '../../src/elicitation.ts')

describe('the @mcp-hitl/react/elicitation entry', () => {
  it('does not pull Ajv or @rjsf/validator-ajv8 into a bundle (the default validator is eval-free)', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['@mcp-hitl/source'],
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      logLevel: 'silent',
    })
    // Files esbuild read at all (not only those kept after tree shaking): Ajv must not even be reached.
    const read = Object.keys(result.metafile.inputs)
    expect(read.some((p) => p.includes('@rjsf/core'))).toBe(true)
    expect(read.filter((p) => /validator-ajv8|[\\/]ajv[\\/]|ajv-formats/.test(p))).toEqual([])
    const code = result.outputFiles[0]!.text
    expect(code).not.toMatch(/new Function\(/)
  }, 60_000)
})
