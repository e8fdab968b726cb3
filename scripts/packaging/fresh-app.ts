/**
 * A new user's first app: scaffolded by the real create-vite / create-next-app (pinned, with their
 * bundled templates), then the README's steps and one guide's followed as written: the kit installed
 * from this commit's tarballs (what `npm run pack:local` prints), the stylesheet imported where the
 * README says, the guide's component pasted as it is. The app is built with its own `npm run build`
 * and its page checked in Chromium for the kit's look.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { expect } from 'vitest'
import { guardChild } from '../../packages/core/test/redis/watchdog'
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium'
import { extractSnippets } from '../docs/extract-snippets'
import { cleanEnv, runCommand } from '../examples/example-app'
import { NPM_CACHE } from '../examples/npm-cache'
import { packPackages, ROOT } from './pack-packages'

/** The scaffolding CLIs, pinned: each writes its bundled template, so nothing but npm is fetched. */
export const CREATE_VITE = 'create-vite@9.3.0'
export const CREATE_NEXT_APP = 'create-next-app@16.4.3'

/** The guide both apps follow, and what its snippet imports besides the kit (the repository's pin). */
export const GUIDE = 'docs/elicitation-ui.md'
const GUIDE_DEPENDENCIES = ['ai@7.0.173']

const NPM_FLAGS = `--cache '${NPM_CACHE}' --prefer-offline --no-audit --no-fund --loglevel=error`

/** A scaffolded app in a temporary folder. */
export interface FreshApp {
  dir: string
  /** Runs a shell command in the app; rejects with its output when it fails. */
  run(command: string): Promise<string>
  /** Starts a long-running command; resolves once its output matches `ready`. */
  start(command: string, ready: RegExp): Promise<void>
  /** Seconds each step took, printed by {@link dispose} for the CI log. */
  timings: Record<string, number>
  dispose(): Promise<void>
}

/** Scaffolds `name` with `cli` (one of the pinned specs above) and its non-interactive `args`. */
export async function scaffold(cli: string, name: string, args: string[]): Promise<FreshApp> {
  const parent = mkdtempSync(path.join(tmpdir(), `mcp-hitl-fresh-${name}-`))
  const dir = path.join(parent, name)
  const env = () => cleanEnv(undefined, dir)
  const timings: Record<string, number> = {}
  const children = new Set<ChildProcess>()
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      timings[step] = Math.round((performance.now() - started) / 100) / 10
    }
  }
  const bin = cli.slice(0, cli.lastIndexOf('@'))
  await timed('scaffold', () =>
    runCommand(`npm exec --yes ${NPM_FLAGS} --package=${cli} -- ${bin} ${name} ${args.join(' ')}`, parent, env()),
  )
  return {
    dir,
    timings,
    run: (command) => timed(command.replace(/ --.*$/, ''), () => runCommand(command, dir, env())),
    start: (command, ready) =>
      timed('start (until ready)', async () => {
        const child = spawn('sh', ['-c', `exec ${command}`], { cwd: dir, env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
        children.add(child)
        const unguard = guardChild(child)
        child.once('exit', unguard)
        let output = ''
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`\`${command}\` not ready in 60 s:\n${output}`)), 60_000)
          const onData = (chunk: Buffer) => {
            output += String(chunk)
            if (ready.test(output)) {
              clearTimeout(timer)
              resolve()
            }
          }
          child.stdout.on('data', onData)
          child.stderr.on('data', onData)
          child.once('exit', (code) => {
            clearTimeout(timer)
            reject(new Error(`\`${command}\` exited with ${code} before it was ready:\n${output}`))
          })
        })
      }),
    async dispose() {
      for (const child of children) {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      rmSync(parent, { recursive: true, force: true })
      console.log(`fresh ${name}: ${Object.entries(timings).map(([step, s]) => `${step} ${s} s`).join(', ')}`)
    },
  }
}

/** `npm install` of both tarballs, as `npm run pack:local` prints it, and of what the guide imports. */
export function installKit(app: FreshApp): Promise<string> {
  const packed = packPackages()
  return app.run(`npm install ${NPM_FLAGS} '${packed.core}' '${packed.react}' ${GUIDE_DEPENDENCIES.join(' ')}`)
}

/** The stylesheet import exactly as the README's "Add it to your app" section writes it. */
export function readmeStylesheetImport(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf('## Add it to your app')
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  const line = /`(import '@mcp-hitl\/react\/styles\.css')`/.exec(section)?.[1]
  if (!line) throw new Error('README.md: the "Add it to your app" section no longer shows the stylesheet import')
  return line
}

/** The guide's component that renders the dialog for a chat's messages, as the guide shows it. */
export function guideChat(): string {
  const snippet = extractSnippets(ROOT, GUIDE).find((s) => s.code.includes('export function Chat({ messages }'))
  if (!snippet) throw new Error(`${GUIDE}: no snippet exports Chat({ messages }) any more; pick the snippet the fresh apps paste`)
  return `${snippet.code}\n`
}

/**
 * The app's own page component `name`: its chat's messages (here one assistant message that carries
 * a pending form request) go to the guide's Chat, imported from `./chat`.
 */
export function appPage(name: string): string {
  return `import type { UIMessage } from 'ai'\nimport { Chat } from './chat'\n\nconst messages: UIMessage[] = ${SAMPLE_MESSAGES}\n\nexport default function ${name}() {\n  return <Chat messages={messages} />\n}\n`
}

const SAMPLE_MESSAGES = `[
  {
    id: 'm1',
    role: 'assistant',
    parts: [
      {
        type: 'data-elicitation-request',
        id: 'e1',
        data: {
          elicitationId: 'e1',
          message: 'Which name should the account use?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
          mode: 'form',
          serverName: 'Acme',
          serverTitle: 'Acme',
          status: 'pending',
        },
      },
    ],
  },
]`

/** What the dialog looks like on the page: the computed styles that tell the kit's stylesheet applied. */
export interface KitLook {
  position: string
  backgroundColor: string
  borderTop: string
  borderRadius: string
  boxShadow: string
  overlayPosition: string
  overlayBackground: string
  pageErrors: string[]
}

/** The checks both apps make: the kit's own look, where the browser's defaults would be transparent, square, flat. */
export function expectKitLook(look: KitLook): void {
  expect(look).toMatchObject({ position: 'fixed', borderTop: '1px solid', overlayPosition: 'fixed', pageErrors: [] })
  expect(look.backgroundColor).not.toBe('rgba(0, 0, 0, 0)')
  expect(look.overlayBackground).not.toBe('rgba(0, 0, 0, 0)')
  expect(look.borderRadius).not.toBe('0px')
  expect(look.boxShadow).not.toBe('none')
}

/** Opens `url` in Chromium, waits for the kit's dialog and reads its computed style. */
export async function kitLook(url: string): Promise<KitLook> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(url)
    await page.getByRole('dialog').getByText('Which name should the account use?').waitFor({ timeout: 30_000 })
    const look = await page.evaluate(() => {
      const root = document.querySelector('[data-mcp-hitl-root][role="dialog"]')
      const overlay = document.querySelector('[data-mcp-hitl-overlay]')
      if (!root || !overlay) throw new Error('no kit dialog on the page')
      const style = getComputedStyle(root)
      return {
        position: style.position,
        backgroundColor: style.backgroundColor,
        borderTop: `${style.borderTopWidth} ${style.borderTopStyle}`,
        borderRadius: style.borderTopLeftRadius,
        boxShadow: style.boxShadow,
        overlayPosition: getComputedStyle(overlay).position,
        overlayBackground: getComputedStyle(overlay).backgroundColor,
      }
    })
    return { ...look, pageErrors }
  } finally {
    await browser.close()
  }
}
