/**
 * Serves the sandbox proxy page of the double-iframe option. Mount it on an origin other than the
 * host's (e.g. `https://sandbox.example.com`). The app's CSP travels as HTTP headers, which the
 * app cannot remove the way it could edit a `<meta>`: `GET ?csp=<JSON of _meta.ui.csp>` answers the
 * page with `Content-Security-Policy` built by `resolveAppCsp` plus `frame-ancestors` limited to the
 * allowed host origins. The inner `srcdoc` app inherits that policy.
 */
import { isRecord } from '../../guards'
import { type CspHostPolicy, resolveAppCsp } from '../../apps/csp'
import type { McpUiResourceCsp } from '../../apps/protocol'
import { buildSandboxProxyPage, normalizeHostOrigins } from '../../apps/sandbox-proxy-page'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'

/** Options of {@link createSandboxProxyHandler}. */
export interface SandboxProxyHandlerOptions {
  /** Host page origins that may frame the proxy (also checked by the page on every message). */
  allowedHostOrigins: string[]
  /** Narrows what resources may declare (see `resolveAppCsp`). */
  hostPolicy?: CspHostPolicy
  /** Largest accepted `csp` query parameter, in characters. Default 8,192. */
  maxCspLength?: number
}

/** Creates the Fetch-API handler for the sandbox proxy page (errors are `{ error, code }`, as every kit handler's). */
export function createSandboxProxyHandler(options: SandboxProxyHandlerOptions): (request: Request) => Promise<Response> {
  const origins = normalizeHostOrigins(options.allowedHostOrigins)
  const page = buildSandboxProxyPage({ allowedHostOrigins: origins })
  const maxCspLength = options.maxCspLength ?? 8192
  return createHttpRoute({ methods: ['GET', 'HEAD'] }, async (request) => {
    const raw = new URL(request.url).searchParams.get('csp')
    let csp: McpUiResourceCsp | undefined
    if (raw !== null) {
      if (raw.length > maxCspLength) throw new HttpRefusal('payload_too_large', `The csp parameter is longer than ${maxCspLength} characters`)
      const parsed = parseJson(raw)
      if (!isRecord(parsed)) throw new HttpRefusal('bad_request', 'csp must be the JSON of _meta.ui.csp')
      csp = parsed as McpUiResourceCsp
    }
    const policy = `${resolveAppCsp(csp, options.hostPolicy).policy}; frame-ancestors ${origins.join(' ')}`
    return new Response(request.method === 'HEAD' ? null : page, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        // The policy depends on the query; caches must key on it and never share across users.
        'cache-control': 'private, no-cache',
      },
    })
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
