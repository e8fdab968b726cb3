/**
 * An MCP App from a `data-mcp-apps` part: the kit's `McpAppFrame`, its requests relayed to the
 * backend's MCP proxy handler over HTTP, the page's theme passed as host context, its sampling
 * requests answered by the chat's model (after the person's review), its own tools registered
 * for the chat's model, and its messages in the person's name held for the person's review.
 */
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { type AppMessageReview, createHttpProxyTransport, createSamplingClient, type McpAppToolRegistry } from '@mcp-hitl/core/apps'
import { McpAppFrame } from '@mcp-hitl/react/apps'
import { useMemo } from 'react'
import type { Theme } from './use-theme'

// One transport for every app on the page: it is stateless (one POST per request).
const transport = createHttpProxyTransport({ url: '/api/mcp-proxy' })
// The chat's own model answers an app's approved sampling request.
const sampling = { generate: createSamplingClient({ url: '/api/sampling' }) }

/** Renders one app inline in the transcript; `appTools` collects its own tools under `frameKey`. */
export function ChatAppFrame(props: {
  content: McpAppsActivityContent
  theme: Theme
  sandboxOrigin: string
  appTools?: McpAppToolRegistry
  messageReview?: AppMessageReview
  frameKey?: string
}) {
  const { appTools, messageReview, frameKey } = props
  const { serverName, serverId, toolName } = props.content
  const handlers = useMemo(
    () =>
      frameKey
        ? {
            ...(appTools ? { onAppTools: appTools.connect(frameKey) } : {}),
            // Never sent by itself: the app's message goes to the composer, for the person to send or discard.
            ...(messageReview ? { onMessage: messageReview.onMessage({ frame: frameKey, serverName: serverName ?? serverId, toolName }) } : {}),
          }
        : undefined,
    [appTools, messageReview, frameKey, serverName, serverId, toolName],
  )
  return (
    <McpAppFrame
      content={props.content}
      transport={transport}
      sandbox={{ proxyUrl: `${props.sandboxOrigin}/` }}
      theme={props.theme}
      sampling={sampling}
      handlers={handlers}
      className="demo-app-frame"
    />
  )
}
