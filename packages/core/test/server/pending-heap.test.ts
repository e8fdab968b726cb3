/**
 * Heap held per pending elicitation through each adapter, measured as the broker benchmark does
 * (bench/pending-elicitations.ts) at 2,000 pending, the parsed schema's share taken off. A waiting
 * request's handler chain must not keep suspended async frames alive (the MCP SDK adapters held
 * 9 KB (v1) and 7.6 KB (v2) with them, 7.5 and 6.1 KB without), and the v1 adapter aborts the SDK's
 * own controller of a request on the server's cancellation instead of holding a second one (6.4 KB).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runHeapProbe } from './run-heap-probe'

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pending-heap-probe.ts')

/** Bytes per pending elicitation, by adapter, from the probe run in a fresh process. */
const heapPerPending = async (): Promise<Record<string, number>> =>
  JSON.parse(await runHeapProbe(PROBE, { PENDING: '2000', ROUNDS: '3' }, /HEAP (\{.*\})/)) as Record<string, number>

describe('heap per pending elicitation, by adapter (schema excluded)', () => {
  it('MCP SDK v1 under 7 KB, v2 under 6.8 KB, AI SDK under 2.5 KB', async () => {
    const heap = await heapPerPending()
    console.log(`[pending-heap] bytes per pending elicitation: ${JSON.stringify(heap)}`)
    expect(heap['mcp-sdk']).toBeLessThan(7 * 1024)
    expect(heap['mcp-sdk-v2']).toBeLessThan(6.8 * 1024)
    expect(heap['ai-sdk']).toBeLessThan(2.5 * 1024)
  }, 300_000)
})
