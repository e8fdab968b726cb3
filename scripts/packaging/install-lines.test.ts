/**
 * Every install line the AG-UI guides give resolves to one `rxjs`, next to both `@ag-ui/client`
 * lines the kit supports (1.0.0 and CopilotKit's 0.0.59, which both pin rxjs 7.8.1 exactly): a
 * second copy breaks the type-check of an `AbstractAgent` subclass (TS2416, the subclass's
 * `Observable` is not the client's) and the install of `@ag-ui/mcp-apps-middleware` (ERESOLVE on its
 * exact rxjs peer). Each guide's block runs as written, line by line, with plain npm in an empty
 * folder and the kit from the packed tarballs, resolved into a lockfile (npm's whole resolution,
 * strict about nothing the user's npm is not; only the extraction is skipped, which would copy
 * CopilotKit's 475 MB); then `npm ls rxjs` must show one copy, and an agent written as the guides
 * write it must type-check on the `@ag-ui/client` and `rxjs` the block resolved, installed for
 * real. An example's bare `npm install` resolves its package.json the same way. The blocks run in
 * parallel on the npm cache the examples keep warm. */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NPM_CACHE } from '../examples/npm-cache'
import { allAgUiInstallBlocks, type InstallBlock } from './install-lines'
import { type PackedPackages, packPackages, ROOT } from './pack-packages'

const run = promisify(execFile)
const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error', '--cache', NPM_CACHE, '--prefer-offline']
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc')
const KIT = new Set(['@mcp-hitl/core', '@mcp-hitl/react'])

// An agent as the AG-UI guides write it (docs/ag-ui-elicitation.md, the examples' agent.ts), on the kit's middleware.
const AGENT_TS = `import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { createMcpAppsMiddleware } from '@mcp-hitl/core/server/ag-ui'
import { Observable } from 'rxjs'

export class Agent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent)
      subscriber.complete()
    })
  }
}

export const agent = new Agent().use(createMcpAppsMiddleware({ mcpServers: [] }))
`
const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] },
  include: ['agent.ts'],
}

let packed: PackedPackages
const blocks = allAgUiInstallBlocks(ROOT)
const dirs: string[] = []
const outcomes = new Map<string, Promise<Outcome>>()

interface Outcome {
  /** npm's and tsc's failures, as they printed them. */
  failures: string[]
  /** Each installed rxjs, as `path@version`. */
  rxjs: string[]
  seconds: number
}

async function attempt(failures: string[], what: string, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work()
    return true
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    failures.push(`${what}\n${e.stdout ?? ''}${e.stderr ?? e.message}`.trim())
    return false
  }
}

const env = { ...process.env, CI: 'true', npm_config_update_notifier: 'false' }
const npm = (cwd: string, args: string[]) => run('npm', [...args, ...NPM_FLAGS], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })

/** The kit's packages from the tarballs, the rest of the line as written. */
function manifestFor(block: InstallBlock): Record<string, unknown> {
  const kit = { '@mcp-hitl/core': `file:${packed.core}`, '@mcp-hitl/react': `file:${packed.react}` }
  // The react tarball depends on @mcp-hitl/core by version: take the packed one, not the registry's.
  const overrides = { '@mcp-hitl/core': kit['@mcp-hitl/core'] }
  if (!block.example) return { name: 'install-line', private: true, type: 'module', dependencies: {}, overrides }
  const example = JSON.parse(readFileSync(path.join(ROOT, block.example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const dependencies = Object.fromEntries(Object.entries(example.dependencies).map(([name, range]) => [name, KIT.has(name) ? kit[name as keyof typeof kit] : range]))
  return { ...example, dependencies, overrides }
}

/** Adds the kit's packages, as tarballs, to the folder's package.json. */
function addKit(dir: string, names: string[]): void {
  const file = path.join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }
  manifest.dependencies = { ...manifest.dependencies }
  for (const name of names) manifest.dependencies[name] = `file:${name === '@mcp-hitl/core' ? packed.core : packed.react}`
  writeFileSync(file, JSON.stringify(manifest, null, 2))
}

/** Each copy of rxjs in the resolved tree, as `path@version` (`npm ls --parseable --long` names a deduped copy by its one path). */
async function rxjsCopies(dir: string): Promise<string[]> {
  const listed = await npm(dir, ['ls', 'rxjs', '--all', '--parseable', '--long', '--package-lock-only']).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  )
  const found = listed.stdout
    .split('\n')
    .filter((line) => /\/node_modules\/rxjs:rxjs@/.test(line))
    .map((line) => {
      const [where = '', id = ''] = line.split(':')
      return `${path.relative(dir, where)}@${id.replace(/^rxjs@/, '')}`
    })
  return [...new Set(found)].sort()
}

/** The version the folder's lockfile resolved for `name` at the top of the tree. */
function resolvedVersion(dir: string, name: string): string | undefined {
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
  return lock.packages[`node_modules/${name}`]?.version
}

/**
 * Type-checks an agent with what a block resolved: the kit, `@ag-ui/client` and `rxjs` at those
 * versions, installed for real in a folder of their own (a second rxjs, when the versions differ,
 * is nested under the client as in the block's tree). One install per pair, shared by the blocks.
 */
const typeChecks = new Map<string, Promise<string[]>>()
function typeCheckAgent(client: string, rxjs: string): Promise<string[]> {
  const key = `${client}+${rxjs}`
  let checked = typeChecks.get(key)
  if (!checked) {
    checked = (async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-agent-typecheck-'))
      dirs.push(dir)
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifestFor({ where: key, lines: [] }), null, 2))
      addKit(dir, [...KIT])
      const failures: string[] = []
      if (await attempt(failures, `$ npm install @ag-ui/client@${client} rxjs@${rxjs}`, () => npm(dir, ['install', `@ag-ui/client@${client}`, `rxjs@${rxjs}`]))) {
        writeFileSync(path.join(dir, 'agent.ts'), AGENT_TS)
        writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG))
        await attempt(failures, 'tsc (an AbstractAgent subclass on the kit middleware)', () =>
          run(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' }),
        )
      }
      return failures
    })()
    typeChecks.set(key, checked)
  }
  return checked
}

/**
 * Runs a block's lines in an empty folder, resolving the whole tree as npm installs it
 * (`--package-lock-only`: the same resolution, ERESOLVE included, without extracting CopilotKit's
 * 475 MB), lists its rxjs copies, and type-checks an agent on the versions it resolved.
 */
async function installAndCheck(block: InstallBlock): Promise<Outcome> {
  const started = performance.now()
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-install-line-'))
  dirs.push(dir)
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifestFor(block), null, 2))
  const failures: string[] = []
  for (const line of block.lines) {
    const words = line.split(/\s+/).slice(2)
    // The kit's packages come from this commit's tarballs; everything else from the registry, as written.
    addKit(dir, words.filter((word) => KIT.has(word)))
    const rest = words.filter((word) => !KIT.has(word))
    if (!(await attempt(failures, `$ ${line}`, () => npm(dir, ['install', '--package-lock-only', ...rest])))) break
  }
  const rxjs = failures.length === 0 ? await rxjsCopies(dir) : []
  const client = failures.length === 0 ? resolvedVersion(dir, '@ag-ui/client') : undefined
  const top = failures.length === 0 ? resolvedVersion(dir, 'rxjs') : undefined
  if (failures.length === 0 && (!client || !top)) failures.push(`resolved no top-level @ag-ui/client (${client}) or rxjs (${top})`)
  if (client && top) failures.push(...(await typeCheckAgent(client, top)))
  return { failures, rxjs, seconds: Math.round((performance.now() - started) / 100) / 10 }
}

beforeAll(() => {
  packed = packPackages()
  // All blocks at once: each waits mostly on npm's network and disk, not the CPU.
  for (const block of blocks) outcomes.set(block.where, installAndCheck(block))
}, 180_000)
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the AG-UI guides’ install lines', () => {
  it('are found: each AG-UI guide and example has its block', () => {
    expect(blocks.map((b) => b.where.replace(/:\d+$/, ''))).toEqual([
      'docs/ag-ui-elicitation.md',
      'docs/copilotkit.md',
      'docs/mcp-apps-ag-ui.md',
      'docs/vite-ag-ui.md',
      'examples/copilotkit/README.md',
      'examples/vite-ag-ui/README.md',
    ])
  })

  it.each(blocks.map((b) => [b.where, b] as const))('%s installs with one rxjs, and an AbstractAgent subclass type-checks', async (where) => {
    const outcome = await (outcomes.get(where) as Promise<Outcome>)
    console.info(`${where}: ${outcome.seconds} s`)
    expect(outcome.failures).toEqual([])
    expect(outcome.rxjs).toEqual(['node_modules/rxjs@7.8.1'])
  }, 300_000)
})
