/**
 * The host page of the many-frames bench: a chat-like transcript (a scrolling column, kept at its
 * newest message as chats do) of `count` turns, each ending in an MCP App result, rendered by the
 * production React build. The app (frames-view.ts, the real ext-apps `App`) runs through the kit's
 * `McpAppFrame` (default, lazy), the eager `McpAppFrame` (`eager`), or plain `<iframe sandbox=
 * "allow-scripts" srcdoc>` frames answered by a raw echo host (no kit). One page load is one run;
 * Node measures the renderer processes' memory once the page has settled.
 */
import { MCP_APP_MIME_TYPE, type McpAppsFrameContent } from '@mcp-hitl/core'
import type { McpProxyTransport } from '@mcp-hitl/core/apps'
import { useLayoutEffect, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { McpAppFrame } from '../src/apps'

/** Who hosts the transcript's apps. */
export type FramesMode = 'kit' | 'eager' | 'plain'
/** What one page load is asked to do. */
export interface TranscriptConfig {
  mode: FramesMode
  count: number
  /** Settled once no app became interactive for this long (and, for eager hosts, all did), in ms. */
  quietMs: number
  /** Give up waiting after this long, in ms. */
  capMs: number
}
/** One page load's figures. */
export interface TranscriptRun {
  /** Render start -> the first app's `rendered` call reached the host, in ms. */
  firstInteractiveMs: number
  /** Apps that became interactive before the page settled. */
  interactive: number
  /** Iframes in the page once settled. */
  iframes: number
  /** Longest gap of a 0 ms timer chain on the page's main thread, render start -> settled, in ms. */
  longestStallMs: number
  /** Longest entry of the Long Tasks API (only tasks of 50 ms or more are reported), 0 if none. */
  longestTaskMs: number
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Bench app</title><style>body{margin:0;font:14px sans-serif}</style></head><body><script>${(globalThis as unknown as { FRAMES_VIEW_SOURCE: string }).FRAMES_VIEW_SOURCE}</script></body></html>`
const resultOf = (text: string) => ({ content: [{ type: 'text' as const, text }] })
const INIT = { protocolVersion: '2026-01-26', hostInfo: { name: 'plain', version: '1' }, hostCapabilities: { serverTools: {} }, hostContext: {} }

function Transcript({ config, transport, contents }: { config: TranscriptConfig; transport: McpProxyTransport; contents: McpAppsFrameContent[] }) {
  const scroller = useRef<HTMLDivElement>(null)
  // A chat opens at its newest message: scrolled before the first paint, before any frame is observed.
  useLayoutEffect(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [])
  return (
    <div ref={scroller} style={{ height: '100vh', overflowY: 'auto', font: '14px sans-serif' }}>
      {contents.map((content, i) => (
        <section key={String(content.toolInput?.turn)} style={{ padding: 8 }}>
          <p>User: show me item {i + 1}</p>
          <p>Assistant: here is item {i + 1}, from the bench tool.</p>
          {config.mode === 'plain' ? (
            <iframe title={`Bench app ${i + 1}`} sandbox="allow-scripts" srcDoc={HTML} style={{ width: '100%', height: 320, border: 0 }} />
          ) : (
            <McpAppFrame content={content} transport={transport} eager={config.mode === 'eager'} />
          )}
        </section>
      ))}
    </div>
  )
}

;(globalThis as unknown as { runTranscript: unknown }).runTranscript = (config: TranscriptConfig): Promise<TranscriptRun> =>
  new Promise((resolve) => {
    let interactive = 0
    let first = Number.NaN
    let lastChange = 0
    let t0 = 0
    const rendered = () => {
      interactive++
      lastChange = performance.now()
      if (interactive === 1) first = lastChange - t0
    }
    // The kit's frames reach the app's server through this transport; the plain frames through the echo below.
    const transport: McpProxyTransport = {
      async request(request) {
        const params = request.params ?? {}
        if (request.method === 'resources/read') {
          return { contents: [{ uri: params.uri, mimeType: MCP_APP_MIME_TYPE, text: HTML, _meta: { ui: {} } }] }
        }
        if (request.method === 'tools/call' && params.name === 'rendered') rendered()
        return resultOf('item data')
      },
    }
    if (config.mode === 'plain') {
      addEventListener('message', (event) => {
        const data = event.data as { id?: number | string; method?: string; params?: { name?: string } }
        if (data?.id === undefined || !data.method || !event.source) return
        if (data.method === 'tools/call' && data.params?.name === 'rendered') rendered()
        const result = data.method === 'ui/initialize' ? INIT : resultOf('item data')
        ;(event.source as Window).postMessage({ jsonrpc: '2.0', id: data.id, result }, '*')
      })
    }
    let longestTask = 0
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration)
    })
    observer.observe({ type: 'longtask', buffered: false })
    let longestStall = 0
    let lastTick = performance.now()
    let probing = true
    const tick = () => {
      const now = performance.now()
      longestStall = Math.max(longestStall, now - lastTick)
      lastTick = now
      if (probing) setTimeout(tick, 0)
    }
    setTimeout(tick, 0)
    const contents: McpAppsFrameContent[] = Array.from({ length: config.count }, (_, turn) => ({
      // One tool, called once per turn: every result shows the same app with its own input and result.
      resourceUri: 'ui://bench/transcript-app.html',
      serverHash: 'bench',
      serverId: 'bench',
      toolName: 'show_item',
      toolInput: { turn },
      result: resultOf(`item ${turn + 1}`),
    }))
    const host = document.createElement('div')
    document.body.appendChild(host)
    t0 = performance.now()
    lastChange = t0
    createRoot(host).render(<Transcript config={config} transport={transport} contents={contents} />)
    const settled = () => {
      const now = performance.now()
      const all = config.mode === 'kit' || interactive >= config.count
      if ((interactive > 0 && all && now - lastChange >= config.quietMs) || now - t0 >= config.capMs) {
        probing = false
        observer.disconnect()
        resolve({
          firstInteractiveMs: first,
          interactive,
          iframes: document.querySelectorAll('iframe').length,
          longestStallMs: longestStall,
          longestTaskMs: longestTask,
        })
      } else setTimeout(settled, 50)
    }
    setTimeout(settled, 50)
  })
