/**
 * `pnpm release` end to end, without publishing: runs the release script itself (the root build,
 * then `changeset publish`) against a throwaway registry on 127.0.0.1, then checks what arrived:
 * every public package once, at its version, tagged `latest`, public, with every file its exports
 * name and no workspace-only specifier or condition. `--no-git-tag` keeps changesets from tagging.
 *
 * `pnpm publish --dry-run` alone would skip `changeset publish` (which has no dry mode), and pnpm
 * does not read `npm_config_dry_run`, so a real publish to a registry that keeps nothing is the
 * only way to run the whole path. Run: `pnpm run release:dry-run`.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ReceivedPublish, startDryRunRegistry } from './packaging/dry-run-registry'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface Manifest {
  name: string
  version: string
  private?: boolean
  exports?: unknown
  publishConfig?: { exports?: unknown }
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/** The packages `changeset publish` would publish: the workspace's non-private packages/*. */
function publicPackages(): Manifest[] {
  return readdirSync(path.join(ROOT, 'packages'))
    .map((dir) => JSON.parse(readFileSync(path.join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as Manifest)
    .filter((manifest) => !manifest.private)
}

/** Every file path an exports map points at (`./dist/index.js` -> `dist/index.js`). */
function exportTargets(map: unknown): string[] {
  if (typeof map === 'string') return [map.replace(/^\.\//, '')]
  if (map && typeof map === 'object') return Object.values(map).flatMap(exportTargets)
  return []
}

/** What is wrong with one received publish, compared with the workspace package. */
function problemsOf(expected: Manifest, received: ReceivedPublish[]): string[] {
  const mine = received.filter((p) => p.name === expected.name)
  if (mine.length !== 1) return [`${expected.name}: published ${mine.length} times, expected once`]
  const [got] = mine as [ReceivedPublish]
  const problems: string[] = []
  if (got.version !== expected.version) problems.push(`version ${got.version}, expected ${expected.version}`)
  if (got.distTags.latest !== expected.version) problems.push(`dist-tag latest is ${got.distTags.latest ?? 'unset'}`)
  if (got.access !== 'public') problems.push(`access is ${got.access ?? 'unset'}, expected public`)
  const missing = exportTargets(got.manifest.exports).filter((file) => !got.files.includes(file))
  if (missing.length) problems.push(`files its exports name are not in the tarball: ${missing.join(', ')}`)
  const text = JSON.stringify(got.manifest)
  if (text.includes('workspace:')) problems.push('a workspace: specifier is left in its package.json')
  if (text.includes('@mcp-hitl/source')) problems.push('the @mcp-hitl/source condition is left in its exports')
  return problems.map((p) => `${expected.name}: ${p}`)
}

function configGet(key: string, env: NodeJS.ProcessEnv): string {
  return execFileSync('pnpm', ['config', 'get', key], { cwd: ROOT, env, encoding: 'utf8' }).trim()
}

function gitTags(): string {
  return execFileSync('git', ['tag', '--list'], { cwd: ROOT, encoding: 'utf8' })
}

async function main(): Promise<number> {
  const registry = await startDryRunRegistry()
  try {
    // changesets reads npm_config_registry (for `npm info` and the publish it spawns); pnpm reads pnpm_config_*.
    const env = { ...process.env, npm_config_registry: registry.url, pnpm_config_registry: registry.url }
    // Refuse to go on unless every publish would land here: a scoped registry would win over these.
    const resolved = { registry: configGet('registry', env), scoped: configGet('@mcp-hitl:registry', env) }
    if (resolved.registry !== registry.url || !['undefined', '', registry.url].includes(resolved.scoped)) {
      console.error(`release dry run: pnpm would publish to ${resolved.scoped !== 'undefined' ? resolved.scoped : resolved.registry}, not to ${registry.url}; stopping`)
      return 1
    }
    const tagsBefore = gitTags()
    // Asynchronously: the registry answers from this process's event loop.
    const status = await new Promise<number | string>((resolve) => {
      const child = spawn('pnpm', ['run', 'release', '--no-git-tag'], { cwd: ROOT, env, stdio: 'inherit' })
      child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
    })
    const problems: string[] = []
    if (status !== 0) problems.push(`\`pnpm run release\` exited with ${status}`)
    const expected = publicPackages()
    for (const manifest of expected) problems.push(...problemsOf(manifest, registry.published))
    const extra = registry.published.filter((p) => !expected.some((m) => m.name === p.name))
    if (extra.length) problems.push(`published packages that are not public workspace packages: ${extra.map((p) => p.name).join(', ')}`)
    problems.push(...registry.unexpected.map((r) => `unexpected registry request: ${r}`))
    if (gitTags() !== tagsBefore) problems.push('the dry run created git tags')
    if (problems.length) {
      console.error(`\nrelease dry run failed:\n- ${problems.join('\n- ')}`)
      return 1
    }
    const summary = [...registry.published]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => `${p.name}@${p.version} (${p.files.length} files)`)
      .join(', ')
    console.log(`\nrelease dry run: \`pnpm release\` built and published ${summary} to a throwaway registry on 127.0.0.1, which kept nothing`)
    return 0
  } finally {
    await registry.close()
  }
}

process.exitCode = await main()
