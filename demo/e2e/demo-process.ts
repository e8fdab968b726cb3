/**
 * Starts the demo (`server/main.ts`, exactly what `npm start` runs) on free ports for a test run and
 * stops it afterwards with SIGTERM, as Ctrl-C would.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const demoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A running demo. */
export interface DemoProcess {
  /** `http://127.0.0.1:PORT` of the page. */
  url: string
  ports: { web: number; sandbox: number; mcp: number }
  /** Everything the demo printed, for failure messages. */
  output(): string
  stop(): Promise<number | null>
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Spawns the demo with extra env and waits for its "Open http://…" line. */
export async function startDemo(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<DemoProcess> {
  const ports = { web: await freePort(), sandbox: await freePort(), mcp: await freePort() }
  const child: ChildProcess = spawn(
    process.execPath,
    // tsx as a loader in the demo's own process, as `npm start` runs it: SIGTERM reaches the demo directly.
    ['--import', 'tsx', '--conditions=@mcp-hitl/source', 'server/main.ts'],
    {
      cwd: demoRoot,
      env: {
        ...process.env,
        OPENAI_API_KEY: '',
        DEMO_PORT: String(ports.web),
        DEMO_SANDBOX_PORT: String(ports.sandbox),
        DEMO_MCP_PORT: String(ports.mcp),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start in time:\n${output}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`demo exited with ${code} before starting:\n${output}`))
    })
  })
  return {
    url,
    ports,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
