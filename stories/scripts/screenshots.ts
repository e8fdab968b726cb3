/**
 * Screenshots of three representative stories from the static Storybook build, for the docs:
 *   pnpm --filter @mcp-hitl/stories run build-storybook && pnpm --filter @mcp-hitl/stories run screenshots
 * Serves `storybook-static/` on 127.0.0.1 (a free port) and drives Debian's Chromium with playwright-core.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM } from '../../scripts/chromium'

const here = path.dirname(fileURLToPath(import.meta.url))
const STATIC_DIR = path.resolve(here, '../storybook-static')
const DOCS_DIR = path.resolve(here, '../../docs')

/** Story id, output name, and what to wait for before the shot. Stories without a play function, so the shot shows their first state. */
const SHOTS = [
  { id: 'elicitation-elicitationdialog--light', file: 'stories-elicitation-dialog.png', ready: '[role="dialog"]', theme: 'light' },
  { id: 'elicitation-elicitationdialog--dark', file: 'stories-elicitation-queue-dark.png', ready: '[role="dialog"]', theme: 'dark' },
  { id: 'mcp-apps-mcpappframe--ready', file: 'stories-mcp-app-frame.png', ready: '[data-status="ready"] iframe[style*="height"]', theme: 'light' },
] as const

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

function serveStatic(root: string) {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const file = path.join(root, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname))
    // Never serve outside the build directory.
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
}

async function main(): Promise<void> {
  if (!existsSync(path.join(STATIC_DIR, 'iframe.html'))) {
    throw new Error('No static build: run `pnpm --filter @mcp-hitl/stories run build-storybook` first.')
  }
  const server = serveStatic(STATIC_DIR)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1 })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    for (const shot of SHOTS) {
      const url = `http://127.0.0.1:${port}/iframe.html?id=${shot.id}&viewMode=story&globals=theme:${shot.theme}`
      await page.goto(url)
      await page.locator(shot.ready).first().waitFor({ state: 'visible', timeout: 20_000 })
      // Let fonts, the app's own first paint and any open animation settle.
      await page.waitForTimeout(1500)
      await page.screenshot({ path: path.join(DOCS_DIR, shot.file) })
      console.log(`wrote docs/${shot.file}`)
    }
    if (errors.length) throw new Error(`Page errors: ${errors.join('; ')}`)
  } finally {
    await browser.close()
    server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
