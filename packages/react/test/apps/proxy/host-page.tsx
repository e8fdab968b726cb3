/** Host page for the double-iframe test: one McpAppFrame behind a sandbox proxy on another origin. */
import { MCP_APP_MIME_TYPE } from '@mcp-hitl/core'
import type { McpAppMessageParams } from '@mcp-hitl/core/apps'
import { createRoot } from 'react-dom/client'
import { McpAppFrame } from '../../../src/apps'

const config = (globalThis as unknown as { PROXY_TEST: { proxyUrl: string; html: string } }).PROXY_TEST
const log: unknown[] = []
;(globalThis as unknown as { __log: unknown[] }).__log = log
const transport = {
  async request(request: { method: string; params?: Record<string, unknown> }) {
    if (request.method === 'resources/read') {
      return { contents: [{ uri: request.params?.uri, mimeType: MCP_APP_MIME_TYPE, text: config.html, _meta: { ui: { csp: { connectDomains: ['https://api.allowed.example'] } } } }] }
    }
    if (request.method === 'tools/call') return { content: [{ type: 'text', text: `called ${String(request.params?.name)}` }] }
    return {}
  },
}
const content = {
  resourceUri: 'ui://proxy/view.html',
  serverHash: 'h',
  toolInput: { city: 'Paris' },
  result: { content: [{ type: 'text', text: 'sunny' }] },
}
createRoot(document.getElementById('root')!).render(
  <McpAppFrame
    content={content}
    transport={transport}
    sandbox={{ proxyUrl: config.proxyUrl }}
    handlers={{
      onMessage: (message: McpAppMessageParams) => {
        log.push(JSON.parse(String(message.content[0]?.text)))
      },
    }}
  />,
)
