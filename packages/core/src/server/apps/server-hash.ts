/** The server key of `@ag-ui/mcp-apps-middleware` 0.1.1, so activity content and proxy agree. */
import { createHash } from 'node:crypto'

/**
 * MD5 hex of `JSON.stringify({ type, url })` (headers excluded), exactly as the middleware computes
 * `serverHash`. A lookup key, not a secret: prefer `serverId` for anything persisted.
 */
export function computeServerHash(config: {
  type?: string | undefined
  url?: string | undefined
  // The rest of MCPAppsMiddleware's config, taken and ignored, so a config literal written for its getServerHash fits.
  headers?: Record<string, string> | undefined
  serverId?: string | undefined
}): string {
  return createHash('md5')
    .update(JSON.stringify({ type: config.type, url: config.url }))
    .digest('hex')
}
