/**
 * What npm's EBADENGINE warning checks, for a Node.js version other than the one npm runs on: every
 * installed package whose `engines.node` excludes `version`. npm 11 itself needs Node ^20.17 or
 * >=22.9, so an example claiming an older minimum is installed by this machine's npm and checked here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'

function packageDirs(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return []
  return readdirSync(nodeModules).flatMap((name) => {
    if (name.startsWith('.')) return []
    const dir = path.join(nodeModules, name)
    const dirs = name.startsWith('@') ? readdirSync(dir).map((scoped) => path.join(dir, scoped)) : [dir]
    return dirs.flatMap((pkg) => [pkg, ...packageDirs(path.join(pkg, 'node_modules'))])
  })
}

/** `name@version wants node RANGE` for each installed package that does not run on `version`. */
export function engineMismatches(appDir: string, version: string): string[] {
  return packageDirs(path.join(appDir, 'node_modules')).flatMap((dir) => {
    const file = path.join(dir, 'package.json')
    if (!existsSync(file)) return []
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } }
    const range = manifest.engines?.node
    if (typeof range !== 'string' || semver.satisfies(version, range, { includePrerelease: true })) return []
    return [`${manifest.name}@${manifest.version} wants node ${range}`]
  })
}
