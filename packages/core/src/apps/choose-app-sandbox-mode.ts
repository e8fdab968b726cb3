/**
 * Which of the two sandbox modes an MCP App frame runs in, decided in one place.
 *
 * - `proxy` (the spec's double iframe) whenever a sandbox proxy is configured: the app runs inside
 *   a page served from a separate origin, its CSP is an HTTP header the app cannot edit, and a
 *   frame it navigates to is blocked by that page's `frame-src`. Apps of different frames cannot
 *   see each other's windows except through cross-origin proxy pages, which drop their messages.
 * - `srcdoc` otherwise: one sandboxed `srcdoc` iframe with an opaque origin, the policy in a
 *   kit-owned `<meta>` (and the iframe `csp` attribute). Sibling app frames on the same page can
 *   reach each other's windows through `parent.frames` (a view tells the host apart by
 *   `event.source === window.parent`).
 */
import { McpHitlError } from '../errors'

/** Where an MCP App runs: a sandboxed `srcdoc` iframe, or the spec's double iframe behind a sandbox proxy on another origin. */
export type McpAppSandbox = 'srcdoc' | { proxyUrl: string }

/** The mode picked by {@link chooseAppSandboxMode}, with the proxy's parsed URL and origin. */
export type McpAppSandboxMode = { mode: 'srcdoc' } | { mode: 'proxy'; proxyUrl: URL; proxyOrigin: string }

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function misuse(message: string): McpHitlError {
  return new McpHitlError(message, { code: 'misuse' })
}

/**
 * Picks the sandbox mode: `proxy` whenever a proxy URL is given, `srcdoc` when none is. Throws a
 * `misuse` error for a proxy URL that would not isolate the app: unparsable, not https (http only
 * on loopback, for development), or on the host page's own origin.
 */
export function chooseAppSandboxMode(sandbox: McpAppSandbox | undefined, hostOrigin: string): McpAppSandboxMode {
  if (sandbox === undefined || sandbox === 'srcdoc') return { mode: 'srcdoc' }
  const raw = typeof sandbox === 'object' && sandbox !== null ? sandbox.proxyUrl : undefined
  let url: URL
  try {
    url = new URL(String(raw), hostOrigin)
  } catch {
    throw misuse(
      `McpAppFrame sandbox.proxyUrl: ${JSON.stringify(raw)} is not a URL; pass the URL where createSandboxProxyHandler is served, e.g. { proxyUrl: "https://sandbox.example.com/" }`,
    )
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw misuse(
      `McpAppFrame sandbox.proxyUrl: ${url.href} must be https (http only on localhost); serve the sandbox proxy over https`,
    )
  }
  if (url.origin === hostOrigin) {
    throw misuse(
      `McpAppFrame sandbox.proxyUrl: ${url.href} is on the chat page's own origin, where the app would share its cookies and storage; serve the sandbox proxy from another origin, e.g. https://sandbox.example.com`,
    )
  }
  return { mode: 'proxy', proxyUrl: url, proxyOrigin: url.origin }
}
