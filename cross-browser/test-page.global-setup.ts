/**
 * Node side of the cross-browser suite: builds the test page (`page/`, bundling the kit's React
 * sources, the real dialog and frame host) with Vite, serves it on its own 127.0.0.1 port (another
 * origin than the collector and the sandbox proxy of hostile-peers.global-setup.ts), and, once
 * every engine ran, writes the conformance matrix (docs/browser-conformance.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defaultClientConditions } from 'vite'
import type { TestProject } from 'vitest/node'
import { writeConformanceMatrix } from './conformance-matrix'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test page (`http://127.0.0.1:<port>/index.html`). */
    crossBrowserPageUrl: string
    /** This run's id: results carrying another id are from an earlier run and never enter the matrix. */
    crossBrowserRunId: string
  }
}

const here = path.dirname(fileURLToPath(import.meta.url))
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }

export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-cross-browser-'))
  await build({
    configFile: false,
    root: path.join(here, 'page'),
    base: './',
    logLevel: 'error',
    plugins: [react()],
    resolve: { conditions: ['@mcp-hitl/source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: {
        // Radix and RJSF ship "use client" directives, meaningless in a plain page.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
        },
      },
    },
  })
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://page').pathname.replace(/^\/+/, '') || 'index.html'
    const file = path.join(outDir, path.normalize(name))
    if (!file.startsWith(outDir)) return res.writeHead(404).end()
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const runId = `${Date.now().toString(36)}-${process.pid}`
  project.provide('crossBrowserPageUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`)
  project.provide('crossBrowserRunId', runId)

  return async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    rmSync(outDir, { recursive: true, force: true })
    writeConformanceMatrix(runId)
  }
}
