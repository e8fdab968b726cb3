/** The handshake of the MCP Apps sandbox proxy (2026-01-26, double-iframe option). */
import type { McpUiResourceCsp, McpUiResourcePermissions } from './protocol'

/** Notification the proxy sends to the host once it is ready for the app's HTML. */
export const SANDBOX_PROXY_READY_METHOD = 'ui/notifications/sandbox-proxy-ready'
/** Notification the host sends to the proxy with the app's HTML. */
export const SANDBOX_RESOURCE_READY_METHOD = 'ui/notifications/sandbox-resource-ready'

/** Params of {@link SANDBOX_RESOURCE_READY_METHOD}. */
export interface SandboxResourceReadyParams {
  html: string
  /** Tokens for the inner iframe; the proxy keeps only harmless ones (never `allow-same-origin`). */
  sandbox?: string
  csp?: McpUiResourceCsp
  /** Permissions the host grants (already intersected with what the resource asked). */
  permissions?: McpUiResourcePermissions
}

/**
 * The proxy page URL for one app: the resource's CSP goes in the `csp` query parameter, which
 * `createSandboxProxyHandler` turns into the page's CSP header. Without it the header stays
 * deny-by-default and, since the inner document inherits it, blocks the domains the app declared.
 */
export function buildSandboxProxyUrl(proxyUrl: string | URL, csp?: McpUiResourceCsp): string {
  const url = new URL(proxyUrl, globalThis.location?.href)
  if (csp) url.searchParams.set('csp', JSON.stringify(csp))
  else url.searchParams.delete('csp')
  return url.href
}
