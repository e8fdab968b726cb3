/**
 * Starts a replica (replica.ts) in its own Node process, as a second machine would run it, and stops
 * it: SIGTERM, then SIGKILL after 5 s. Waits at most 120 s (a loaded CI machine compiles slowly) for `READY <port>`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { guardChild } from './watchdog'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../../..')
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** A running replica. */
export interface ReplicaHandle {
  readonly url: string
  /** What the replica wrote to stderr so far (its refusals and store errors). */
  stderr(): string
  stop(): Promise<void>
  /** `kill -9`: the process dies with its MCP request and waiters, saying goodbye to nobody. */
  kill9(): Promise<void>
}

/** Options passed to the replica through its environment. */
export interface ReplicaOptions {
  redisUrl: string
  mcpUrl: string
  keyPrefix: string
  reconnectWindowMs?: number
  /** The store's `leaseMs`; default the store's. */
  leaseMs?: number
}

/** Spawns `node --import tsx --conditions=@mcp-hitl/source replica.ts`. */
export async function spawnReplica(options: ReplicaOptions): Promise<ReplicaHandle> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@mcp-hitl/source', path.join(here, 'replica.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        REDIS_URL: options.redisUrl,
        MCP_URL: options.mcpUrl,
        KEY_PREFIX: options.keyPrefix,
        RECONNECT_WINDOW_MS: String(options.reconnectWindowMs ?? 5000),
        ...(options.leaseMs === undefined ? {} : { LEASE_MS: String(options.leaseMs) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  live.add(child)
  guardChild(child)
  child.once('exit', () => live.delete(child))
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => reject(new Error(`replica not ready within 120 s: ${stderr}`)), 120_000)
    child.stdout?.on('data', (chunk) => {
      stdout += String(chunk)
      const match = /READY (\d+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`replica exited (${code}) before it was ready: ${stderr}`))
    })
  }).catch(async (error) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}
