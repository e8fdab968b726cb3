/**
 * The host page of the partial-input bench: a model's argument stream (one array item per piece)
 * reaches the real `App` in a `sandbox="allow-scripts"` srcdoc iframe through the kit (the partial
 * input feed heals the text so far and the host bridge sends `tool-input-partial`), next to a raw
 * host that posts the already-closed arguments as the same notification (no healing, no bridge).
 * The two run interleaved by the shared bench helper; each run's median latency (piece written ->
 * the app's `ontoolinputpartial` rendered it) goes back to Node.
 */
import { createMcpAppHostBridge, createPartialInputFeed } from '@mcp-hitl/core/internal'
import { interleave } from '../../../scripts/bench-goal'

/** Who delivers the pieces. */
export type PartialMode = 'kit' | 'raw'
/** What the Node side asks for. */
export interface PartialInputBenchConfig {
  /** Argument pieces per run. */
  pieces: number
  /** Pause between two pieces, in ms (a model writing 50 pieces a second: 20). */
  paceMs: number
  runs: number
}
/** Each mode's per-run median latency, in ms. */
export type PartialInputBenchSamples = Record<PartialMode, number[]>

const VIEW = (globalThis as unknown as { PARTIAL_VIEW_SOURCE: string }).PARTIAL_VIEW_SOURCE
const now = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Piece i completes item "c<i>": the app's last item names the newest piece it rendered.
const piece = (i: number) => `${i === 0 ? '{"title":"A long drawing","items":[' : ','}"c${i}"`

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function runOne(mode: PartialMode, config: PartialInputBenchConfig): Promise<number> {
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.srcdoc = `<!doctype html><html><body><script>${VIEW}</script></body></html>`
  const written: number[] = []
  const latencies: number[] = []
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => {
    ready = resolve
  })
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return
    const data = event.data as { benchReady?: boolean; benchRendered?: number; at?: number }
    if (data?.benchReady) ready()
    if (typeof data?.benchRendered === 'number' && typeof data.at === 'number' && written[data.benchRendered] !== undefined) {
      latencies.push(data.at - written[data.benchRendered]!)
    }
  }
  addEventListener('message', onMessage)
  document.body.appendChild(iframe)
  const target = iframe.contentWindow!
  let push: (text: string, index: number) => void
  let cleanup = () => {}
  if (mode === 'kit') {
    const bridge = createMcpAppHostBridge({ transport: { request: async () => ({}) }, server: { serverHash: 'bench' } })
    bridge.connect({ window: target, origin: 'null' })
    const feed = createPartialInputFeed({ send: (args) => bridge.setToolInputPartial(args) })
    push = (text) => feed.push(text)
    cleanup = () => {
      feed.stop()
      bridge.close()
    }
  } else {
    // The floor: a host that already has closed arguments and answers the handshake with canned text.
    const init = { protocolVersion: '2026-01-26', hostInfo: { name: 'raw', version: '1' }, hostCapabilities: {}, hostContext: {} }
    const answer = (event: MessageEvent) => {
      const data = event.data as { id?: number; method?: string }
      if (event.source === target && data?.method === 'ui/initialize') target.postMessage({ jsonrpc: '2.0', id: data.id, result: init }, '*')
    }
    addEventListener('message', answer)
    push = (_, index) => {
      const items = Array.from({ length: index + 1 }, (_, i) => `c${i}`)
      target.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input-partial', params: { arguments: { title: 'A long drawing', items } } }, '*')
    }
    cleanup = () => removeEventListener('message', answer)
  }
  try {
    await isReady
    let text = ''
    for (let i = 0; i < config.pieces; i++) {
      await sleep(config.paceMs)
      text += piece(i)
      written[i] = now()
      push(text, i)
    }
    await sleep(config.paceMs * 2)
    return middle(latencies)
  } finally {
    cleanup()
    removeEventListener('message', onMessage)
    iframe.remove()
  }
}

;(globalThis as unknown as { runPartialInputBench: unknown }).runPartialInputBench = async (
  config: PartialInputBenchConfig,
): Promise<PartialInputBenchSamples> =>
  interleave({ kit: () => runOne('kit', config), raw: () => runOne('raw', config) }, { runs: config.runs, warmup: 1 })
