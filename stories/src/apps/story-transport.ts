/**
 * An in-browser `McpProxyTransport` for stories: it plays the MCP server behind an app, serving the
 * demo app's HTML for `resources/read` and answering `tools/call`, with delays and failures set per
 * story. Every request is recorded so play functions can assert what the frame forwarded.
 */
import { MCP_APP_MIME_TYPE, McpHitlError } from '@mcp-hitl/core'
import type { CallToolResult, ProxiedMCPRequest, ReadResourceResult } from '@mcp-hitl/core'
import type { McpProxyTransport } from '@mcp-hitl/core/apps'
import demoAppHtml from 'virtual:mcp-demo-app'

/** How the story server behaves. */
export interface StoryTransportOptions {
  /** HTML served for `resources/read`; the bundled demo app by default. */
  html?: string
  /** Mime type of the served resource; anything but the MCP App type should be refused by the frame. */
  mimeType?: string
  /** Milliseconds before `resources/read` answers. */
  resourceDelayMs?: number
  /** `resources/read` never answers (until aborted): the loading state. */
  resourceNeverResolves?: boolean
  /** The first N `resources/read` calls fail with a transport error; later ones succeed (for retry). */
  failResourceReads?: number
  /** Milliseconds before `tools/call` answers. */
  toolDelayMs?: number
  /** `tools/call` fails at the transport level. */
  failTools?: boolean
  /** Called with every request, e.g. `fn()` so it shows in the Actions panel. */
  onRequest?: (request: ProxiedMCPRequest) => void
}

/** The transport plus the requests it has seen. */
export interface StoryTransport extends McpProxyTransport {
  readonly calls: ProxiedMCPRequest[]
  /** Only the requests of one method. */
  callsOf(method: ProxiedMCPRequest['method']): ProxiedMCPRequest[]
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}

function forecast(args: Record<string, unknown>): CallToolResult {
  const city = typeof args.city === 'string' ? args.city : 'Lisbon'
  return {
    content: [{ type: 'text', text: `${city}: 21°C, sunny, wind 12 km/h` }],
    structuredContent: { city, temperatureC: 21, conditions: 'sunny' },
  }
}

/** Creates a fresh story server; make one per story render so call logs do not leak between stories. */
export function createStoryTransport(options: StoryTransportOptions = {}): StoryTransport {
  const calls: ProxiedMCPRequest[] = []
  let resourceReads = 0

  async function readResource(request: ProxiedMCPRequest, signal?: AbortSignal): Promise<ReadResourceResult> {
    resourceReads += 1
    if (options.resourceNeverResolves) await wait(Number.POSITIVE_INFINITY, signal)
    await wait(options.resourceDelayMs ?? 0, signal)
    if (resourceReads <= (options.failResourceReads ?? 0)) {
      throw new McpHitlError('The MCP server did not answer (story failure)', { code: 'transport' })
    }
    const uri = typeof request.params?.uri === 'string' ? request.params.uri : 'ui://forecast/app.html'
    return { contents: [{ uri, mimeType: options.mimeType ?? MCP_APP_MIME_TYPE, text: options.html ?? demoAppHtml }] }
  }

  async function callTool(request: ProxiedMCPRequest, signal?: AbortSignal): Promise<CallToolResult> {
    await wait(options.toolDelayMs ?? 0, signal)
    if (options.failTools) throw new McpHitlError('The tool call failed (story failure)', { code: 'transport' })
    const name = request.params?.name
    const args = (request.params?.arguments ?? {}) as Record<string, unknown>
    if (name === 'get_forecast') return forecast(args)
    return { content: [{ type: 'text', text: `Unknown tool: ${String(name)}` }], isError: true }
  }

  return {
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    async request(request, init) {
      calls.push(request)
      options.onRequest?.(request)
      switch (request.method) {
        case 'resources/read':
          return readResource(request, init?.signal)
        case 'tools/call':
          return callTool(request, init?.signal)
        case 'ping':
        case 'notifications/message':
          return {}
        default:
          throw new McpHitlError(`Method not allowed: ${String(request.method)}`, { code: 'transport' })
      }
    },
  }
}
