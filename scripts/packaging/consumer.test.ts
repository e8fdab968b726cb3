/**
 * "npm install into an existing chat UI": the packed tarballs go into a Vite + React app outside the
 * workspace with plain npm (no workspace links), which type-checks (bundler and NodeNext resolution),
 * builds, runs the server entry in Node and renders the dialog in Chromium, once with React 18 and
 * once with React 19.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium'
import { type PackedPackages, packPackages, ROOT } from './pack-packages'
import { serveStatic } from './serve-static'

const TEMPLATE = path.join(ROOT, 'scripts/packaging/consumer-app')

// Exact versions of what a consumer brings itself; the kit's own dependencies come from the tarballs.
const REACT_LINES = {
  18: { react: '18.3.1', 'react-dom': '18.3.1', '@types/react': '18.3.32', '@types/react-dom': '18.3.7' },
  19: { react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
} as const
const TOOLS = { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0', typescript: '6.0.3', '@types/node': '20.19.43' }
// What an AG-UI backend has already (a dependency of @ag-ui/client), needed by @mcp-hitl/core/server/ag-ui.
const AG_UI_BACKEND = { rxjs: '7.8.1' }

/** What the consumer page records: the respond bodies it would have POSTed. */
type ConsumerWindow = Window & { answers: unknown[] }

let packed: PackedPackages
beforeAll(() => {
  packed = packPackages()
})

function run(cwd: string, command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, CI: 'true' } })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`)
  }
}

describe.each([18, 19] as const)('consumer app with React %i', (major) => {
  let app: string
  let server: Server | undefined

  beforeAll(() => {
    app = mkdtempSync(path.join(tmpdir(), `mcp-hitl-consumer-react${major}-`))
    cpSync(TEMPLATE, app, { recursive: true })
    const core = `file:${packed.core}`
    const pkg = {
      name: `consumer-react${major}`,
      private: true,
      type: 'module',
      dependencies: { '@mcp-hitl/core': core, '@mcp-hitl/react': `file:${packed.react}`, ...REACT_LINES[major], ...AG_UI_BACKEND },
      devDependencies: TOOLS,
      // The react tarball depends on @mcp-hitl/core by version: take the packed one, not the registry's.
      overrides: { '@mcp-hitl/core': core },
    }
    writeFileSync(path.join(app, 'package.json'), JSON.stringify(pkg, null, 2))
    run(app, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'])
  })

  afterAll(() => {
    server?.close()
  })

  it('type-checks the UI with bundler resolution and the server with NodeNext', () => {
    run(app, 'npx', ['tsc', '-p', 'tsconfig.json'])
    run(app, 'npx', ['tsc', '-p', 'tsconfig.node.json'])
  })

  it('runs the server entry in plain Node ESM', () => {
    run(app, 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit', 'false'])
    const out = run(app, 'node', ['build/server.js'])
    const { status, body, agUi } = JSON.parse(out.trim()) as {
      status: number
      body: { error: string }
      agUi: { status: number; events: string[] }
    }
    expect(status).toBe(404)
    expect(body.error).toMatch(/not found/i)
    expect(agUi).toEqual({
      status: 200,
      events: ['data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}', 'data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}'],
    })
  })

  it('builds with Vite and renders the dialog in Chromium', async () => {
    run(app, 'npx', ['vite', 'build', '--logLevel', 'error'])
    server = await serveStatic(path.join(app, 'dist'))
    const { port } = server.address() as AddressInfo
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`http://127.0.0.1:${port}/`)
      await page.getByText(`React ${major}.`).waitFor()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await expect(dialog.textContent()).resolves.toContain('Consumer server')
      // The theme from the tarball reached the dialog: shadcn's rounded-xl card corners, not the default 10px.
      expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('14px')
      await dialog.getByLabel(/Name/).fill('Ada')
      await dialog.getByRole('button', { name: /^Send/ }).click()
      await page.waitForFunction(() => (window as unknown as ConsumerWindow).answers.length > 0)
      const answers = await page.evaluate(() => (window as unknown as ConsumerWindow).answers)
      expect(answers).toEqual([{ id: 'consumer-1', action: 'accept', content: { name: 'Ada' } }])
      expect(await page.locator('[data-frame-export="ok"]').count()).toBe(1)
      expect(await page.locator('[data-renderers]').getAttribute('data-renderers')).toBe('mcp-apps mcp-hitl-elicitation')
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
