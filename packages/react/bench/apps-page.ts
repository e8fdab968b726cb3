/**
 * The host page of the MCP Apps bench: the same view iframe (sandbox="allow-scripts", srcdoc)
 * served by a raw postMessage echo, by the kit's host bridge with an in-memory transport, or by
 * the ext-apps `AppBridge` with an in-memory `oncalltool`; the four run interleaved by the shared
 * bench helper, and every run's figures go back to Node, which judges the goal from their medians.
 */
import type { RateLimit } from '@mcp-hitl/core/apps'
import { createMcpAppHostBridge } from '@mcp-hitl/core/internal'
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'
import { interleave, ratioStable } from '../../../scripts/bench-goal'

/** Who answers the view's calls. */
export type Mode = 'raw' | 'rawapp' | 'bridge' | 'appbridge'
/** Calls per run: unrecorded warm-up, sequential (latency), then all at once (throughput). */
export interface Counts {
  warmup: number
  sequential: number
  pipelined: number
}
/** One run's figures, in ms. */
export interface RunFigures {
  /** Median, 95th and 99th percentile of every sequential call (none dropped), nearest rank. */
  p50: number
  p95: number
  p99: number
  /** All sequential calls: their total time / their count (not bound to the frame's 0.1 ms timer steps). */
  mean: number
  pipelinedMs: number
}
/** What the Node side asks for. */
export interface AppsBenchConfig {
  counts: Counts
  /** Runs per mode with console.debug a no-op (the goal) and live (for reference), after one warm-up run each. */
  runs: { quiet: number; live: number }
  /** With console.debug a no-op: more rounds while the goal (kit bridge mean within `goal` x `App` + raw echo) could still flip, up to `maxQuiet`. */
  goal: number
  maxQuiet: number
  /** The kit bridge's rate limit for the bench (the default would refuse most of a pipelined burst). */
  rateLimit: RateLimit
}
/** Every run's figures, by console.debug setting and mode. */
export type AppsBenchSamples = Record<'quiet' | 'live', Record<Mode, RunFigures[]>>
const RESULT = { content: [{ type: 'text' as const, text: 'ok' }] }
const VIEW = (globalThis as unknown as { VIEW_SOURCE: string }).VIEW_SOURCE

async function runOne(mode: Mode, quiet: boolean, counts: Counts, rateLimit: RateLimit): Promise<RunFigures> {
  const originalDebug = console.debug
  if (quiet) console.debug = () => {}
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts')
  const config = JSON.stringify({ mode, quiet, ...counts })
  iframe.srcdoc = `<!doctype html><html><body><script>window.BENCH=${config}</script><script>${VIEW}</script></body></html>`
  let cleanup = () => {}
  const result = new Promise<Record<string, unknown>>((resolve) => {
    const onResult = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || !(event.data as { benchResult?: unknown })?.benchResult) return
      removeEventListener('message', onResult)
      resolve((event.data as { benchResult: Record<string, unknown> }).benchResult)
    }
    addEventListener('message', onResult)
  })
  document.body.appendChild(iframe)
  const target = iframe.contentWindow!
  if (mode === 'raw') {
    const echo = (event: MessageEvent) => {
      if (event.source !== target) return
      const data = event.data as { id?: number; method?: string }
      if (data?.method === 'tools/call') target.postMessage({ jsonrpc: '2.0', id: data.id, result: RESULT }, '*')
    }
    addEventListener('message', echo)
    cleanup = () => removeEventListener('message', echo)
  } else if (mode === 'rawapp') {
    // The floor for a host under the real App: canned answers, no checks, no bridge.
    const init = { protocolVersion: '2026-01-26', hostInfo: { name: 'raw', version: '1' }, hostCapabilities: { serverTools: {} }, hostContext: {} }
    const echo = (event: MessageEvent) => {
      if (event.source !== target) return
      const data = event.data as { id?: number; method?: string }
      if (data?.id === undefined || !data.method) return
      target.postMessage({ jsonrpc: '2.0', id: data.id, result: data.method === 'ui/initialize' ? init : RESULT }, '*')
    }
    addEventListener('message', echo)
    cleanup = () => removeEventListener('message', echo)
  } else if (mode === 'bridge') {
    const bridge = createMcpAppHostBridge({
      transport: { request: async () => RESULT },
      server: { serverHash: 'bench' },
      toolInput: {},
      toolResult: RESULT,
      rateLimit,
    })
    bridge.connect({ window: target, origin: 'null' })
    cleanup = () => bridge.close()
  } else {
    const bridge = new AppBridge(null, { name: 'bench', version: '1' }, { serverTools: {} })
    bridge.oncalltool = async () => RESULT
    await bridge.connect(new PostMessageTransport(target, target))
    cleanup = () => void bridge.close()
  }
  try {
    const figures = await result
    if (figures.error) throw new Error(`${mode} (console.debug ${quiet ? 'no-op' : 'live'}): ${String(figures.error)}`)
    return figures as unknown as RunFigures
  } finally {
    cleanup()
    iframe.remove()
    console.debug = originalDebug
  }
}

;(globalThis as unknown as { runAppsBench: unknown }).runAppsBench = async (config: AppsBenchConfig): Promise<AppsBenchSamples> => {
  const modes: Mode[] = ['raw', 'rawapp', 'bridge', 'appbridge']
  const samples = {} as AppsBenchSamples
  for (const quiet of [true, false]) {
    const figures = Object.fromEntries(modes.map((mode) => [mode, [] as RunFigures[]])) as Record<Mode, RunFigures[]>
    const runs = quiet ? config.runs.quiet : config.runs.live
    const subject = (mode: Mode) => async () => {
      const run = await runOne(mode, quiet, config.counts, config.rateLimit)
      figures[mode].push(run)
      return run.mean
    }
    const until = quiet ? (x: Record<string, readonly number[]>) => ratioStable(x.bridge!, x.rawapp!, config.goal) : undefined
    await interleave(Object.fromEntries(modes.map((mode) => [mode, subject(mode)])) as Record<Mode, () => Promise<number>>, {
      runs,
      warmup: 1,
      ...(until ? { until, maxRuns: config.maxQuiet } : {}),
    })
    // interleave() keeps only one figure; drop each mode's warm-up run from the full figures too.
    for (const mode of modes) figures[mode] = figures[mode].slice(1)
    samples[quiet ? 'quiet' : 'live'] = figures
  }
  return samples
}
