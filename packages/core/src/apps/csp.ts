/**
 * Deny-by-default Content Security Policy for an MCP App, built from the resource's `_meta.ui.csp`
 * (MCP Apps 2026-01-26) and narrowed by what the host allows.
 *
 * No `'self'` anywhere, unlike the spec's example defaults: in a sandboxed `srcdoc` frame Chromium
 * resolves `'self'` to the embedding page's origin (measured in Chromium 156: images, styles and
 * scripts from the chat's own origin loaded), and behind a sandbox proxy it would mean the proxy's
 * origin. An app reaches exactly the origins it declared and the host allowed, nothing else.
 * `base-uri` defaults to `'none'` for the same reason.
 */
import type { McpUiResourceCsp } from './protocol'

/** One of the four domain lists of {@link McpUiResourceCsp}. */
export type CspDomainKind = keyof McpUiResourceCsp

/** What the host allows on top of (never beyond) what the resource declares. */
export interface CspHostPolicy {
  /** When set, only these connect origins survive (intersection with the declared ones). */
  allowConnectDomains?: string[]
  /** When set, only these script/style/image/font/media origins survive. */
  allowResourceDomains?: string[]
  /** When set, only these frame origins survive. */
  allowFrameDomains?: string[]
  /** When set, only these `<base href>` origins survive. */
  allowBaseUriDomains?: string[]
  /** Accept `http://` / `ws://` for localhost, 127.0.0.1 and [::1] (development only). */
  allowLocalhost?: boolean
}

/** A declared domain that was dropped, and why (for a console warning). */
export interface CspRejection {
  kind: CspDomainKind
  value: unknown
  reason: string
}

/** The policy string, the origins that made it in, and what was rejected. */
export interface AppCspResolution {
  policy: string
  domains: Required<McpUiResourceCsp>
  rejected: CspRejection[]
}

const KINDS: CspDomainKind[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']
const HOST_KEYS = {
  connectDomains: 'allowConnectDomains',
  resourceDomains: 'allowResourceDomains',
  frameDomains: 'allowFrameDomains',
  baseUriDomains: 'allowBaseUriDomains',
} as const
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
// Characters that would end a source expression or a directive; rejected before parsing so nothing
// the URL parser might percent-encode or trim can reach the policy.
const UNSAFE = /[\s;,'"*\\<>`]/

/** Normalises one declared domain to an origin, or says why it cannot be allowed. */
export function normalizeCspDomain(
  value: unknown,
  kind: CspDomainKind,
  options: { allowLocalhost?: boolean } = {},
): { ok: true; origin: string } | { ok: false; reason: string } {
  if (typeof value !== 'string' || value.length === 0) return { ok: false, reason: 'not a non-empty string' }
  if (value.length > 2048) return { ok: false, reason: 'too long' }
  if (UNSAFE.test(value)) return { ok: false, reason: 'contains whitespace, wildcards, quotes or CSP separators' }
  // A bare host ("api.example.com") means https; anything with a scheme is taken as written.
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return { ok: false, reason: 'not a valid URL' }
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials are not allowed' }
  if (!url.hostname) return { ok: false, reason: 'no host' }
  const local = LOCAL_HOSTS.has(url.hostname)
  const secure = kind === 'connectDomains' ? ['https:', 'wss:'] : ['https:']
  const insecure = kind === 'connectDomains' ? ['http:', 'ws:'] : ['http:']
  if (!secure.includes(url.protocol)) {
    if (!(local && options.allowLocalhost && insecure.includes(url.protocol))) {
      return { ok: false, reason: `scheme ${url.protocol} is not allowed for ${kind}` }
    }
  }
  return { ok: true, origin: url.origin }
}

function normalizeList(
  values: unknown,
  kind: CspDomainKind,
  allowLocalhost: boolean,
  rejected: CspRejection[] | undefined,
): string[] {
  if (values === undefined) return []
  if (!Array.isArray(values)) {
    rejected?.push({ kind, value: values, reason: 'not an array' })
    return []
  }
  const out: string[] = []
  for (const value of values) {
    const result = normalizeCspDomain(value, kind, { allowLocalhost })
    if (!result.ok) rejected?.push({ kind, value, reason: result.reason })
    else if (!out.includes(result.origin)) out.push(result.origin)
  }
  return out
}

/** Resolves the CSP of an app: policy string, surviving origins, and rejected entries with reasons. */
export function resolveAppCsp(csp: McpUiResourceCsp | undefined, hostPolicy: CspHostPolicy = {}): AppCspResolution {
  const rejected: CspRejection[] = []
  const allowLocalhost = hostPolicy.allowLocalhost === true
  const domains = {} as Required<McpUiResourceCsp>
  for (const kind of KINDS) {
    let list = normalizeList(csp?.[kind], kind, allowLocalhost, rejected)
    const hostList = hostPolicy[HOST_KEYS[kind]]
    if (hostList) {
      const allowed = new Set(normalizeList(hostList, kind, allowLocalhost, undefined))
      for (const origin of list) {
        if (!allowed.has(origin)) rejected.push({ kind, value: origin, reason: 'not allowed by the host policy' })
      }
      list = list.filter((origin) => allowed.has(origin))
    }
    domains[kind] = list
  }
  const res = domains.resourceDomains.join(' ')
  const withRes = (base: string) => (res ? `${base} ${res}` : base)
  const orNone = (list: string[], fallback: string) => (list.length ? list.join(' ') : fallback)
  const policy = [
    "default-src 'none'",
    `script-src ${withRes("'unsafe-inline'")}`,
    `style-src ${withRes("'unsafe-inline'")}`,
    `img-src ${withRes('data:')}`,
    `font-src ${withRes('data:')}`,
    `media-src ${withRes('data:')}`,
    `connect-src ${orNone(domains.connectDomains, "'none'")}`,
    `frame-src ${orNone(domains.frameDomains, "'none'")}`,
    `base-uri ${orNone(domains.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ')
  return { policy, domains, rejected }
}
