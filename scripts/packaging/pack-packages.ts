/**
 * Builds the two published packages and packs them with `pnpm pack`, exactly as they would be
 * published (pnpm applies `publishConfig` and rewrites `workspace:*`).
 *
 * The tarballs are kept in `.cache/pack/<hash>/`, keyed by the packages' sources, so the packaging
 * checks and the examples, which may run in parallel processes, build and pack once per change: the
 * first caller holds a lock directory while it builds, the others wait for its result.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
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
const CACHE = path.join(ROOT, '.cache/pack')
// A build takes well under a minute here; a lock older than this was left by a killed run.
const STALE_LOCK_MS = 5 * 60_000
const WAIT_MS = 10 * 60_000
// Written into each package's dist: a cache hit also means dist matches the sources.
const DIST_STAMP = '.pack-hash'

/** A hash of everything that goes into the tarballs: sources, manifests, build configs, the lockfile. */
export function packagesHash(): string {
  const listed = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '--', ...Object.values(PACKAGES), 'pnpm-lock.yaml', 'tsconfig.base.json'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  const hash = createHash('sha256')
  for (const file of listed.split('\n').filter(Boolean).sort()) {
    // Tests and benchmarks are not packed; editing them must not force a rebuild.
    if (/(^|\/)(test|bench)\/|\.test\.tsx?$/.test(file) || !existsSync(path.join(ROOT, file))) continue
    hash.update(file).update('\0').update(readFileSync(path.join(ROOT, file))).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

function cached(dir: string, hash: string): PackedPackages | undefined {
  const manifest = path.join(dir, 'packed.json')
  if (!existsSync(manifest)) return undefined
  const dists = Object.values(PACKAGES).map((folder) => path.join(ROOT, folder, 'dist', DIST_STAMP))
  if (!dists.every((stamp) => existsSync(stamp) && readFileSync(stamp, 'utf8') === hash)) return undefined
  return JSON.parse(readFileSync(manifest, 'utf8')) as PackedPackages
}

function build(dir: string, hash: string): PackedPackages {
  rmSync(dir, { recursive: true, force: true })
  const staging = `${dir}.staging`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const tarballs: Record<string, string> = {}
  for (const [name, folder] of Object.entries(PACKAGES)) {
    const cwd = path.join(ROOT, folder)
    execFileSync('pnpm', ['run', 'build'], { cwd, stdio: 'pipe' })
    writeFileSync(path.join(cwd, 'dist', DIST_STAMP), hash)
    const before = new Set(readdirSync(staging))
    execFileSync('pnpm', ['pack', '--pack-destination', staging], { cwd, stdio: 'pipe' })
    const created = readdirSync(staging).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!created) throw new Error(`pnpm pack wrote no tarball for ${folder}`)
    tarballs[name] = path.join(dir, created)
  }
  const packed: PackedPackages = { dir, core: tarballs.core!, react: tarballs.react! }
  writeFileSync(path.join(staging, 'packed.json'), JSON.stringify(packed))
  renameSync(staging, dir)
  return packed
}

/** Builds and packs `@mcp-hitl/core` and `@mcp-hitl/react`, or returns this source state's tarballs. */
export function packPackages(): PackedPackages {
  const hash = packagesHash()
  const dir = path.join(CACHE, hash)
  const lock = `${dir}.lock`
  mkdirSync(CACHE, { recursive: true })
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const hit = cached(dir, hash)
    if (hit) return hit
    try {
      mkdirSync(lock)
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`packPackages: ${lock} is held by another run; remove it if none is running`)
      sleep(500)
      continue
    }
    try {
      // Another process may have finished between our check and the lock.
      const hit = cached(dir, hash)
      if (hit) return hit
      for (const old of readdirSync(CACHE)) {
        if (old !== hash && !old.endsWith('.lock')) rmSync(path.join(CACHE, old), { recursive: true, force: true })
      }
      return build(dir, hash)
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}
