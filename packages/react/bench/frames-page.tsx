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
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { McpAppFrame } from '../src/apps'

/**
 * Who hosts the transcript's apps: the kit's frame (lazy, or `eager`), plain iframes all mounted at
 * once, or the hand-written lazy floor (`observed`: each plain iframe mounted by an
 * IntersectionObserver when it nears the viewport, with the kit's default margin, and kept).
 */
export type FramesMode = 'kit' | 'eager' | 'plain' | 'observed'
/** What one page load is asked to do. */
export interface TranscriptConfig {
  mode: FramesMode
  count: number
  /** Settled once no app became interactive for this long (and, for eager hosts, all did), in ms. */
  quietMs: number
  /** Give up waiting after this long, in ms. */
  capMs: number
  /** Once settled, scroll the transcript to its top and back to its newest message at this speed (px/s), then settle again. */
  scrollPxPerSecond?: number
}
/** The figures of the scroll, from its first step until the page settled again. */
export interface ScrollFigures {
  /** Sum of the Long Tasks API entries (tasks of 50 ms or more) during the scroll, in ms. */
  longTaskMs: number
  /** Total blocking time: the part of each long task past 50 ms, summed, in ms. */
  blockingMs: number
  /** Longest gap of the 0 ms timer chain during the scroll, in ms. */
  longestStallMs: number
  /** App documents that booted (handshake, then asked for their data) during the scroll. */
  boots: number
  /** How long the scroll took, both ways, in ms. */
  scrollMs: number
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
  /** Set when the config asked for a scroll. */
  scroll?: ScrollFigures
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Bench app</title><style>body{margin:0;font:14px sans-serif}</style></head><body><script>${(globalThis as unknown as { FRAMES_VIEW_SOURCE: string }).FRAMES_VIEW_SOURCE}</script></body></html>`
const resultOf = (text: string) => ({ content: [{ type: 'text' as const, text }] })
const INIT = { protocolVersion: '2026-01-26', hostInfo: { name: 'plain', version: '1' }, hostCapabilities: { serverTools: {} }, hostContext: {} }

function PlainFrame({ title }: { title: string }) {
  return <iframe title={title} sandbox="allow-scripts" srcDoc={HTML} style={{ width: '100%', height: 320, border: 0 }} />
}

/** The least a page writes to load its app frames lazily: a placeholder until it nears the viewport, then the iframe, kept. */
function ObservedFrame({ title }: { title: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = box.current
    if (!el || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [near])
  return <div ref={box} style={{ height: 320 }}>{near ? <PlainFrame title={title} /> : null}</div>
}

function Transcript({ config, transport, contents }: { config: TranscriptConfig; transport: McpProxyTransport; contents: McpAppsFrameContent[] }) {
  const scroller = useRef<HTMLDivElement>(null)
  // A chat opens at its newest message: scrolled before the first paint, before any frame is observed.
  useLayoutEffect(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [])
  return (
    <div ref={scroller} data-transcript style={{ height: '100vh', overflowY: 'auto', font: '14px sans-serif' }}>
      {contents.map((content, i) => (
        <section key={String(content.toolInput?.turn)} style={{ padding: 8 }}>
          <p>User: show me item {i + 1}</p>
          <p>Assistant: here is item {i + 1}, from the bench tool.</p>
          {config.mode === 'plain' ? (
            <PlainFrame title={`Bench app ${i + 1}`} />
          ) : config.mode === 'observed' ? (
            <ObservedFrame title={`Bench app ${i + 1}`} />
          ) : (
            <McpAppFrame content={content} transport={transport} eager={config.mode === 'eager'} />
          )}
        </section>
      ))}
    </div>
  )
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** Scrolls `el` from where it is to `to` at `pxPerSecond`, one step per animation frame, as a wheel or a drag would. */
async function scrollTo(el: HTMLElement, to: number, pxPerSecond: number): Promise<void> {
  const from = el.scrollTop
  const start = await nextFrame()
  const duration = (Math.abs(to - from) / pxPerSecond) * 1000
  for (let now = start; now - start < duration; now = await nextFrame()) {
    el.scrollTop = from + ((to - from) * (now - start)) / duration
  }
  el.scrollTop = to
}

;(globalThis as unknown as { runTranscript: unknown }).runTranscript = (config: TranscriptConfig): Promise<TranscriptRun> =>
  new Promise((resolve) => {
    let interactive = 0
    let boots = 0
    let first = Number.NaN
    let lastChange = 0
    let t0 = 0
    const rendered = () => {
      interactive++
      lastChange = performance.now()
      if (interactive === 1) first = lastChange - t0
    }
    // Every app document asks for its data once it booted: a frame mounted again boots again.
    const booted = () => {
      boots++
      lastChange = performance.now()
    }
    // The kit's frames reach the app's server through this transport; the plain frames through the echo below.
    const transport: McpProxyTransport = {
      async request(request) {
        const params = request.params ?? {}
        if (request.method === 'resources/read') {
          return { contents: [{ uri: params.uri, mimeType: MCP_APP_MIME_TYPE, text: HTML, _meta: { ui: {} } }] }
        }
        if (request.method === 'tools/call' && params.name === 'rendered') rendered()
        if (request.method === 'tools/call' && params.name === 'load') booted()
        return resultOf('item data')
      },
    }
    if (config.mode === 'plain' || config.mode === 'observed') {
      addEventListener('message', (event) => {
        const data = event.data as { id?: number | string; method?: string; params?: { name?: string } }
        if (data?.id === undefined || !data.method || !event.source) return
        if (data.method === 'tools/call' && data.params?.name === 'rendered') rendered()
        if (data.method === 'tools/call' && data.params?.name === 'load') booted()
        const result = data.method === 'ui/initialize' ? INIT : resultOf('item data')
        ;(event.source as Window).postMessage({ jsonrpc: '2.0', id: data.id, result }, '*')
      })
    }
    const longTasks: { start: number; duration: number }[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
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
    // Settled: an app is interactive, nothing booted or became interactive for quietMs (and, for hosts
    // that mount every frame, all are); or the cap passed.
    const settle = (since: number, all: () => boolean) =>
      new Promise<void>((done) => {
        const check = () => {
          const now = performance.now()
          if ((interactive > 0 && all() && now - lastChange >= config.quietMs) || now - since >= config.capMs) done()
          else setTimeout(check, 50)
        }
        setTimeout(check, 50)
      })
    const mountsAll = config.mode === 'plain' || config.mode === 'eager'
    const run = async (): Promise<TranscriptRun> => {
      await settle(t0, () => !mountsAll || interactive >= config.count)
      const loaded: TranscriptRun = {
        firstInteractiveMs: first,
        interactive,
        iframes: document.querySelectorAll('iframe').length,
        longestStallMs: longestStall,
        longestTaskMs: longTasks.reduce((max, task) => Math.max(max, task.duration), 0),
      }
      if (!config.scrollPxPerSecond) return loaded
      const el = host.querySelector<HTMLElement>('[data-transcript]')!
      const bootsBefore = boots
      const scrollStart = performance.now()
      longestStall = 0
      await scrollTo(el, 0, config.scrollPxPerSecond)
      await scrollTo(el, el.scrollHeight - el.clientHeight, config.scrollPxPerSecond)
      const scrollMs = performance.now() - scrollStart
      lastChange = performance.now()
      await settle(lastChange, () => true)
      const during = longTasks.filter((task) => task.start >= scrollStart)
      const scroll: ScrollFigures = {
        longTaskMs: during.reduce((sum, task) => sum + task.duration, 0),
        blockingMs: during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
        longestStallMs: longestStall,
        boots: boots - bootsBefore,
        scrollMs,
      }
      return { ...loaded, scroll }
    }
    void run().then((figures) => {
      probing = false
      observer.disconnect()
      resolve(figures)
    })
  })
