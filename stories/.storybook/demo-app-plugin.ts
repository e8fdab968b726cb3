/**
 * Vite plugin that serves `virtual:mcp-demo-app` as the HTML of a small MCP App, bundled with
 * esbuild from `src/apps/demo-app.ts` on the REAL ext-apps `App` class. The app must be one
 * self-contained HTML document (the frame loads it through `srcdoc`), so the bundle is inlined.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

const MODULE_ID = 'virtual:mcp-demo-app'
const RESOLVED_ID = `\0${MODULE_ID}`
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/apps')
const ENTRY = path.join(appDir, 'demo-app.ts')
const TEMPLATE = path.join(appDir, 'demo-app.html')

/** Bundles the demo app and returns the finished HTML document. */
export async function buildDemoAppHtml(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    // zod checks `process.env` in a few places; the iframe has no `process`.
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const js = result.outputFiles[0]?.text ?? ''
  // A literal `</script` inside the bundle would end the inline script early.
  const safeJs = js.replaceAll('</script', '<\\/script')
  const template = readFileSync(TEMPLATE, 'utf8')
  const html = template.replace('<!--APP_SCRIPT-->', () => `<script>${safeJs}</script>`)
  return html
}

/** The plugin: `import demoAppHtml from 'virtual:mcp-demo-app'` gives the HTML string. */
export function mcpDemoAppPlugin(): Plugin {
  return {
    name: 'mcp-hitl:demo-app',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      const html = await buildDemoAppHtml()
      // Rebuild when the app's own sources change during `storybook dev`.
      this.addWatchFile(ENTRY)
      this.addWatchFile(TEMPLATE)
      return `export default ${JSON.stringify(html)}`
    },
  }
}
