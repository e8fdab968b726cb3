/**
 * The MCP Apps sandbox proxy on its own port, hence its own origin: the app's HTML never runs on
 * the page's origin, so it cannot read the chat's cookies or DOM even with `allow-same-origin`.
 */
import { getRequestListener } from '@hono/node-server'
import { createSandboxProxyHandler } from '@mcp-hitl/core/server'
import { type Listening, listen } from './listen'

/** Starts the sandbox proxy server; only `hostOrigins` may frame it. */
export function startSandboxServer(options: { host: string; port: number; envName: string; hostOrigins: string[] }): Promise<Listening> {
  const handler = createSandboxProxyHandler({ allowedHostOrigins: options.hostOrigins })
  return listen(
    getRequestListener((request) => handler(request)),
    options,
  )
}
