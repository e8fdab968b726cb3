/**
 * The MCP server behind an app frame, in the page: answers the resource read with the app's HTML and
 * records every request the frame relays. The Chromium suites' `memoryServer` holds the same idea
 * but imports Vitest, which has no place in a page the other engines load.
 */
import { type CallToolResult, MCP_APP_MIME_TYPE, type McpUiResourceMeta, type ProxiedMCPRequest } from '@mcp-hitl/core'
import type { McpProxyTransport } from '@mcp-hitl/core/apps'

/** What a frame's server serves: the HTML, its `_meta.ui`, and tools answering with fixed results. */
export interface MemoryServerSpec {
  html: string
  meta?: McpUiResourceMeta
  tools?: Record<string, CallToolResult>
}

/** A transport serving `spec`, and the requests it saw. */
export function memoryTransport(spec: MemoryServerSpec): { transport: McpProxyTransport; requests: ProxiedMCPRequest[] } {
  const requests: ProxiedMCPRequest[] = []
  const transport: McpProxyTransport = {
    async request(request) {
      requests.push(request)
      const params = request.params ?? {}
      if (request.method === 'resources/read') {
        return { contents: [{ uri: params.uri, mimeType: MCP_APP_MIME_TYPE, text: spec.html, _meta: { ui: spec.meta ?? {} } }] }
      }
      if (request.method === 'tools/call') {
        const result = spec.tools?.[String(params.name)]
        return result ?? { content: [{ type: 'text', text: `Unknown tool ${String(params.name)}` }], isError: true }
      }
      return {}
    },
  }
  return { transport, requests }
}
