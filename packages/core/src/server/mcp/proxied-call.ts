/**
 * Runs one proxied MCP request on a server's shared session, for every kit path that relays an
 * app's requests (the HTTP proxy handler, the AG-UI middleware): a `tools/call` is refused unless
 * the tool's `_meta.ui.visibility` includes `"app"` (the MCP Apps spec's MUST), a dead session is
 * replaced and the request retried once when that cannot repeat a side effect, and an upstream
 * failure is reduced to what the caller may learn (timed out, too large, failed).
 */
import { getToolVisibility, type ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { REQUEST_TIMEOUT_RPC_CODE, RESPONSE_TOO_LARGE_RPC_CODE } from '../../http-errors'
import { upstreamTimeoutError } from './bounded-mcp-fetch'
import type { McpServerConnection } from './mcp-server-connection'
import type { McpProxyClient } from './mcp-server-config'
import { withDeadline } from './with-deadline'

/** How an upstream failure is answered: the wait ran out, the answer was too large, or anything else. */
export type UpstreamFailure = 'upstream_timeout' | 'upstream_too_large' | 'upstream_failed'

/** The result, or why there is none; an upstream failure carries its cause for the server's logs only. */
export type ProxiedCallOutcome =
  | { ok: true; result: unknown }
  | { ok: false; reason: 'unknown_tool' | 'tool_not_app_visible'; message: string }
  | { ok: false; reason: UpstreamFailure; cause: unknown }

/** Per-request options: the caller's abort signal and the upstream timeout in ms. */
export interface ProxiedCallOptions {
  signal?: AbortSignal
  timeout: number
  /**
   * Refuse a `tools/call` of a tool without `"app"` in its visibility. Default true: the request
   * comes from an app. False for the model's own calls of a UI tool, whose visibility was checked
   * for `"model"` when it was offered.
   */
  fromApp?: boolean
}

// The SDK's StreamableHTTPError / SseError keep the default `name`, so go by class name and message.
function isHttpTransportError(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false
  const kind = cause.constructor?.name
  return kind === 'StreamableHTTPError' || kind === 'SseError' || /^(Streamable HTTP|SSE) error/.test(cause.message)
}

// The server never saw the request: its session is unknown (404), so a retry cannot repeat a side effect.
function isExpiredSession(cause: unknown): boolean {
  return isHttpTransportError(cause) && (cause as { code?: unknown }).code === 404
}

/** What an upstream failure is answered as. */
export function upstreamFailure(cause: unknown): UpstreamFailure {
  if (McpHitlError.isInstance(cause) && (cause.code === 'upstream_timeout' || cause.code === 'upstream_too_large')) return cause.code
  if (cause instanceof Error && cause.name === 'McpError') {
    const { code, data } = cause as { code?: unknown; data?: { code?: unknown } }
    if (code === REQUEST_TIMEOUT_RPC_CODE) return 'upstream_timeout'
    if (code === RESPONSE_TOO_LARGE_RPC_CODE && data?.code === 'upstream_too_large') return 'upstream_too_large'
  }
  return 'upstream_failed'
}

/** True for a dead session (server restarted, session expired, network) rather than an answer from the server. */
export function isConnectionFailure(cause: unknown): boolean {
  if (!(cause instanceof Error)) return true
  if (upstreamFailure(cause) !== 'upstream_failed') return false
  const code = (cause as { code?: unknown }).code
  if (cause.name === 'McpError') return code === -32000 // ConnectionClosed
  if (isHttpTransportError(cause)) return true
  return cause.name === 'TypeError' || typeof code === 'string' // fetch failed, ECONNREFUSED...
}

/**
 * The caller's signal, passed to the SDK only while the call runs. A Node adapter aborts
 * `request.signal` when the response closes, i.e. after every call; the SDK would answer that abort
 * of a finished call with a `notifications/cancelled` upstream, doubling the requests.
 */
function signalWhileRunning(outer: AbortSignal | undefined): { signal?: AbortSignal; release(): void } {
  if (!outer) return { release: () => undefined }
  const controller = new AbortController()
  const abort = () => controller.abort(outer.reason)
  if (outer.aborted) abort()
  else outer.addEventListener('abort', abort, { once: true })
  return { signal: controller.signal, release: () => outer.removeEventListener('abort', abort) }
}

async function call(client: McpProxyClient, request: ProxiedMCPRequest, options: { signal?: AbortSignal; timeout: number }) {
  const params = (request.params ?? {}) as Record<string, unknown>
  switch (request.method) {
    case 'tools/call':
      return client.callTool(params as Parameters<McpProxyClient['callTool']>[0], undefined, options)
    case 'resources/read':
      return client.readResource(params as Parameters<McpProxyClient['readResource']>[0], options)
    case 'resources/list':
      return client.listResources(params as Parameters<McpProxyClient['listResources']>[0], options)
    case 'resources/templates/list':
      return client.listResourceTemplates(params as Parameters<McpProxyClient['listResourceTemplates']>[0], options)
    case 'notifications/message': {
      // The SDK bounds requests, not notifications: a factory client's transport gets the same deadline.
      const sent = client.notification({ method: 'notifications/message', params } as Parameters<McpProxyClient['notification']>[0])
      await withDeadline(sent, options.timeout, () => upstreamTimeoutError(options.timeout))
      return { success: true }
    }
    case 'ping':
      return client.ping(options)
  }
}

/**
 * Runs `work` (a read that may repeat: a tool listing) on `connection`'s session, replacing the
 * session once when the server no longer knows it (restarted, expired).
 */
export async function onLiveSession<T>(connection: McpServerConnection, work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const client = await connection.get()
    try {
      return await work()
    } catch (error) {
      if (attempt > 0 || !isConnectionFailure(error)) throw error
      connection.invalidate(client)
    }
  }
}

/** Runs `request` (a `tools/call` names its tool in `params.name`) on `connection`'s session; never throws. */
export async function executeProxiedCall(
  connection: McpServerConnection,
  request: ProxiedMCPRequest,
  options: ProxiedCallOptions,
): Promise<ProxiedCallOutcome> {
  const running = signalWhileRunning(options.signal)
  const callOptions = running.signal ? { signal: running.signal, timeout: options.timeout } : { timeout: options.timeout }
  try {
    // One retry after a dead session. A tools/call is retried only when it surely did not run (it
    // was not sent yet, or the server no longer knew the session); reads and pings are idempotent.
    for (let attempt = 0; ; attempt++) {
      let client: McpProxyClient | undefined
      let sent = false
      try {
        client = await connection.get()
        if (request.method === 'tools/call' && options.fromApp !== false) {
          const name = String(request.params?.name)
          const tool = await connection.findTool(name)
          const shown = name.slice(0, 100)
          if (!tool) return { ok: false, reason: 'unknown_tool', message: `Unknown tool: ${shown}` }
          if (!getToolVisibility(tool).includes('app')) {
            return { ok: false, reason: 'tool_not_app_visible', message: `Tool "${shown}" is not callable from apps (its visibility lacks "app")` }
          }
        }
        sent = true
        return { ok: true, result: await call(client, request, callOptions) }
      } catch (cause) {
        const dead = isConnectionFailure(cause)
        if (dead && client) connection.invalidate(client)
        const safe = !sent || request.method !== 'tools/call' || isExpiredSession(cause)
        if (dead && safe && attempt === 0 && !options.signal?.aborted) continue
        return { ok: false, reason: upstreamFailure(cause), cause }
      }
    }
  } finally {
    running.release()
  }
}
