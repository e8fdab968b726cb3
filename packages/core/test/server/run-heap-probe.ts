/**
 * Runs a heap probe (a script that measures the heap and prints one line) in a fresh
 * `node --expose-gc`, so the test runner's own heap cannot blur what it measures.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

/** The first capture of `line` in the probe's output, once it exited 0. */
export function runHeapProbe(probe: string, env: Record<string, string>, line: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--conditions=@mcp-hitl/source', probe], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk)
    })
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk)
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const match = line.exec(stdout)
      if (code === 0 && match?.[1] !== undefined) resolve(match[1])
      else reject(new Error(`probe exited ${code}: ${stderr.slice(0, 2000)}`))
    })
  })
}
