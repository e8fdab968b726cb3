/** Finds the engines' binaries: an environment variable first, then `PATH`, then Debian's locations. */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first executable named `name` on `PATH`, or undefined. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name)
    if (dir && isExecutable(file)) return file
  }
  return undefined
}

/** Debian's MiniBrowser (`dpkg -L libwebkit2gtk-4.1-0`): `/usr/lib/<multiarch>/webkit2gtk-4.1/MiniBrowser`. */
export function debianMiniBrowser(): string | undefined {
  if (!existsSync('/usr/lib')) return undefined
  for (const entry of readdirSync('/usr/lib')) {
    const file = path.join('/usr/lib', entry, 'webkit2gtk-4.1', 'MiniBrowser')
    if (isExecutable(file)) return file
  }
  return undefined
}

/**
 * `override` (from the environment) when set, else what `find` returns. An override that is not an
 * executable file is reported as such rather than silently replaced.
 */
export function executable(override: string | undefined, find: () => string | undefined): { path?: string; problem?: string } {
  if (override) return isExecutable(override) ? { path: override } : { problem: `${override} is not an executable file` }
  const found = find()
  return found ? { path: found } : {}
}
