/**
 * One server object for the kit (as Hono has one app object): it resolves the caller's session
 * once (`getSessionId`), owns the broker and one pool of MCP connections over one list of server
 * configs, and answers every route of the page under one base path with one Fetch handler:
 *
 * - `POST {basePath}/respond`: an answer `{ id, action, content? }` (`createRespondHandler`)
 * - `GET {basePath}/pending`: the caller's pending elicitations (`createListHandler`)
 * - `GET {basePath}/events`: the caller's live channel (`createElicitationEventsHandler`)
 * - `POST {basePath}/mcp-proxy`: an app's proxied MCP request (`createMcpProxyHandler`)
 * - `POST {basePath}/sampling`: an app's approved sampling request, once an integration mounts it
 *   (`createSamplingHandler(hitl, { model })` of the AI SDK entry)
 * - `GET {basePath}/sandbox-proxy`: the sandbox proxy page (`createSandboxProxyHandler`), with the
 *   `sandboxProxy` option, answered only on the sandbox's own origin
 *
 * The integrations take the object: `connectMcpTools(hitl, …)` for an AI SDK chat route,
 * `createAgUiHandler(hitl, …)` for AG-UI; both run on the same broker, and the AG-UI middleware on
 * the same pool as the proxy. The route factories stay available as building blocks.
 */
import { McpHitlError } from '../errors'
import { mcpProxyHandlerOver } from './apps/mcp-proxy-handler'
import { createElicitationBroker } from './elicitation/elicitation-broker'
import type { ElicitationBroker, ElicitationBrokerOptions } from './elicitation/elicitation-broker-types'
import { createElicitationEventsHandler, type ElicitationEventsHandlerOptions } from './elicitation/events-handler'
import { createListHandler } from './elicitation/list-handler'
import { createRespondHandler, type RespondHandlerOptions } from './elicitation/respond-handler'
import type { ElicitationStore } from './elicitation/stores/elicitation-store'
import { jsonResponse } from './http/json-response'
import { type GetSessionId, requireGetSessionId } from './http/session-resolver'
import type { McpConnectionPool } from './mcp/mcp-connection-pool'
import { createMcpPool, type McpLimits, resolveMcpLimits } from './mcp/mcp-limits'
import { assertProxyServerUrl } from './mcp/mcp-server-connection'
import { isUrlServerConfig, type McpServerConfig } from './mcp/mcp-server-config'
import { indexMcpServers, type McpServerIndex } from './mcp/mcp-server-index'
import { PendingElicitations } from './mcp/pending-elicitations'
import type { McpProxyHandlerOptions } from './apps/mcp-proxy-handler'
import { createSandboxProxyHandler, type SandboxProxyHandlerOptions } from './apps/sandbox-proxy-handler'
import { normalizeHostOrigins } from '../apps/sandbox-proxy-page'


/** Options of {@link createHitlServer}. */
export interface HitlServerOptions {
  /** Required. Resolves the caller's session for every route and integration; see {@link GetSessionId}. */
  getSessionId: GetSessionId
  /** The MCP servers, each `{ id, title?, type, url, headers? }` (or `serverId`, as `@ag-ui/mcp-apps-middleware` names it) or a factory. */
  servers: McpServerConfig[]
  /** Where pending elicitations live. Default: in this process. */
  store?: ElicitationStore | undefined
  /**
   * The broker's other options (time to answer, bounds, hooks), or a broker of your own to share
   * (then `store` is not read, and `close()` leaves the broker to you).
   */
  broker?: Omit<ElicitationBrokerOptions, 'store'> | ElicitationBroker | undefined
  /** Path the routes sit under. Default `/api/hitl`. */
  basePath?: string | undefined
  /** Bounds of every MCP wait, answer and connection (one pool for every path). */
  limits?: McpLimits | undefined
  /** Decides each proxied request of an app after the kit's own checks; see `createMcpProxyHandler`. */
  authorize?: McpProxyHandlerOptions['authorize']
  /** The proxy's per-session rate limit; see `createMcpProxyHandler`. */
  rateLimit?: McpProxyHandlerOptions['rateLimit']
  /** The live channel's bounds; see `createElicitationEventsHandler`. */
  events?: Omit<ElicitationEventsHandlerOptions, 'getSessionId' | 'onError'> | undefined
  /**
   * Serve the sandbox proxy page (`createSandboxProxyHandler`'s options) at
   * `{basePath}/sandbox-proxy`. `origin` is required: the sandbox's own origin, e.g.
   * `https://sandbox.example.com`, where this server is also reachable. The page is served only to
   * requests for that origin, never to the chat's own (an app under `allow-same-origin` there could
   * read the chat's cookies and storage).
   */
  sandboxProxy?: (SandboxProxyHandlerOptions & { origin: string }) | undefined
  /** Called with unexpected failures of any route (store down, an MCP server failing); never with content. */
  onError?: ((error: unknown) => void) | undefined
}

/**
 * The servers and the one pool of their connections, as the kit's integrations run over them. Not
 * on the public object: read with {@link hitlMcpOf} inside the kit.
 */
export interface HitlMcp {
  /** The servers by `id` / `serverId` and hash. */
  index: McpServerIndex<McpServerConfig>
  /** The one pool of MCP connections of this server object. */
  pool: McpConnectionPool
  /** Each caller's open elicitations, counted by the pool's broker. */
  pending: PendingElicitations
  /** The resolved bounds of every MCP wait. */
  timeoutMs: number
  /** The resolved bound of one tool call. */
  toolCallTimeoutMs: number
  /** Adds an integration's route (`sampling`) to the object's Fetch handler. */
  mount(route: 'sampling', handler: (request: Request) => Promise<Response>): void
}

const internals = new WeakMap<HitlServer, HitlMcp>()

/** The servers and pool of a server object, for the kit's own integrations (`createAgUiHandler`). */
export function hitlMcpOf(hitl: HitlServer): HitlMcp {
  const mcp = internals.get(hitl)
  if (!mcp) throw misuse('pass the object createHitlServer returned')
  return mcp
}

/** The routes every {@link HitlServer} answers, each at `{basePath}/{route}`. */
export type HitlRoute = 'respond' | 'pending' | 'events' | 'mcp-proxy'
// The routes an option or an integration adds: `sandbox-proxy` (option), `sampling` (`createSamplingHandler(hitl, …)`).
type HitlOptionalRoute = 'sandbox-proxy' | 'sampling'
// The routes an integration mounts on the object.
type HitlMountedRoute = 'sampling'
type Handler = (request: Request) => Promise<Response>

const isBroker = (value: unknown): value is ElicitationBroker =>
  typeof value === 'object' && value !== null && typeof (value as ElicitationBroker).request === 'function' && typeof (value as ElicitationBroker).respond === 'function'

/** What {@link createHitlServer} returns. */
export interface HitlServer {
  /** One Fetch handler for every route under `basePath`; any other path is a 404. */
  fetch(request: Request): Promise<Response>
  /** The routes' base path, e.g. `/api/hitl` (the page's `api`). */
  readonly basePath: string
  /** The session resolver every route and integration uses. */
  readonly getSessionId: GetSessionId
  /** The broker the routes and integrations share. */
  readonly broker: ElicitationBroker
  /** The MCP server configs, as given. */
  readonly servers: readonly McpServerConfig[]
  /**
   * Each route's Fetch handler, to mount one at a path of your own (a Next.js route file); the
   * optional ones are there once their option or integration is given.
   */
  readonly routes: Readonly<
    Record<HitlRoute, (request: Request) => Promise<Response>> & { sampling?: (request: Request) => Promise<Response>; 'sandbox-proxy'?: (request: Request) => Promise<Response> }
  >
  /** Called by the integrations with their unexpected failures. */
  readonly onError: ((error: unknown) => void) | undefined
  /** Registers something to close with the server (an integration's middleware). */
  own(close: () => Promise<void>): void
  /** Closes the pool, what the integrations registered, and the broker it made (with the store, if the broker made it). */
  close(): Promise<void>
}

const API = 'createHitlServer'
const misuse = (message: string) => new McpHitlError(`${API}: ${message}`, { code: 'misuse' })

function normalizeBasePath(basePath: string | undefined): string {
  const path = basePath ?? '/api/hitl'
  if (typeof path !== 'string' || !path.startsWith('/')) throw misuse('`basePath` must be a path that starts with "/", e.g. "/api/hitl"')
  return path.replace(/\/+$/, '')
}

/** True for what {@link createHitlServer} returns. */
export function isHitlServer(value: unknown): value is HitlServer {
  return typeof value === 'object' && value !== null && internals.has(value as HitlServer)
}

/** Creates the kit's one server object; see the module comment for its routes. */
export function createHitlServer(options: HitlServerOptions): HitlServer {
  requireGetSessionId(API, options)
  if (!Array.isArray(options.servers)) throw misuse('`servers` must be an array of server configs, e.g. [{ id: "docs", type: "http", url }]')
  for (const config of options.servers) if (isUrlServerConfig(config)) assertProxyServerUrl(API, config)
  const basePath = normalizeBasePath(options.basePath)
  const limits = resolveMcpLimits(API, options.limits ?? {}, undefined)
  const index = indexMcpServers(API, options.servers)
  const { getSessionId, onError } = options
  const given = isBroker(options.broker) ? options.broker : undefined
  const broker = given ?? createElicitationBroker({ ...(options.broker as ElicitationBrokerOptions | undefined), ...(options.store ? { store: options.store } : {}) })
  const pending = new PendingElicitations()
  const pool = createMcpPool(limits, {
    broker: pending.wrap(broker),
    exchangeTimeoutMs: Math.max(limits.timeoutMs, limits.toolCallTimeoutMs),
    clientInfo: { name: 'mcp-hitl', version: '0.1.0' },
    owner: API,
  })
  const owned: (() => Promise<void>)[] = []
  const session = { getSessionId, onError }
  const proxy = mcpProxyHandlerOver(
    { index, pool, pending, close: async () => undefined },
    {
      ...session,
      broker,
      authorize: options.authorize,
      rateLimit: options.rateLimit,
      onError: onError && ((event) => onError(event.error)),
      ...options.limits,
    },
  )
  const routes: Record<HitlRoute, Handler> & Partial<Record<HitlOptionalRoute, Handler>> = {
    respond: createRespondHandler(broker, session satisfies RespondHandlerOptions),
    pending: createListHandler(broker, session),
    events: createElicitationEventsHandler(broker, { ...options.events, ...session }),
    'mcp-proxy': proxy,
  }
  if (options.sandboxProxy) routes['sandbox-proxy'] = sandboxProxyRoute(options.sandboxProxy)

  let closing: Promise<void> | undefined
  const server: HitlServer = {
    basePath,
    getSessionId,
    broker,
    servers: options.servers,
    routes,
    onError,
    async fetch(request) {
      const { pathname } = new URL(request.url)
      const name = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length + 1) : ''
      const route = Object.hasOwn(routes, name) ? routes[name as HitlRoute] : undefined
      if (!route) {
        return jsonResponse({ error: `No route ${pathname.slice(0, 200)}: the kit answers ${Object.keys(routes).map((name) => `${basePath}/${name}`).join(', ')}`, code: 'not_found' }, 404)
      }
      return route(request)
    },
    own(close) {
      if (closing) throw misuse('the server is closed; create the integration before `close()`')
      owned.push(close)
    },
    close() {
      closing ??= (async () => {
        await Promise.allSettled(owned.map((close) => close()))
        await pool.close()
        if (!given) await broker.close()
      })()
      return closing
    },
  }
  const mount = (route: HitlMountedRoute, handler: Handler) => {
    if (routes[route]) throw misuse(`the ${route} route is already mounted; create its handler once per server object`)
    routes[route] = handler
  }
  internals.set(server, { index, pool, pending, timeoutMs: limits.timeoutMs, toolCallTimeoutMs: limits.toolCallTimeoutMs, mount })
  return server
}

function parseSandboxOrigin(value: unknown): string {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== String(value).replace(/\/+$/, '')) {
    throw misuse(`\`sandboxProxy.origin\` must be an origin such as "https://sandbox.example.com" (got ${String(JSON.stringify(value)).slice(0, 100)})`)
  }
  return url.origin
}

// The page answers only on the sandbox's origin: served on the chat's own, the app would share it.
function sandboxProxyRoute(options: SandboxProxyHandlerOptions & { origin: string }): Handler {
  const origin = parseSandboxOrigin(options.origin)
  const hosts = normalizeHostOrigins(options.allowedHostOrigins)
  if (hosts.includes(origin)) throw misuse('`sandboxProxy.origin` must differ from every host origin: the sandbox exists to keep apps off the chat’s origin')
  const page = createSandboxProxyHandler(options)
  return async (request) => {
    if (new URL(request.url).origin !== origin) {
      return jsonResponse({ error: `The sandbox proxy is served only on ${origin}`, code: 'not_found' }, 404)
    }
    return page(request)
  }
}
