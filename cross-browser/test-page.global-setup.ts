/**
 * Node side of the cross-browser suite: builds the test page (`page/`, bundling the kit's React
 * sources, the real dialog and frame host) with Vite, serves it on its own 127.0.0.1 port (another
 * origin than the collector and the sandbox proxy of hostile-peers.global-setup.ts), and, once
 * every engine ran, writes the conformance matrix (docs/browser-conformance.md). The same server
 * holds document loads open (`/__hold?id=` answers and never ends until `/__release?id=`) and opens
 * TCP collectors (`POST /__tcp` opens one on a free port, `GET /__tcp/<port>` says how many
 * connections it accepted, and closes it), for link hints that open a connection and send nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net'
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
// Upper bounds, so that a runaway test cannot grow the server without limit.
const MAX_HOLDS = 50
const MAX_TCP_COLLECTORS = 400

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
  const holds = new Map<string, ServerResponse>()
  const tcp = new Map<number, { server: TcpServer; connections: number }>()
  const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page')
    if (url.pathname === '/__hold') {
      const id = url.searchParams.get('id') ?? ''
      if (holds.size >= MAX_HOLDS || holds.has(id)) return res.writeHead(429).end()
      holds.set(id, res)
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
      return res.write('<!doctype html><p>held')
    }
    if (url.pathname === '/__release') {
      const id = url.searchParams.get('id') ?? ''
      holds.get(id)?.end('</p>')
      return json(res, { released: holds.delete(id) })
    }
    if (url.pathname === '/__tcp' && req.method === 'POST') {
      if (tcp.size >= MAX_TCP_COLLECTORS) return json(res, { error: 'too many TCP collectors' })
      const collector = createTcpServer((socket) => {
        const entry = tcp.get((collector.address() as AddressInfo).port)
        if (entry) entry.connections++
        socket.on('error', () => {})
        socket.destroy()
      })
      collector.listen(0, '127.0.0.1', () => {
        const port = (collector.address() as AddressInfo).port
        tcp.set(port, { server: collector, connections: 0 })
        json(res, { port })
      })
      return
    }
    if (url.pathname.startsWith('/__tcp/')) {
      // A count is read once, after the engine had its chance: the collector closes with it.
      const port = Number(url.pathname.slice(7))
      const entry = tcp.get(port)
      tcp.delete(port)
      entry?.server.close()
      return json(res, { connections: entry?.connections ?? -1 })
    }
    const name = url.pathname.replace(/^\/+/, '') || 'index.html'
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
    for (const res of holds.values()) res.end()
    for (const { server: collector } of tcp.values()) collector.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    rmSync(outDir, { recursive: true, force: true })
    writeConformanceMatrix(runId)
  }
}
