import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { bundleEntry, measureBundle } from './bench-bundle'

const REACT_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/react/src')

describe('benchmark size rows', () => {
  it('the old row (a TypeScript re-export of a name the entry lacks) bundles to nothing, silently', async () => {
    const out = await build({
      stdin: { contents: "export { createMcpAppHostBridge } from '@mcp-hitl/core'", resolveDir: REACT_SRC, loader: 'tsx' },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      conditions: ['@mcp-hitl/source'],
      logLevel: 'silent',
    })
    expect(out.outputFiles[0]!.text.trim()).toBe('')
  })

  it('marks a row that imports a name its module does not export as missed, saying which', async () => {
    const size = await measureBundle({
      label: 'host bridge from the main entry',
      imports: { '@mcp-hitl/core': ['createMcpAppHostBridge'] },
      resolveDir: REACT_SRC,
      floorBytes: 1024,
    })
    expect(size.gzipped).toBe(0)
    expect(size.problem).toMatch(/does not build: No matching export .* for import "createMcpAppHostBridge"/)
  })

  it('measures the real size when the name comes from the entry that exports it', async () => {
    const size = await measureBundle({
      label: 'host bridge',
      imports: { '@mcp-hitl/core/internal': ['createMcpAppHostBridge'] },
      resolveDir: REACT_SRC,
      floorBytes: 1024,
    })
    expect(size.problem).toBeUndefined()
    expect(size.gzipped).toBeGreaterThan(1024)
  })

  it('marks a row under its floor as missed', async () => {
    const size = await measureBundle({
      label: 'host bridge',
      imports: { '@mcp-hitl/core/internal': ['createMcpAppHostBridge'] },
      resolveDir: REACT_SRC,
      floorBytes: 1024 * 1024,
    })
    expect(size.problem).toMatch(/under the 1024\.0 KB floor/)
  })

  it('marks a row whose bundle holds a forbidden input as missed', async () => {
    const size = await measureBundle({
      label: 'Ajv path',
      imports: { '@rjsf/validator-ajv8': ['customizeValidator'] },
      resolveDir: REACT_SRC,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      floorBytes: 1024,
      forbidden: { pattern: /[\\/]ajv[\\/]/, what: 'Ajv' },
    })
    expect(size.problem).toMatch(/^Ajv is in the bundle/)
  })

  it('a split row measures what loads up front and lists the chunks loaded later apart', async () => {
    const size = await measureBundle({
      label: 'McpAppFrame, code split',
      imports: { './apps': ['McpAppFrame'] },
      resolveDir: REACT_SRC,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      floorBytes: 1024,
      split: { lazyFloorBytes: 1024 },
    })
    expect(size.problem).toBeUndefined()
    // The sampling and download dialogs (and Radix Dialog with them) load on an app's first request only.
    expect(size.lazy?.chunks.map((c) => c.name)).toEqual(['request-dialogs'])
    expect(Object.keys(size.bytesByFile ?? {}).filter((file) => /@radix-ui|(sampling-approval|download-confirm)-dialog\.tsx|\/request-dialogs\.tsx/.test(file))).toEqual([])
    expect(size.lazy!.gzipped).toBeGreaterThan(4 * 1024)
  })

  it('marks a split row whose entry splits nothing off as missed', async () => {
    const size = await measureBundle({
      label: 'host bridge, code split',
      imports: { '@mcp-hitl/core/internal': ['createMcpAppHostBridge'] },
      resolveDir: REACT_SRC,
      floorBytes: 1024,
      split: { lazyFloorBytes: 1024 },
    })
    expect(size.gzipped).toBeGreaterThan(1024)
    expect(size.problem).toMatch(/lazy chunks \(0\.0 KB\) are under the 1\.0 KB floor: nothing is split off/)
  })

  it('generates an entry that keeps every import it names', () => {
    expect(bundleEntry({ './a': ['x', 'y'], './b': '*' })).toBe(
      "import { x as m0_0, y as m0_1 } from \"./a\"\nimport * as m1 from \"./b\"\nglobalThis.__mcpHitlBenchKeep = [m0_0, m0_1, m1]\n",
    )
  })
})
