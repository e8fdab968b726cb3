/**
 * Page commands for MCP App frames: each mounts a real `McpAppFrame` (in its own React root) over a
 * {@link memoryTransport}, and keeps what the frame's app sent: `report`s (see the Chromium suites'
 * `appHtml`), other `ui/message`s, relayed requests, refusals and links.
 */
import type { CallToolResult } from '@mcp-hitl/core'
import type { McpAppMessageParams } from '@mcp-hitl/core/apps'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { McpAppFrame, type McpAppFrameProps } from '@mcp-hitl/react/apps'
import { type MemoryServerSpec, memoryTransport } from './memory-transport'

/** One frame to mount: its server, where it runs (a sandbox proxy when `proxyUrl` is set) and the host's props. */
export interface FrameSpec extends MemoryServerSpec {
  proxyUrl?: string
  theme?: 'light' | 'dark'
  /** Mount at once (many frames on one page); the default is the lazy frame a chat uses. */
  eager?: boolean
  sizing?: McpAppFrameProps['sizing']
  limits?: McpAppFrameProps['limits']
  downloads?: boolean
  toolInput?: Record<string, unknown>
  result?: CallToolResult
  cancelled?: boolean
}

/** What one frame's app did, as the host saw it. */
export interface FrameLog {
  reports: { kind: string; data: unknown }[]
  other: McpAppMessageParams[]
  requests: string[]
  refused: string[]
  links: string[]
}

interface Mounted {
  root: Root
  host: HTMLDivElement
  spec: FrameSpec
  props: McpAppFrameProps
  log: FrameLog
}

const frames = new Map<string, Mounted>()
// Kept after a frame unmounts: an app's teardown report arrives as it goes.
const logs = new Map<string, FrameLog>()
let counter = 0

function parseReport(message: McpAppMessageParams): { kind: string; data: unknown } | undefined {
  const text = (message.content[0] as { text?: unknown } | undefined)?.text
  if (typeof text !== 'string') return undefined
  try {
    const parsed = JSON.parse(text) as { kind?: unknown; data?: unknown }
    return typeof parsed.kind === 'string' ? { kind: parsed.kind, data: parsed.data } : undefined
  } catch {
    return undefined
  }
}

function render(frame: Mounted) {
  flushSync(() => frame.root.render(<McpAppFrame {...frame.props} />))
}

function propsOf(spec: FrameSpec, log: FrameLog, transport: McpAppFrameProps['transport'], key: string): McpAppFrameProps {
  return {
    content: {
      resourceUri: `ui://cross-browser/${key}.html`,
      serverHash: 'hash-1',
      serverId: 'test-server',
      toolInput: spec.toolInput ?? { city: 'Paris' },
      result: spec.result ?? { content: [{ type: 'text', text: 'sunny' }], structuredContent: { temp: 21 } },
    },
    transport: {
      request: (request, init) => {
        log.requests.push(request.method)
        return transport.request(request, init)
      },
    },
    eager: spec.eager,
    theme: spec.theme,
    cancelled: spec.cancelled,
    sizing: spec.sizing,
    limits: spec.limits,
    downloads: spec.downloads,
    sandbox: spec.proxyUrl ? { proxyUrl: spec.proxyUrl } : {},
    handlers: {
      onMessage: (message) => {
        const report = parseReport(message)
        if (report) log.reports.push(report)
        else log.other.push(message)
      },
      onRefused: (reason, method) => log.refused.push(method ? `${reason} ${method}` : reason),
      onOpenLink: (url) => {
        log.links.push(url)
      },
    },
  }
}

/** Mounts a frame below the others; returns its key. */
export function mountFrame(spec: FrameSpec): string {
  const key = `f${++counter}`
  const host = document.createElement('div')
  host.dataset.frameKey = key
  document.getElementById('frames')!.appendChild(host)
  const log: FrameLog = { reports: [], other: [], requests: [], refused: [], links: [] }
  const { transport } = memoryTransport(spec)
  const frame: Mounted = { root: createRoot(host), host, spec, log, props: propsOf(spec, log, transport, key) }
  frames.set(key, frame)
  logs.set(key, log)
  render(frame)
  return key
}

/** Mounts several frames in one go (a batch of attack cases); their keys, in order. */
export function mountFrames(specs: FrameSpec[]): string[] {
  return specs.map(mountFrame)
}

function frameOf(key: string): Mounted {
  const frame = frames.get(key)
  if (!frame) throw new Error(`no frame "${key}" is mounted (mountFrame returns the key)`)
  return frame
}

/** Renders the frame again with some host props changed (theme, result, cancellation, sizing). */
export function updateFrame(key: string, patch: Pick<FrameSpec, 'theme' | 'result' | 'cancelled' | 'sizing'>): void {
  const frame = frameOf(key)
  frame.props = { ...frame.props, ...patch, content: patch.result ? { ...frame.props.content, result: patch.result } : frame.props.content } as McpAppFrameProps
  render(frame)
}

/** Unmounts one frame (the app gets its teardown first, as in a chat that drops the message). */
export function unmountFrame(key: string): void {
  const frame = frameOf(key)
  frame.root.unmount()
  frame.host.remove()
  frames.delete(key)
}

/** Unmounts every frame. */
export function unmountAllFrames(): void {
  for (const key of [...frames.keys()]) unmountFrame(key)
}

/** What the frame's app did so far. */
export function frameLog(key: string): FrameLog {
  const log = logs.get(key)
  if (!log) throw new Error(`no frame "${key}" was mounted (mountFrame returns the key)`)
  return log
}

/** Switches the theme `times` times, `gapMs` apart: a host that keeps talking while the app does something. */
export async function churnTheme(key: string, times: number, gapMs: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    if (!frames.has(key)) return
    updateFrame(key, { theme: i % 2 ? 'dark' : 'light' })
    await new Promise((resolve) => setTimeout(resolve, gapMs))
  }
}

/** How many iframes the page holds (the app frames and whatever they contain at the top level). */
export function iframeCount(): number {
  return document.querySelectorAll('#frames iframe').length
}

/** The frame as the page shows it. */
export function frameState(key: string) {
  const frame = frameOf(key)
  const root = frame.host.querySelector('[data-mcp-hitl-app-frame]')
  const iframes = frame.host.querySelectorAll('iframe')
  const iframe = iframes[0]
  return {
    status: root?.getAttribute('data-status') ?? null,
    iframes: iframes.length,
    error: root?.querySelector('[data-part="error-message"]')?.textContent ?? null,
    height: iframe?.style.height ?? null,
    sandbox: iframe?.getAttribute('sandbox') ?? null,
  }
}

const seen: { method: string; params: Record<string, unknown> }[] = []
// Every `test/*` notification a frame (or a window it navigated to) posts to this window.
window.addEventListener('message', (event) => {
  const data = event.data as { method?: unknown; params?: Record<string, unknown> } | undefined
  if (data && typeof data.method === 'string' && data.method.startsWith('test/')) seen.push({ method: data.method, params: data.params ?? {} })
})

let iframeLoads = 0
// Every iframe load on the page (load does not bubble, but ancestors see it while capturing): a
// sign of progress before any app reports.
document.addEventListener(
  'load',
  (event) => {
    if (event.target instanceof HTMLIFrameElement) iframeLoads++
  },
  true,
)

/** How many iframe loads the page saw so far. */
export function iframeLoadCount(): number {
  return iframeLoads
}

/** `test/*` notifications so far, those whose params contain `match` when given. */
export function signals(method: string, match: Record<string, unknown> = {}) {
  return seen.filter((s) => s.method === method && Object.entries(match).every(([k, v]) => s.params[k] === v))
}

/** Forgets the signals so far (each test starts with none). */
export function clearSignals(): void {
  seen.length = 0
}

/** Plants a cookie and a localStorage entry that no app may read. */
export function plantSecrets(): void {
  localStorage.setItem('secret', 's3cret')
  // biome-ignore lint/suspicious/noDocumentCookie: planted so an app's failure to read it means something
  document.cookie = 'session=s3cret-cookie; path=/'
}

/**
 * Another window on the page (a sandboxed frame, and the page itself) posts perfect JSON-RPC to the
 * host; resolves once the intruder frame is done.
 */
export async function forgeFromOtherWindows(): Promise<void> {
  const forged = [
    { jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'forged' }] } },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'transfer_funds', arguments: { to: 'mallory' } } },
    { jsonrpc: '2.0', id: 3, method: 'ui/open-link', params: { url: 'https://evil.example' } },
  ]
  const intruder = document.createElement('iframe')
  intruder.setAttribute('sandbox', 'allow-scripts')
  intruder.srcdoc = `<script>for (const m of ${JSON.stringify(forged)}) parent.postMessage(m, '*'); parent.postMessage({ intruderDone: true }, '*');</script>`
  const done = new Promise<void>((resolve) => {
    window.addEventListener('message', function onDone(event) {
      if (event.source === intruder.contentWindow && (event.data as { intruderDone?: boolean })?.intruderDone) {
        window.removeEventListener('message', onDone)
        resolve()
      }
    })
  })
  document.body.appendChild(intruder)
  for (const message of forged) window.postMessage(message, '*')
  await done
  await new Promise((resolve) => setTimeout(resolve, 50))
  intruder.remove()
}
