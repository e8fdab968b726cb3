// @module-tag security
/**
 * The app document the packed dist builds starts with the compiled guard string, as it is: the
 * package build (tsdown, with the package's own config) inlines a plain string, and no bundler step
 * wraps the guard in a helper or an import that would break it where it runs from its own source
 * (nested documents). frame-guard.browser.test.ts runs that same string in Chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'tsdown'
import { afterAll, describe, expect, it } from 'vitest'
import type { buildAppDocument as BuildAppDocument } from '../../src/apps/app-document'
import { FRAME_GUARD_SCRIPT } from '../../src/apps/frame-guard/frame-guard-script.gen'
import packageBuild from '../../tsdown.config'

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const outDir = mkdtempSync(path.join(tmpdir(), 'frame-guard-dist-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the frame guard in the built package', () => {
  it('is the compiled string, inlined whole, in the document the dist builds', async () => {
    await build({
      ...packageBuild,
      config: false,
      cwd: CORE,
      entry: [path.join(CORE, 'src/internal.ts')],
      outDir,
      dts: false,
      sourcemap: false,
      logLevel: 'silent',
    })
    // One file per source module (the package builds unbundled), so every file of the output counts.
    const built = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
    const code = built.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n')
    // The guard is in the dist as one string literal, not as code a bundler could have rewritten.
    expect(code).not.toContain('function guard(config)\n')
    // `buildAppDocument` is the React package's, through the internal entry.
    const apps = (await import(pathToFileURL(path.join(outDir, 'internal.js')).href)) as { buildAppDocument: typeof BuildAppDocument }
    const document = apps.buildAppDocument('<p>app</p>', { csp: "default-src 'none'", parentOrigin: 'https://chat.example.com' })
    const start = document.indexOf('<script>') + '<script>'.length
    const guard = document.slice(start, document.indexOf('({"channel":true', start))
    expect(guard).toBe(FRAME_GUARD_SCRIPT)
    expect(guard).not.toMatch(/__name\(|\bimport\b|\bexport\b|\brequire\(/)
    // One script element: nothing in the guard ends it early.
    expect(document.match(/<\/script/gi)).toHaveLength(1)
  })
})
