/**
 * Builds the two published packages and packs them with `pnpm pack`, exactly as they would be
 * published (pnpm applies `publishConfig` and rewrites `workspace:*`), into a throwaway folder.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Paths of the packed tarballs. */
export interface PackedPackages {
  dir: string
  core: string
  react: string
}

const PACKAGES = { core: 'packages/core', react: 'packages/react' } as const

/** Builds and packs `@mcp-hitl/core` and `@mcp-hitl/react`. */
export function packPackages(): PackedPackages {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-pack-'))
  const tarballs: Record<string, string> = {}
  for (const [name, folder] of Object.entries(PACKAGES)) {
    const cwd = path.join(ROOT, folder)
    execFileSync('pnpm', ['run', 'build'], { cwd, stdio: 'pipe' })
    const before = new Set(readdirSync(dir))
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd, stdio: 'pipe' })
    const created = readdirSync(dir).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!created) throw new Error(`pnpm pack wrote no tarball for ${folder}`)
    tarballs[name] = path.join(dir, created)
  }
  return { dir, core: tarballs.core!, react: tarballs.react! }
}
