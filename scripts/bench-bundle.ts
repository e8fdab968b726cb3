/**
 * One size row of a benchmark: esbuild bundles a generated entry that uses every name it imports
 * (a re-export of a missing name is silently dropped from a TypeScript entry, and an unused import
 * is tree-shaken away, both leaving an empty bundle), minified, gzipped at level 9. A whole module
 * (`'*'`) is imported name by name, default included, as an app using all of it would (a namespace
 * object would add its own bytes). A row whose bundle fails to build, comes out under its floor or
 * pulls in a forbidden input is invalid: it says why, and the benchmark exits non-zero.
 */
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

/** What one size row bundles. */
export interface BundleRow {
  /** The row's label, as printed. */
  label: string
  /** Module specifier -> the names the entry uses from it, or `'*'` for every runtime export it has. */
  imports: Readonly<Record<string, readonly string[] | '*'>>
  /** Directory the specifiers resolve from. */
  resolveDir: string
  /** Packages left out of the bundle (React, for what a React app already ships). */
  external?: readonly string[]
  /**
   * The smallest plausible min+gzip size in bytes. Under it, the bundle lost what it imports; set it
   * well under the real size (a third, say), so only a broken measurement trips it.
   */
  floorBytes: number
  /** Inputs that must not end up in the bundle, e.g. Ajv in an entry whose default is eval-free. */
  forbidden?: { pattern: RegExp; what: string }
}

/** A measured row; `problem` is set when the measurement is not to be trusted. */
export interface BundleSize {
  row: BundleRow
  minified: number
  gzipped: number
  metafile?: Metafile
  problem?: string
}

/** Globals the generated entry writes to, so nothing it imports counts as unused. */
const KEEP = 'globalThis.__mcpHitlBenchKeep'

/** The entry esbuild bundles: imports each name and stores it, so none is tree-shaken away. */
export function bundleEntry(imports: BundleRow['imports']): string {
  const lines: string[] = []
  const kept: string[] = []
  Object.entries(imports).forEach(([specifier, names], m) => {
    if (names === '*') {
      lines.push(`import * as m${m} from ${JSON.stringify(specifier)}`)
      kept.push(`m${m}`)
    } else {
      if (names.length === 0) throw new Error(`bundle row imports nothing from ${specifier}: list the names it measures`)
      lines.push(`import { ${names.map((name, i) => `${name} as m${m}_${i}`).join(', ')} } from ${JSON.stringify(specifier)}`)
      kept.push(...names.map((_, i) => `m${m}_${i}`))
    }
  })
  lines.push(`${KEEP} = [${kept.join(', ')}]`)
  return `${lines.join('\n')}\n`
}

/** min+gzip in KB, one decimal. */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`

/** Bundles the row's entry and checks it; never throws for a broken row, it says why instead. */
export async function measureBundle(row: BundleRow): Promise<BundleSize> {
  let code: string
  let metafile: Metafile
  try {
    const imports: Record<string, readonly string[] | '*'> = {}
    for (const [specifier, names] of Object.entries(row.imports)) {
      imports[specifier] = names === '*' ? await runtimeExports(row, specifier) : names
    }
    const out = await bundle(row, bundleEntry(imports), true)
    code = out.outputFiles[0]?.text ?? ''
    metafile = out.metafile
  } catch (error) {
    const messages = (error as { errors?: { text: string }[] }).errors?.map((e) => e.text) ?? [String(error)]
    return { row, minified: 0, gzipped: 0, problem: `the entry does not build: ${messages.join('; ')}` }
  }
  const gzipped = gzipSync(code, { level: 9 }).length
  const size: BundleSize = { row, minified: Buffer.byteLength(code), gzipped, metafile }
  if (gzipped < row.floorBytes) {
    size.problem = `${kb(gzipped)} is under the ${kb(row.floorBytes)} floor: the bundle lost what it imports`
  } else if (row.forbidden) {
    const found = keptInputs(metafile).filter((file) => row.forbidden?.pattern.test(file))
    if (found.length) size.problem = `${row.forbidden.what} is in the bundle (${found.slice(0, 3).join(', ')})`
  }
  return size
}

function bundle(row: BundleRow, contents: string, minify: boolean) {
  return build({
    // Plain JavaScript: esbuild then fails on an import of a name that is not exported, instead of
    // taking it for an erased type.
    stdin: { contents, resolveDir: row.resolveDir, loader: 'js', sourcefile: 'bench-entry.js' },
    bundle: true,
    write: false,
    minify,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@mcp-hitl/source'],
    external: [...(row.external ?? [])],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'silent',
  })
}

/**
 * Every runtime export of a module, `default` included (`export *` leaves it out), or `'*'` when
 * esbuild cannot list them (CommonJS), so the entry keeps the whole namespace instead.
 */
async function runtimeExports(row: BundleRow, specifier: string): Promise<readonly string[] | '*'> {
  const listed = await bundle(row, `export * from ${JSON.stringify(specifier)}`, false)
  const names = Object.values(listed.metafile.outputs)[0]?.exports ?? []
  if (names.length === 0) return '*'
  const hasDefault = await bundle(row, `import d from ${JSON.stringify(specifier)}\n${KEEP} = d`, false).then(
    () => true,
    () => false,
  )
  return hasDefault ? [...names, 'default'] : names
}

/** Input files that contributed bytes to the output. */
function keptInputs(metafile: Metafile): string[] {
  const output = Object.values(metafile.outputs)[0]
  return Object.entries(output?.inputs ?? {})
    .filter(([, info]) => info.bytesInOutput > 0)
    .map(([file]) => file)
}

/** Minified bytes by where they come from (a package, or a kit source folder), largest first. */
export function bytesBySource(metafile: Metafile): string {
  const groups = new Map<string, number>()
  const output = Object.values(metafile.outputs)[0]
  for (const [file, info] of Object.entries(output?.inputs ?? {})) {
    if (info.bytesInOutput === 0) continue
    const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]
    const kit = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(file)
    const key = pkg ?? (kit ? `@mcp-hitl/${kit[1]} ${kit[2] ? `${kit[2]}/` : '(entry files)'}` : file)
    groups.set(key, (groups.get(key) ?? 0) + info.bytesInOutput)
  }
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, bytes]) => `${key} ${kb(bytes)}`)
    .join(', ')
}
