/**
 * The host page of the MCP Apps bench: the same view iframe (sandbox="allow-scripts", srcdoc)
 * served by a raw postMessage echo, by the kit's host bridge with an in-memory transport, or by
 * the ext-apps `AppBridge` with an in-memory `oncalltool`.
 */
import { createMcpAppHostBridge } from '@mcp-hitl/core/apps'
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

type Mode = 'raw' | 'rawapp' | 'bridge' | 'appbridge'
const RESULT = { content: [{ type: 'text' as const, text: 'ok' }] }
const VIEW = (globalThis as unknown as { VIEW_SOURCE: string }).VIEW_SOURCE

async function runOne(mode: Mode, quiet: boolean, counts: { warmup: number; sequential: number; pipelined: number }) {
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
      // The default bucket (500, then 250/s) would refuse most of a 2,000-call pipeline.
      rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
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
    return { mode, quiet, ...(await result) }
  } finally {
    cleanup()
    iframe.remove()
    console.debug = originalDebug
  }
}

;(globalThis as unknown as { runAppsBench: unknown }).runAppsBench = async (rounds: number, counts: { warmup: number; sequential: number; pipelined: number }) => {
  const results: Record<string, unknown>[] = []
  for (let round = 0; round < rounds; round++) {
    for (const quiet of [true, false]) {
      for (const mode of ['raw', 'rawapp', 'bridge', 'appbridge'] as const) results.push(await runOne(mode, quiet, counts))
    }
  }
  return results
}
