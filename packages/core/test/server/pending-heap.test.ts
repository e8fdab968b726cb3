/**
 * Heap held per pending elicitation through each adapter, measured as the broker benchmark does
 * (bench/pending-elicitations.ts) at 2,000 pending, the parsed schema's share taken off. A waiting
 * request's handler chain must not keep suspended async frames alive (the MCP SDK adapters held
 * 9 KB (v1) and 7.6 KB (v2) with them, 7.5 and 6.1 KB without), and the v1 adapter aborts the SDK's
 * own controller of a request on the server's cancellation instead of holding a second one (6.4 KB).
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const PROBE = path.join(here, 'pending-heap-probe.ts')

/** Runs the probe in a fresh `node --expose-gc` and returns its bytes per pending elicitation, by adapter. */
function heapPerPending(): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--conditions=@mcp-hitl/source', PROBE], {
      cwd: path.resolve(here, '../../../..'),
      env: { ...process.env, PENDING: '2000', ROUNDS: '3' },
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
      const match = /HEAP (\{.*\})/.exec(stdout)
      if (code === 0 && match?.[1]) resolve(JSON.parse(match[1]) as Record<string, number>)
      else reject(new Error(`probe exited ${code}: ${stderr.slice(0, 2000)}`))
    })
  })
}

describe('heap per pending elicitation, by adapter (schema excluded)', () => {
  it('MCP SDK v1 under 7 KB, v2 under 6.8 KB, AI SDK under 2.5 KB', async () => {
    const heap = await heapPerPending()
    console.log(`[pending-heap] bytes per pending elicitation: ${JSON.stringify(heap)}`)
    expect(heap['mcp-sdk']).toBeLessThan(7 * 1024)
    expect(heap['mcp-sdk-v2']).toBeLessThan(6.8 * 1024)
    expect(heap['ai-sdk']).toBeLessThan(2.5 * 1024)
  }, 300_000)
})
