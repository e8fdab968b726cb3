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
  type McpProxyTransport,
  type McpUiResourceMeta,
  type ProxiedMCPRequest,
} from '@mcp-hitl/core'
import extAppsModule from '@modelcontextprotocol/ext-apps/app-with-deps?raw'

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
 * and a `report(kind, data)` helper that sends `{ kind, data }` as a `ui/message` text block,
 * which the tests read through the frame's `onMessage`.
 */
export function appHtml(view: string, options: { title?: string } = {}): string {
  const prelude = `const { App } = ExtApps;
const report = (kind, data) => app.sendMessage({ role: 'user', content: [{ type: 'text', text: JSON.stringify({ kind, data }) }] });`
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
