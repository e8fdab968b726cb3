/**
 * An MCP App from a `data-mcp-apps` part: the kit's `McpAppFrame`, its requests relayed to the
 * backend's MCP proxy handler over HTTP, and the page's theme passed as host context.
 */
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { createHttpProxyTransport } from '@mcp-hitl/core/apps'
import { McpAppFrame } from '@mcp-hitl/react/apps'
import type { Theme } from './use-theme'

// One transport for every app on the page: it is stateless (one POST per request).
const transport = createHttpProxyTransport({ url: '/api/mcp-proxy' })

/** Renders one app inline in the transcript. */
export function ChatAppFrame(props: { content: McpAppsActivityContent; theme: Theme; sandboxOrigin: string }) {
  return (
    <McpAppFrame
      content={props.content}
      transport={transport}
      sandbox={{ proxyUrl: `${props.sandboxOrigin}/` }}
      theme={props.theme}
      className="demo-app-frame"
    />
  )
}
