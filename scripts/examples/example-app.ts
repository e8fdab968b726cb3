/**
 * The examples harness: copies `examples/<name>` out of the repository, installs it with plain npm
 * from the packed tarballs of this commit (as a user installs from the registry: no workspace links),
 * under the lowest Node.js its `engines.node` claims, and runs its package.json scripts (build,
 * typecheck, start) as child processes on 127.0.0.1.
 *
 * An example is one folder with a package.json whose `@mcp-hitl/*` dependencies name the published
 * version, `engines.node`, and the scripts `build`, `typecheck` and `start`; its `e2e.test.ts` (not
 * copied) drives it through this module.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { guardChild } from '../../packages/core/test/redis/watchdog'
import { packPackages, ROOT } from '../packaging/pack-packages'
import { engineMismatches } from './engine-mismatches'
import { lowestNodeVersion, type NodeRuntime, nodeRuntime } from './node-runtime'
import { NPM_CACHE } from './npm-cache'

/** Files of an example that are the repository's, not the app's. */
const NOT_COPIED = new Set(['node_modules', '.next', 'dist', 'e2e.test.ts', 'package-lock.json'])

/** An example installed outside the repository, ready to build and start. */
export interface ExampleApp {
  name: string
  /** The installed copy (a temporary folder). */
  dir: string
  /** The Node.js everything runs under: the lowest `engines.node` admits. */
  node: NodeRuntime
  /** What `npm install` printed (warnings included). */
  installLog: string
  /** Installed packages whose `engines.node` excludes {@link node} (npm's EBADENGINE, for that version). */
  engineMismatches: string[]
  /** Runs a package.json script to completion; rejects with its output when it fails. */
  run(script: string, env?: Record<string, string>): Promise<string>
  /** Starts a package.json script; resolves once its output matches `ready`. */
  start(script: string, options: StartOptions): Promise<ExampleProcess>
  /** Seconds each step took (install, every script run, every start until ready), for the CI log. */
  timings: Record<string, number>
  /** Stops every process it started and removes the copy; prints {@link timings}. */
  dispose(): Promise<void>
}

/** Options of {@link ExampleApp.start}. */
export interface StartOptions {
  env?: Record<string, string>
  /** A line of output that means "serving". */
  ready: RegExp
  timeoutMs?: number
}

/** A started script. */
export interface ExampleProcess {
  pid: number
  /** Everything it printed so far. */
  output(): string
  /** Sends a signal to the process itself (not its children), e.g. to test its SIGTERM handling. */
  signal(signal: NodeJS.Signals): void
  /** Resolves when it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM to its process group, SIGKILL after 10 s. */
  stop(): Promise<void>
}

// Variables of the test runner and of pnpm that would change how npm, Next.js or Vite behave.
const LEAKED_ENV = /^(npm_|pnpm_|PNPM_|VITEST|VITE_|NODE_ENV$|NODE_OPTIONS$|TSX_|__NEXT)/

/** The environment a child app runs in: this one without the runner's variables, `node`'s binaries first. */
export function cleanEnv(node: NodeRuntime | undefined, dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!LEAKED_ENV.test(key)) env[key] = value
  const bins = node ? [node.binDir, path.join(dir, 'node_modules/.bin')] : []
  env.PATH = [...bins, process.env.PATH].join(path.delimiter)
  env.NEXT_TELEMETRY_DISABLED = '1'
  env.CI = 'true'
  return { ...env, ...extra }
}

function collect(child: ChildProcess): { output: () => string } {
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  return { output: () => output }
}

/** Runs a shell command to completion; rejects with its output when it fails. */
export function runCommand(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const dispose = guardChild(child)
  const { output } = collect(child)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      dispose()
      if (code === 0) resolve(output())
      else reject(new Error(`\`${command}\` in ${cwd} exited with ${code ?? signal}:\n${output()}`))
    })
  })
}

/** Copies, installs from the packed tarballs and returns the example `name` (examples/<name>). */
export async function prepareExample(name: string): Promise<ExampleApp> {
  const source = path.join(ROOT, 'examples', name)
  const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as {
    engines?: { node?: string }
    scripts?: Record<string, string>
    dependencies?: Record<string, string>
    overrides?: Record<string, string>
  }
  if (!manifest.engines?.node) throw new Error(`examples/${name}/package.json: give engines.node (the Node.js versions it runs on)`)
  const node = nodeRuntime(lowestNodeVersion(manifest.engines.node))
  const packed = packPackages()

  const dir = mkdtempSync(path.join(tmpdir(), `mcp-hitl-example-${name}-`))
  cpSync(source, dir, { recursive: true, filter: (file) => !NOT_COPIED.has(path.basename(file)) })
  // The published version, swapped for this commit's tarball; react's own dependency on core too.
  const tarballs: Record<string, string> = { '@mcp-hitl/core': `file:${packed.core}`, '@mcp-hitl/react': `file:${packed.react}` }
  const dependencies = { ...manifest.dependencies }
  for (const [pkg, tarball] of Object.entries(tarballs)) if (pkg in dependencies) dependencies[pkg] = tarball
  const installed = {
    ...manifest,
    dependencies,
    overrides: { ...manifest.overrides, '@mcp-hitl/core': tarballs['@mcp-hitl/core'] },
  }
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(installed, null, 2)}\n`)

  const timings: Record<string, number> = {}
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      let key = step
      for (let n = 2; key in timings; n++) key = `${step} #${n}`
      timings[key] = Math.round((performance.now() - started) / 100) / 10
    }
  }
  // npm runs on this machine's Node (npm 11 does not support every Node it may install for);
  // the example's own version is checked against every package's engines below.
  const installLog = await timed('install', () =>
    runCommand(`npm install --cache '${NPM_CACHE}' --prefer-offline --no-audit --no-fund --loglevel=warn`, dir, cleanEnv(undefined, dir)),
  )

  const started = new Set<ExampleProcess>()
  const scriptOf = (script: string): string => {
    const command = manifest.scripts?.[script]
    if (!command) throw new Error(`examples/${name}/package.json has no "${script}" script`)
    return command
  }

  return {
    name,
    dir,
    node,
    installLog,
    engineMismatches: engineMismatches(dir, node.version),
    timings,
    run: (script, extra) => timed(script, () => runCommand(scriptOf(script), dir, cleanEnv(node, dir, extra))),
    start: (script, options) => timed(`${script} (until ready)`, () => start(script, options)),
    async dispose() {
      await Promise.all([...started].map((p) => p.stop()))
      rmSync(dir, { recursive: true, force: true })
      const steps = Object.entries(timings).map(([step, seconds]) => `${step} ${seconds} s`)
      console.log(`example ${name} on Node ${node.version}: ${steps.join(', ')}`)
    },
  }

  async function start(script: string, options: StartOptions): Promise<ExampleProcess> {
    // exec: the script's process is the child itself, so a signal reaches the server, not a shell.
    const child = spawn('sh', ['-c', `exec ${scriptOf(script)}`], {
      cwd: dir,
      env: cleanEnv(node, dir, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const dispose = guardChild(child)
    const { output } = collect(child)
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        dispose()
        resolve({ code, signal })
      }),
    )
    const pid = child.pid!
    const group = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal)
      } catch {
        // already gone
      }
    }
    const handle: ExampleProcess = {
      pid,
      output,
      exited,
      signal: (signal) => child.kill(signal),
      async stop() {
        if (child.exitCode === null && child.signalCode === null) group('SIGTERM')
        const timer = setTimeout(() => group('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
        group('SIGKILL') // anything it left in its group
        started.delete(handle)
      },
    }
    started.add(handle)
    const timeoutMs = options.timeoutMs ?? 60_000
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} \`${script}\` not ready in ${timeoutMs} ms:\n${output()}`)), timeoutMs)
      const check = () => {
        if (options.ready.test(output())) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout?.on('data', check)
      child.stderr?.on('data', check)
      void exited.then(({ code, signal }) => {
        clearTimeout(timer)
        reject(new Error(`${name} \`${script}\` exited with ${code ?? signal} before it was ready:\n${output()}`))
      })
    })
    return handle
  }
}
