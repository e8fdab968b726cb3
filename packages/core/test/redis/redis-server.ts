/**
 * Starts real `redis-server` processes for tests and benchmarks: a free 127.0.0.1 port, no
 * persistence, a bounded wait for PING, and a kill on stop (and on process exit, so none leak).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { guardChild } from './watchdog'

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server'
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** A running redis-server on 127.0.0.1. */
export interface RedisServerHandle {
  readonly port: number
  readonly url: string
  /** `kill -9`: no goodbye to clients, as in a crash. */
  kill9(): Promise<void>
  /** Starts it again on the same port (after `kill9` or `stop`). */
  restart(): Promise<void>
  /** Stops it (SIGTERM, then SIGKILL after 2 s). */
  stop(): Promise<void>
  /** SIGSTOP: the process stops answering but keeps every socket open, as a hung host does. */
  freeze(): void
  /** SIGCONT after {@link RedisServerHandle.freeze}. */
  thaw(): void
}

/** The command line of a plain test server on `port`: loopback only, no persistence. */
export function serverArgs(port: number): string[] {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no']
}

/**
 * Starts a redis-server on a free port and waits until it answers PING (at most 10 s).
 * `commandLine` replaces {@link serverArgs} (a replica, a Sentinel); it is given the port.
 */
export async function startRedisServer(commandLine: (port: number) => string[] = serverArgs): Promise<RedisServerHandle> {
  const port = await freePort()
  const launch = () => launchOn(port, commandLine(port))
  let child = await launch()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill9() {
      await terminate(child, 'SIGKILL')
    },
    async restart() {
      child.kill('SIGCONT')
      await terminate(child, 'SIGKILL')
      child = await launch()
    },
    async stop() {
      child.kill('SIGCONT')
      await terminate(child, 'SIGTERM')
    },
    freeze() {
      child.kill('SIGSTOP')
    },
    thaw() {
      child.kill('SIGCONT')
    },
  }
}

async function launchOn(port: number, args: string[]): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  live.add(child)
  guardChild(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  child.once('exit', () => live.delete(child))
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${stderr}`)
    if (await ping(port)) return child
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await terminate(child, 'SIGKILL')
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s: ${stderr}`)
}

async function terminate(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
  await exited
  clearTimeout(timer)
}

/** One raw RESP PING; true on `+PONG`. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => done(String(data).startsWith('+PONG')))
  })
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
