/**
 * The handshake of the MCP Apps sandbox proxy (2026-01-26, double-iframe option), plus the kit's
 * own frame messages (`mcp-hitl/*`), which never reach or come from app code.
 */
import { McpHitlError } from '../errors'
import type { McpUiResourceCsp, McpUiResourcePermissions } from './protocol'

/** Notification the proxy sends to the host once it is ready for the app's HTML. */
export const SANDBOX_PROXY_READY_METHOD = 'ui/notifications/sandbox-proxy-ready'
/** Notification the host sends to the proxy with the app's HTML. */
export const SANDBOX_RESOURCE_READY_METHOD = 'ui/notifications/sandbox-resource-ready'

/**
 * First message of a kit-built app document to its parent, carrying a `MessagePort`: the parent
 * talks to the app on that port only, so its messages die with the document (see `buildAppDocument`).
 */
export const MCP_HITL_CHANNEL_METHOD = 'mcp-hitl/channel'
/**
 * The app's document is gone (it navigated or reloaded): sent on the port by the document's
 * `pagehide`, and by the kit's sandbox proxy to the host when its inner frame loads a second document.
 */
export const MCP_HITL_APP_LEFT_METHOD = 'mcp-hitl/app-left'
/**
 * The person pressed Escape inside the app's document: sent on the port by the document's guard
 * (never by app code, which cannot reach the port), and relayed to the host by the kit's sandbox
 * proxy. Keys inside a frame never reach the host page, so this is how Escape leaves full screen
 * while the app has focus.
 */
export const MCP_HITL_ESCAPE_METHOD = 'mcp-hitl/escape'

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
  let url: URL
  try {
    url = new URL(proxyUrl, globalThis.location?.href)
  } catch (cause) {
    throw new McpHitlError(
      `buildSandboxProxyUrl: ${JSON.stringify(String(proxyUrl))} is not a URL; pass the URL where createSandboxProxyHandler is served, e.g. "https://sandbox.example.com/"`,
      { code: 'misuse', cause },
    )
  }
  if (csp) url.searchParams.set('csp', JSON.stringify(csp))
  else url.searchParams.delete('csp')
  return url.href
}
