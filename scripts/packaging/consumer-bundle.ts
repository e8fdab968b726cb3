/**
 * What a consumer's page loads from the kit, measured as the consumer gets it: the packed tarballs
 * installed into a page of its own, bundled by esbuild (code splitting on) and by a Vite production
 * build (rolldown), minified, React left to the app. What the entry chunk and the chunks it imports
 * statically hold is loaded up front; chunks reached only by a dynamic `import()` are loaded later.
 * Sizes are min+gzip at level 9, chunk by chunk (each is fetched on its own).
 *
 * The install is offline: the tarballs are unpacked into `.cache/consumer-bundle/<hash>/node_modules`
 * and the kit's own dependencies linked there from the workspace install (the versions its manifest
 * pins), so nothing but what the tarballs hold comes from the kit.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { build as viteBuild } from 'vite'
import { type PackedPackages, ROOT } from './pack-packages'

export type Bundler = 'esbuild' | 'vite'

/** One chunk of a consumer's build. */
export interface ConsumerChunk {
  name: string
  gzipped: number
  /** The files it holds (resolved paths), to tell the kit's chunks from the form's. */
  inputs: string[]
}

/** A consumer page's build: what loads up front and what loads later. */
export interface ConsumerBundle {
  bundler: Bundler
  upFront: ConsumerChunk[]
  later: ConsumerChunk[]
}

export const totalGzipped = (chunks: readonly ConsumerChunk[]): number => chunks.reduce((sum, chunk) => sum + chunk.gzipped, 0)

/** Whether any chunk holds a file whose path matches. */
export const holds = (chunks: readonly ConsumerChunk[], pattern: RegExp): boolean => chunks.some((chunk) => chunk.inputs.some((file) => pattern.test(file)))

const gzip = (code: string) => gzipSync(code, { level: 9 }).length
// What a React app ships already.
const APP_PROVIDED = /^react(-dom)?(\/|$)/

/**
 * Unpacks the tarballs as `node_modules/@mcp-hitl/{core,react}` of a consumer directory (once per
 * pack) and links the kit's dependencies beside them. Returns the consumer's directory.
 */
export function installPacked(packed: PackedPackages): string {
  const dir = path.join(ROOT, '.cache/consumer-bundle', path.basename(packed.dir))
  if (existsSync(path.join(dir, 'installed'))) return dir
  const staging = `${dir}.${process.pid}.staging`
  rmSync(staging, { recursive: true, force: true })
  const scope = path.join(staging, 'node_modules/@mcp-hitl')
  mkdirSync(scope, { recursive: true })
  for (const [name, tarball] of [['core', packed.core], ['react', packed.react]] as const) {
    const into = path.join(staging, `unpack-${name}`)
    mkdirSync(into)
    execFileSync('tar', ['-xzf', tarball, '-C', into])
    renameSync(path.join(into, 'package'), path.join(scope, name))
  }
  const manifest = JSON.parse(readFileSync(path.join(scope, 'react/package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (dependency.startsWith('@mcp-hitl/')) continue
    const installed = realpathSync(path.join(ROOT, 'packages/react/node_modules', dependency))
    const link = path.join(staging, 'node_modules', dependency)
    mkdirSync(path.dirname(link), { recursive: true })
    symlinkSync(installed, link, 'dir')
  }
  writeFileSync(path.join(staging, 'installed'), '')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(path.dirname(dir), { recursive: true })
  try {
    renameSync(staging, dir)
  } catch (error) {
    // Another process installed the same pack meanwhile: its copy is as good.
    if (!existsSync(path.join(dir, 'installed'))) throw error
    rmSync(staging, { recursive: true, force: true })
  }
  return dir
}

/** Writes a page entry into the consumer directory and returns its path. */
export function writePage(consumer: string, name: string, source: string): string {
  const file = path.join(consumer, 'pages', `${name}.js`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, source)
  return file
}

/** Splits chunks into those reached from the entry by static imports and the others. */
function upFrontAndLater<T>(chunks: Map<string, T & ConsumerChunk>, entry: string, importsOf: (name: string) => readonly string[]) {
  const upFront = new Set<string>()
  const visit = (name: string) => {
    if (upFront.has(name) || !chunks.has(name)) return
    upFront.add(name)
    for (const next of importsOf(name)) visit(next)
  }
  visit(entry)
  const all = [...chunks.entries()]
  return {
    upFront: all.filter(([name]) => upFront.has(name)).map(([, chunk]) => chunk),
    later: all.filter(([name]) => !upFront.has(name)).map(([, chunk]) => chunk),
  }
}

async function withEsbuild(entry: string): Promise<ConsumerBundle> {
  const outdir = path.join(path.dirname(entry), 'out-esbuild')
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const code = new Map(result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.text]))
  const outputs = Object.entries(result.metafile.outputs).filter(([name]) => name.endsWith('.js'))
  const chunks = new Map(
    outputs.map(([name, output]) => [
      name,
      { name: path.basename(name), gzipped: gzip(code.get(name) ?? ''), inputs: Object.keys(output.inputs), output },
    ]),
  )
  const entryName = outputs.find(([, output]) => output.entryPoint)?.[0]
  if (!entryName) throw new Error('esbuild produced no entry chunk')
  return {
    bundler: 'esbuild',
    ...upFrontAndLater(chunks, entryName, (name) =>
      (chunks.get(name)?.output.imports ?? []).filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path),
    ),
  }
}

interface RolldownChunk {
  type: 'chunk' | 'asset'
  fileName: string
  name: string
  code: string
  isEntry: boolean
  imports: string[]
  moduleIds: string[]
}

async function withVite(entry: string): Promise<ConsumerBundle> {
  const built = await viteBuild({
    root: path.dirname(entry),
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      rolldownOptions: { input: entry, external: (id: string) => APP_PROVIDED.test(id) },
    },
  })
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((b) => ('output' in b ? (b.output as unknown as RolldownChunk[]) : []))
  const js = outputs.filter((o) => o.type === 'chunk')
  const chunks = new Map(js.map((c) => [c.fileName, { name: c.fileName, gzipped: gzip(c.code), inputs: c.moduleIds, chunk: c }]))
  const entryChunk = js.find((c) => c.isEntry)
  if (!entryChunk) throw new Error('vite produced no entry chunk')
  return { bundler: 'vite', ...upFrontAndLater(chunks, entryChunk.fileName, (name) => chunks.get(name)?.chunk.imports ?? []) }
}

/** Bundles a page entry with one bundler. */
export function bundlePage(entry: string, bundler: Bundler): Promise<ConsumerBundle> {
  return bundler === 'esbuild' ? withEsbuild(entry) : withVite(entry)
}
