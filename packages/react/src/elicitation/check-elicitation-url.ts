import type { UrlRefusal, UrlWarning } from './labels'

/** Options of {@link checkElicitationUrl}. */
export interface CheckElicitationUrlOptions {
  /** Also allow `http://localhost` (and 127.0.0.1 / [::1]) for development. */
  allowLocalhost?: boolean
}

/** What the URL view shows and whether it may open the page. */
export type ElicitationUrlCheck =
  | { ok: true; url: URL; host: string; warnings: UrlWarning[] }
  | { ok: false; reason: UrlRefusal; host?: string; warnings: UrlWarning[] }

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
// Scripts whose letters, mixed in one host name, are the usual homograph trick.
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u,
  /\p{Script=Han}/u, /\p{Script=Arabic}/u, /\p{Script=Hebrew}/u, /\p{Script=Cherokee}/u]

// The host as the server wrote it: `URL` turns Unicode into punycode, which hides mixed scripts.
function rawHost(input: string): string {
  const afterScheme = input.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? ''
  return authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '')
}

function mixedScripts(host: string): boolean {
  return host.split('.').some((label) => SCRIPTS.filter((script) => script.test(label)).length > 1)
}

/** Decides whether a URL-mode page may be opened (https only, deny by default) and what to warn about. */
export function checkElicitationUrl(input: string, options: CheckElicitationUrlOptions = {}): ElicitationUrlCheck {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return { ok: false, reason: 'invalid', warnings: [] }
  }
  const warnings: UrlWarning[] = []
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) warnings.push('punycode')
  if (mixedScripts(rawHost(input))) warnings.push('mixed-script')
  if (url.username !== '' || url.password !== '') warnings.push('userinfo')
  const host = url.host
  if (url.protocol === 'https:' && host !== '') return { ok: true, url, host, warnings }
  if (url.protocol === 'http:' && options.allowLocalhost && LOCAL_HOSTS.has(url.hostname)) {
    return { ok: true, url, host, warnings }
  }
  return { ok: false, reason: url.protocol === 'http:' ? 'insecure' : 'scheme', host: host || undefined, warnings }
}
