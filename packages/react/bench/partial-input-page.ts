/**
 * The host page of the partial-input bench: a model's argument stream (one array item per piece)
 * reaches the real `App` in a `sandbox="allow-scripts"` srcdoc iframe through the kit (the partial
 * input feed heals the text so far and the host bridge sends `tool-input-partial`), next to a raw
 * host that posts the already-closed arguments as the same notification (no healing, no bridge).
 * The two run interleaved by the shared bench helper; each run's median latency (piece written ->
 * the app's `ontoolinputpartial` rendered it) goes back to Node.
 */
import { createMcpAppHostBridge, createPartialInputFeed } from '@mcp-hitl/core/internal'
import { interleave, spread, stableAgainst } from '../../../scripts/bench-goal'

/** Who delivers the pieces. */
export type PartialMode = 'kit' | 'raw'
/** What the Node side asks for. */
export interface PartialInputBenchConfig {
  /** Argument pieces per run. */
  pieces: number
  /** Pause between two pieces, in ms (a model writing 50 pieces a second: 20). */
  paceMs: number
  runs: number
  /** More runs while the latency goal (median at most `goalMs`) could still flip, up to `maxRuns`. */
  goalMs: number
  maxRuns: number
  /** Argument sizes measured: each piece's item carries `pad` more characters (0: about 1 KB in all at 150 pieces). */
  sizes: readonly { pad: number }[]
}
/** One argument size's runs. */
export interface PartialInputSizeSamples {
  /** Characters of the complete argument text. */
  argumentChars: number
  /** Each mode's per-run median latency (piece written -> the app rendered it), in ms. */
  kit: number[]
  raw: number[]
  /** Per kit run: the mean time of one send (heal, parse, the bridge's notification), in ms. */
  sendMs: number[]
  /** Per kit run: the mean time of `JSON.parse` of the same texts, closed, in ms. */
  parseMs: number[]
}
/** Every size's runs, in the order of `sizes`. */
export type PartialInputBenchSamples = PartialInputSizeSamples[]

const VIEW = (globalThis as unknown as { PARTIAL_VIEW_SOURCE: string }).PARTIAL_VIEW_SOURCE
const now = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Piece i completes item "c<i>-...": the app's last item names the newest piece it rendered.
const item = (i: number, pad: number) => `c${i}-${'x'.repeat(pad)}`
const piece = (i: number, pad: number) => `${i === 0 ? '{"title":"A long drawing","items":[' : ','}"${item(i, pad)}"`
const closed = (text: string) => `${text}]}`

/** Mean time of one `JSON.parse(text)`, repeated until the run is long enough for the page's coarse clock. */
function parseMean(text: string): number {
  let n = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < 2 || n < 3) {
    JSON.parse(text)
    n++
    elapsed = performance.now() - start
  }
  return elapsed / n
}

/** One kit run's send cost against JSON.parse of the same texts. */
interface SendCost {
  sends: number
  sendMs: number
  parseMs: number
}

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function runOne(mode: PartialMode, config: PartialInputBenchConfig, pad: number, cost?: SendCost): Promise<number> {
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
    let sent = false
    let latest = ''
    // Times a push or a throttled send; when it sent, JSON.parse of the same text (closed) beside it.
    const timed = (work: () => void) => {
      sent = false
      const start = performance.now()
      work()
      const took = performance.now() - start
      if (!sent || !cost) return
      cost.sends++
      cost.sendMs += took
      cost.parseMs += parseMean(closed(latest))
    }
    const feed = createPartialInputFeed({
      send: (args) => {
        sent = true
        bridge.setToolInputPartial(args)
      },
      setTimer: (run, ms) => setTimeout(() => timed(run), ms),
    })
    push = (text) => {
      latest = text
      timed(() => feed.push(text))
    }
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
      const items = Array.from({ length: index + 1 }, (_, i) => item(i, pad))
      target.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input-partial', params: { arguments: { title: 'A long drawing', items } } }, '*')
    }
    cleanup = () => removeEventListener('message', answer)
  }
  try {
    await isReady
    let text = ''
    for (let i = 0; i < config.pieces; i++) {
      await sleep(config.paceMs)
      text += piece(i, pad)
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
): Promise<PartialInputBenchSamples> => {
  const all: PartialInputBenchSamples = []
  for (const { pad } of config.sizes) {
    const sendMs: number[] = []
    const parseMs: number[] = []
    let warm = true
    const kit = async () => {
      const cost: SendCost = { sends: 0, sendMs: 0, parseMs: 0 }
      const latency = await runOne('kit', config, pad, cost)
      if (cost.sends === 0) throw new Error('the partial input feed sent nothing')
      // interleave() runs one warm-up round first: its costs are not kept either.
      if (!warm) {
        sendMs.push(cost.sendMs / cost.sends)
        parseMs.push(cost.parseMs / cost.sends)
      }
      warm = false
      return latency
    }
    const samples = await interleave(
      { kit, raw: () => runOne('raw', config, pad) },
      { runs: config.runs, warmup: 1, maxRuns: config.maxRuns, until: (x) => stableAgainst(spread(x.kit!), config.goalMs) },
    )
    let text = ''
    for (let i = 0; i < config.pieces; i++) text += piece(i, pad)
    all.push({ argumentChars: closed(text).length, ...samples, sendMs, parseMs })
  }
  return all
}
