/**
 * Iframe attributes for an MCP App: the `sandbox` tokens, the Permissions-Policy `allow` list, and
 * the CSP `<meta>` placed in the app's HTML. All deny-by-default and pure.
 */
import { McpHitlError } from '../errors'
import type { McpUiResourcePermissions } from './protocol'

/** Options of {@link buildSandboxAttribute}. */
export interface SandboxAttributeOptions {
  /**
   * Adds `allow-same-origin`: only for a sandbox proxy served from an origin other than the host's
   * (the spec's double iframe). With the host's origin it would hand the app the host's cookies and DOM.
   */
  sameOrigin?: boolean
  /** The frame gets its HTML through `srcdoc` (it then runs with the embedder's origin if same-origin). */
  srcdoc?: boolean
  /** Adds `allow-forms`. */
  allowForms?: boolean
  /** Adds `allow-popups` (links open through `ui/open-link` without it). */
  allowPopups?: boolean
}

/** The `sandbox` attribute: `allow-scripts` plus what was asked; never `allow-top-navigation`. */
export function buildSandboxAttribute(options: SandboxAttributeOptions = {}): string {
  if (options.sameOrigin && options.srcdoc) {
    // srcdoc + allow-same-origin = the app runs as the host page itself.
    throw new McpHitlError(
      'buildSandboxAttribute: sameOrigin with srcdoc would run the app on the host origin; serve a sandbox proxy from another origin instead',
      { code: 'misuse' },
    )
  }
  const tokens = ['allow-scripts']
  if (options.sameOrigin) tokens.push('allow-same-origin')
  if (options.allowForms) tokens.push('allow-forms')
  if (options.allowPopups) tokens.push('allow-popups')
  return tokens.join(' ')
}

const FEATURES = [
  ['camera', 'camera'],
  ['microphone', 'microphone'],
  ['geolocation', 'geolocation'],
  ['clipboardWrite', 'clipboard-write'],
] as const

/** The iframe `allow` attribute: each permission only when the resource asks AND the host allows. */
export function buildAllowAttribute(
  requested: McpUiResourcePermissions | undefined,
  hostAllows?: McpUiResourcePermissions,
): string {
  if (!requested || !hostAllows) return ''
  const granted: string[] = []
  for (const [key, feature] of FEATURES) {
    if (isPresent(requested[key]) && isPresent(hostAllows[key])) granted.push(feature)
  }
  return granted.join('; ')
}

// The spec marks a permission with an empty object; `true` is tolerated, anything else is not a grant.
function isPresent(value: unknown): boolean {
  return value === true || (typeof value === 'object' && value !== null)
}

const ATTRS = `(?:\\s(?:[^>"']|"[^"]*"|'[^']*')*)?`
// Comments may precede the doctype; a meta placed before it would switch the page to quirks mode.
// A comment body never contains `-->`, so each input parses one way (no catastrophic backtracking).
const LEADING = new RegExp(
  `^(?:\\uFEFF)?\\s*(?:(?:<!--(?:[^-]|-(?!->))*-->\\s*)*<!doctype${ATTRS}>\\s*)?(?:<html${ATTRS}>\\s*)?(?:<head${ATTRS}>)?`,
  'i',
)

/**
 * Places `<meta http-equiv="Content-Security-Policy">` before any other content of `html`: right
 * after a leading doctype / `<html>` / `<head>` open tag, else at the very start. The HTML parser
 * puts a `<meta>` met before anything else into `<head>` (creating `<html>` and `<head>` if absent),
 * so nothing in the document (comments, scripts, a `<head` inside a string) can run before it.
 */
export function injectCspMeta(html: string, csp: string): string {
  const at = LEADING.exec(html)?.[0].length ?? 0
  const content = csp.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${content}">`
  return html.slice(0, at) + meta + html.slice(at)
}
