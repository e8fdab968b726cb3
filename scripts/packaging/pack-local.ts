/**
 * `npm run pack:local`: builds and packs `@mcp-hitl/core` and `@mcp-hitl/react` from this checkout
 * into one folder (`packed/`, or the folder given as the first argument) and prints the `npm install`
 * line that installs both into an app, for trying the kit before a release.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { packPackages, ROOT } from './pack-packages'

/** Where the tarballs went, and the command that installs them. */
export interface LocalPackages {
  core: string
  react: string
  installCommand: string
}

/** Quotes a path for a POSIX shell when it holds anything but plain path characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/** Packs both packages into `destination` (its older tarballs removed) and returns the install line. */
export function packLocal(destination: string): LocalPackages {
  const packed = packPackages()
  const dir = path.resolve(destination)
  mkdirSync(dir, { recursive: true })
  // An older build's tarballs would sit beside the new ones under other version numbers.
  for (const file of readdirSync(dir)) if (/^mcp-hitl-(core|react)-.*\.tgz$/.test(file)) rmSync(path.join(dir, file))
  const core = path.join(dir, path.basename(packed.core))
  const react = path.join(dir, path.basename(packed.react))
  copyFileSync(packed.core, core)
  copyFileSync(packed.react, react)
  return { core, react, installCommand: `npm install ${shellWord(core)} ${shellWord(react)}` }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { installCommand } = packLocal(process.argv[2] ?? path.join(ROOT, 'packed'))
  console.log(`Packed @mcp-hitl/core and @mcp-hitl/react. In your app, run:\n\n${installCommand}\n`)
}
