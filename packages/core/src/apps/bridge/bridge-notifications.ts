/**
 * The app's notifications the host acts on, one entry per spec method; any other is ignored, as
 * JSON-RPC notifications get no answer.
 */
import { MCP_HITL_ESCAPE_METHOD } from '../sandbox-proxy-protocol'
import type { BridgeSession } from './bridge-session'

/** What the host does with one notification. */
export type BridgeNotificationMethod = (session: BridgeSession, params: Record<string, unknown>) => void

const initialized: BridgeNotificationMethod = (session) => {
  if (session.state !== 'connected') return
  session.state = 'initialized'
  session.toolCall.flush()
  session.handlers().onInitialized?.()
}

const sizeChanged: BridgeNotificationMethod = (session, params) => {
  const size: { width?: number; height?: number } = {}
  for (const key of ['width', 'height'] as const) if (Number.isFinite(params[key])) size[key] = params[key] as number
  session.handlers().onSizeChange?.(size)
}

const log: BridgeNotificationMethod = (session, params) => {
  session.handlers().onLog?.(params)
  session.relay('notifications/message', params).catch(() => {})
}

// The app gave up on one of its requests (its own timeout, an abort): stop the work for it.
const cancelled: BridgeNotificationMethod = (session, params) => {
  const id = params.requestId
  if (typeof id === 'string' || typeof id === 'number') session.cancelRequest(id)
}

// In port mode only the port says so (the app's own window messages land here).
const escapeKey: BridgeNotificationMethod = (session) => {
  if (session.target?.channel !== 'port') session.handlers().onEscapeKey?.()
}

const sandboxProxyReady: BridgeNotificationMethod = (session) => {
  const resource = session.options.proxyResource
  if (resource) session.notify('ui/notifications/sandbox-resource-ready', resource)
}

/** Every notification the host acts on. A `Map`, so no inherited name is a method. */
export const BRIDGE_NOTIFICATIONS: ReadonlyMap<string, BridgeNotificationMethod> = new Map([
  ['ui/notifications/initialized', initialized],
  ['ui/notifications/size-changed', sizeChanged],
  ['ui/notifications/request-teardown', (session: BridgeSession) => session.handlers().onRequestTeardown?.()],
  ['notifications/message', log],
  ['notifications/cancelled', cancelled],
  ['notifications/tools/list_changed', (session: BridgeSession) => (session.appTools ? session.handlers().onAppToolsChanged?.() : undefined)],
  [MCP_HITL_ESCAPE_METHOD, escapeKey],
  ['ui/notifications/sandbox-proxy-ready', sandboxProxyReady],
])
