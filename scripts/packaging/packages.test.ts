/**
 * The published tarballs resolve everywhere: publint finds no problem in either, and
 * arethetypeswrong finds no types problem in any entry point (ESM-only profile: the packages ship
 * no CommonJS, and say so through `type: module` and import-only exports).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { publint } from 'publint'
import { beforeAll, describe, expect, it } from 'vitest'
import { type PackedPackages, packPackages, ROOT } from './pack-packages'

let packed: PackedPackages

// The stylesheet and the ready-made themes are CSS entries with no types to check.
const CSS_ENTRIES = ['./styles.css', './themes/shadcn.css', './themes/native.css']
const ATTW_ARGS = ['--profile', 'esm-only', '--exclude-entrypoints', ...CSS_ENTRIES]
const CJS_RESOLUTIONS = ['node10', 'node16-cjs']

beforeAll(() => {
  packed = packPackages()
})

describe.each(['core', 'react'] as const)('@mcp-hitl/%s tarball', (name) => {
  it('has no publint problem (errors, warnings or suggestions)', async () => {
    const bytes = readFileSync(packed[name])
    // A small Buffer is a view into a shared pool: hand publint exactly the tarball's bytes.
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
    const { messages } = await publint({ pack: { tarball }, level: 'suggestion', strict: true })
    expect(messages.map((m) => `${m.type} ${m.code} ${m.path?.join('.') ?? ''}`)).toEqual([])
  })

  it('has no arethetypeswrong problem in any entry point', () => {
    const run = () =>
      execFileSync('pnpm', ['exec', 'attw', packed[name], ...ATTW_ARGS, '--format', 'json'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
    let output: string
    try {
      output = run()
    } catch (error) {
      output = (error as { stdout?: string }).stdout ?? String(error)
    }
    const report = JSON.parse(output) as {
      analysis: { problems: { resolutionKind?: string }[]; entrypoints: Record<string, unknown> }
    }
    expect(Object.keys(report.analysis.entrypoints).length).toBeGreaterThan(0)
    // The JSON lists every problem; the ESM-only profile is applied by leaving out CommonJS resolutions.
    const problems = report.analysis.problems.filter((p) => !CJS_RESOLUTIONS.includes(p.resolutionKind ?? ''))
    expect(problems).toEqual([])
  })
})
