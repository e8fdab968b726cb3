/**
 * Iframe attributes for an MCP App: the `sandbox` tokens and the Permissions-Policy `allow` list.
 * All deny-by-default and pure. The app's document itself is built by `buildAppDocument`.
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
  /**
   * Adds `allow-forms`: a `<form>` fires `submit` for the app's script. The app's CSP keeps
   * `form-action 'none'`, so a submission never navigates anywhere.
   */
  allowForms?: boolean
  /** Adds `allow-modals`: `alert`, `confirm`, `prompt` and `print` (browser dialogs the app's text fills). */
  allowModals?: boolean
  /** Adds `allow-pointer-lock` (games, 3D views; the browser shows its own notice and Escape releases it). */
  allowPointerLock?: boolean
  /** Adds `allow-popups` (links open through `ui/open-link` without it). */
  allowPopups?: boolean
}

/**
 * The `sandbox` attribute: `allow-scripts` plus what was asked; never `allow-top-navigation`,
 * `allow-downloads` (files go through `ui/download-file`) or `allow-popups-to-escape-sandbox`.
 */
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
  if (options.allowModals) tokens.push('allow-modals')
  if (options.allowPointerLock) tokens.push('allow-pointer-lock')
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
