/**
 * The packed tarballs resolve with plain npm next to both published lines of `@ag-ui/client`:
 * CopilotKit 1.74's exact 0.0.59 (the kit once peered `^1.0.0`: ERESOLVE), and 1.x. npm resolves
 * the whole tree into a lockfile (`--package-lock-only`: metadata only, no tarballs extracted, so the
 * 475 MB CopilotKit install is not repeated here; the copilotkit example installs it for real), with
 * strict peer checks, and the tree holds exactly one copy of `@ag-ui/client`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NPM_CACHE } from '../examples/npm-cache'
import { type PackedPackages, packPackages } from './pack-packages'

let packed: PackedPackages
const dirs: string[] = []

beforeAll(() => {
  packed = packPackages()
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const REACT = { react: '19.3.1', 'react-dom': '19.3.1' }

/** Resolves a project with these dependencies plus the kit; returns npm's output and the lockfile's packages. */
function resolve(name: string, dependencies: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), `mcp-hitl-peers-${name}-`))
  dirs.push(dir)
  const core = `file:${packed.core}`
  const manifest = {
    name: `peers-${name}`,
    private: true,
    type: 'module',
    dependencies: { '@mcp-hitl/core': core, '@mcp-hitl/react': `file:${packed.react}`, ...dependencies },
    overrides: { '@mcp-hitl/core': core },
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  let output: string
  try {
    output = execFileSync(
      'npm',
      ['install', '--package-lock-only', '--strict-peer-deps', '--no-audit', '--no-fund', '--cache', NPM_CACHE, '--prefer-offline'],
      { cwd: dir, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, CI: 'true' } },
    )
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    output = `FAILED\n${e.stdout ?? ''}${e.stderr ?? ''}`
  }
  const lock = output.startsWith('FAILED')
    ? { packages: {} }
    : (JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> })
  const copies = (pkg: string) =>
    Object.entries(lock.packages)
      .filter(([where]) => where === `node_modules/${pkg}` || where.endsWith(`/node_modules/${pkg}`))
      .map(([where, entry]) => `${where}@${entry.version}`)
  return { output, copies }
}

describe('@ag-ui/client peer range', () => {
  it('resolves next to CopilotKit 1.74 (its exact 0.0.59), strictly, with one copy', () => {
    const { output, copies } = resolve('copilotkit', { '@copilotkit/react-core': '1.74.0', zod: '3.25.76', ...REACT })
    expect(output).not.toMatch(/FAILED|ERESOLVE/)
    expect(copies('@ag-ui/client')).toEqual(['node_modules/@ag-ui/client@0.0.59'])
  }, 300_000)

  it('resolves next to @ag-ui/client 1.0.0 and rxjs, strictly, with one copy', () => {
    const { output, copies } = resolve('ag-ui-1', { '@ag-ui/client': '1.0.0', rxjs: '7.8.1', ...REACT })
    expect(output).not.toMatch(/FAILED|ERESOLVE/)
    expect(copies('@ag-ui/client')).toEqual(['node_modules/@ag-ui/client@1.0.0'])
  }, 300_000)
})
