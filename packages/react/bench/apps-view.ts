/**
 * The view side of the MCP Apps bench, bundled into each benchmark iframe: the real ext-apps `App`
 * calling a tool through the host (or, for the baseline, a hand-rolled postMessage request).
 */
import { App } from '@modelcontextprotocol/ext-apps'

interface BenchConfig {
  mode: 'raw' | 'rawapp' | 'bridge' | 'appbridge'
  quiet: boolean
  warmup: number
  sequential: number
  pipelined: number
}

const config = (globalThis as unknown as { BENCH: BenchConfig }).BENCH
// "quiet": console.debug (which ext-apps calls for every message) becomes a no-op.
if (config.quiet) console.debug = () => {}

function done(result: unknown) {
  parent.postMessage({ benchResult: result }, '*')
}

async function main() {
  let call: () => Promise<unknown>
  if (config.mode === 'raw') {
    let next = 0
    const waiting = new Map<number, (value: unknown) => void>()
    addEventListener('message', (event) => {
      if (event.source !== parent) return
      const data = event.data as { id?: number }
      const resolve = waiting.get(data?.id ?? -1)
      if (resolve) {
        waiting.delete(data.id!)
        resolve(data)
      }
    })
    call = () =>
      new Promise((resolve) => {
        const id = ++next
        waiting.set(id, resolve)
        parent.postMessage({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { n: id } } }, '*')
      })
  } else {
    const app = new App({ name: 'BenchView', version: '1.0.0' }, {}, { autoResize: false })
    await app.connect()
    let n = 0
    call = () => app.callServerTool({ name: 'echo', arguments: { n: ++n } })
  }
  for (let i = 0; i < config.warmup; i++) await call()
  const latencies: number[] = []
  const sequentialStart = performance.now()
  for (let i = 0; i < config.sequential; i++) {
    const start = performance.now()
    await call()
    latencies.push(performance.now() - start)
  }
  // The batch mean is not limited by the coarse (100 us) timer of a cross-origin frame.
  const batchMean = (performance.now() - sequentialStart) / config.sequential
  // Every call counts: on a shared machine a stall is part of what a call costs.
  latencies.sort((a, b) => a - b)
  const rank = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]
  const start = performance.now()
  await Promise.all(Array.from({ length: config.pipelined }, () => call()))
  const pipelinedMs = performance.now() - start
  done({
    p50: rank(0.5),
    p95: rank(0.95),
    p99: rank(0.99),
    mean: batchMean,
    pipelinedMs,
  })
}

main().catch((error: unknown) => done({ error: String(error) }))
