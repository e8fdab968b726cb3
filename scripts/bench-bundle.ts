/**
 * One size row of a benchmark: esbuild bundles a generated entry that uses every name it imports
 * (a re-export of a missing name is silently dropped from a TypeScript entry, and an unused import
 * is tree-shaken away, both leaving an empty bundle), minified, gzipped at level 9. A whole module
 * (`'*'`) is imported name by name, default included, as an app using all of it would (a namespace
 * object would add its own bytes). A row whose bundle fails to build, comes out under its floor or
 * pulls in a forbidden input is invalid: it says why, and the benchmark exits non-zero.
 *
 * A `split` row is code-split as an app's bundler does it (rolldown, the bundler of Vite and
 * tsdown; esbuild keeps every module an entry re-exports in the entry's static graph, even one
 * only a dynamic `import()` uses): it measures what the browser loads up front, the entry chunk
 * and the chunks it imports statically, and lists the chunks loaded later apart.
 */
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { rolldown } from 'rolldown'

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
  /** Code-split (see the module comment); the lazy chunks together are invalid under `lazyFloorBytes`. */
  split?: { lazyFloorBytes: number }
}

/** The chunks a split row's entry loads later, by dynamic `import()`. */
export interface LazyChunks {
  minified: number
  gzipped: number
  /** Each chunk's name and min+gzip bytes. */
  chunks: { name: string; gzipped: number }[]
}

/** A measured row; `problem` is set when the measurement is not to be trusted. */
export interface BundleSize {
  row: BundleRow
  minified: number
  gzipped: number
  metafile?: Metafile
  /** Bytes each input file put in what the row measures (esbuild: minified; rolldown: rendered, before minification). */
  bytesByFile?: Record<string, number>
  /** For a split row: what loads later. */
  lazy?: LazyChunks
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

const gzip = (code: string) => gzipSync(code, { level: 9 }).length

/** Bundles the row's entry and checks it; never throws for a broken row, it says why instead. */
export async function measureBundle(row: BundleRow): Promise<BundleSize> {
  let size: BundleSize
  try {
    const imports: Record<string, readonly string[] | '*'> = {}
    for (const [specifier, names] of Object.entries(row.imports)) {
      imports[specifier] = names === '*' ? await runtimeExports(row, specifier) : names
    }
    if (row.split) size = await splitBundle(row, bundleEntry(imports))
    else {
      const out = await bundle(row, bundleEntry(imports), true)
      const code = out.outputFiles[0]?.text ?? ''
      size = { row, minified: Buffer.byteLength(code), gzipped: gzip(code), metafile: out.metafile, bytesByFile: inputBytes(out.metafile) }
    }
  } catch (error) {
    // esbuild's errors carry `text`, rolldown's `message`.
    const messages = (error as { errors?: { text?: string; message?: string }[] }).errors?.map((e) => e.text ?? e.message) ?? [String(error)]
    return { row, minified: 0, gzipped: 0, problem: `the entry does not build: ${messages.join('; ')}` }
  }
  const kept = Object.entries(size.bytesByFile ?? {}).flatMap(([file, bytes]) => (bytes > 0 ? [file] : []))
  const found = row.forbidden ? kept.filter((file) => row.forbidden?.pattern.test(file)) : []
  if (size.gzipped < row.floorBytes) {
    size.problem = `${kb(size.gzipped)} is under the ${kb(row.floorBytes)} floor: the bundle lost what it imports`
  } else if (row.forbidden && found.length) {
    size.problem = `${row.forbidden.what} is in the bundle (${found.slice(0, 3).join(', ')})`
  } else if (row.split && (size.lazy?.gzipped ?? 0) < row.split.lazyFloorBytes) {
    size.problem = `its lazy chunks (${kb(size.lazy?.gzipped ?? 0)}) are under the ${kb(row.split.lazyFloorBytes)} floor: nothing is split off`
  }
  return size
}

// Rolldown, as Vite and tsdown: chunks reached from the entry by static imports load up front, the others later.
async function splitBundle(row: BundleRow, contents: string): Promise<BundleSize> {
  // A path in `resolveDir` (never written), so the entry's relative imports resolve from there.
  const entryId = path.resolve(row.resolveDir, '__bench-entry.js')
  const build = await rolldown({
    input: 'bench-entry',
    cwd: row.resolveDir,
    external: (id) => (row.external ?? []).some((name) => id === name || id.startsWith(`${name}/`)),
    resolve: { conditionNames: ['@mcp-hitl/source', 'import', 'browser', 'default'] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [
      {
        name: 'bench-entry',
        resolveId: (id) => (id === 'bench-entry' ? entryId : undefined),
        load: (id) => (id === entryId ? { code: contents, moduleSideEffects: true } : undefined),
      },
    ],
    logLevel: 'silent',
  })
  try {
    const { output } = await build.generate({ format: 'es', minify: true })
    const chunks = new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])))
    const entry = [...chunks.values()].find((c) => c.isEntry)
    if (!entry) throw new Error('rolldown produced no entry chunk')
    const upFront = new Set<string>()
    const visit = (name: string) => {
      if (upFront.has(name) || !chunks.has(name)) return
      upFront.add(name)
      for (const next of chunks.get(name)?.imports ?? []) visit(next)
    }
    visit(entry.fileName)
    const bytesByFile: Record<string, number> = {}
    let minified = 0
    let gzipped = 0
    const lazy: LazyChunks = { minified: 0, gzipped: 0, chunks: [] }
    for (const [name, chunk] of chunks) {
      if (upFront.has(name)) {
        minified += Buffer.byteLength(chunk.code)
        gzipped += gzip(chunk.code)
        for (const [id, info] of Object.entries(chunk.modules)) bytesByFile[path.relative(process.cwd(), id)] = info.renderedLength
      } else {
        lazy.minified += Buffer.byteLength(chunk.code)
        lazy.gzipped += gzip(chunk.code)
        lazy.chunks.push({ name: chunk.name, gzipped: gzip(chunk.code) })
      }
    }
    return { row, minified, gzipped, bytesByFile, lazy }
  } finally {
    await build.close()
  }
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

/** Bytes each input file put in the (single) output. */
function inputBytes(metafile: Metafile): Record<string, number> {
  const output = Object.values(metafile.outputs)[0]
  return Object.fromEntries(Object.entries(output?.inputs ?? {}).map(([file, info]) => [file, info.bytesInOutput]))
}

/** A measured row's bytes by where they come from (a package, or a kit source folder), largest first. */
export function bytesBySource(bytesByFile: Record<string, number>): string {
  const groups = new Map<string, number>()
  for (const [file, bytes] of Object.entries(bytesByFile)) {
    if (bytes === 0) continue
    const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]
    const kit = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(file)
    const key = pkg ?? (kit ? `@mcp-hitl/${kit[1]} ${kit[2] ? `${kit[2]}/` : '(entry files)'}` : file)
    groups.set(key, (groups.get(key) ?? 0) + bytes)
  }
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, bytes]) => `${key} ${kb(bytes)}`)
    .join(', ')
}
