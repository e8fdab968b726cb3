import { pickServerIcon } from '../../../elicitation/server-icon'
import type { ElicitationRequestContext } from '../elicitation-broker-types'

/** An adapter's `context` option: fixed, or read once per request. */
export type ElicitationContextOption = ElicitationRequestContext | (() => ElicitationRequestContext)

/** What a client knows of its server from `initialize` (`serverInfo`): name, title and icons (2025-11-25). */
export interface PeerInfo {
  name?: string
  title?: string
  icons?: unknown
}

/**
 * Reads the context for one request. Where the context does not say, the server is named by its
 * `serverInfo.title` (the display name), else its `name`, and shown with its first safe icon.
 */
export function readContext(option: ElicitationContextOption, peer?: PeerInfo): ElicitationRequestContext {
  const base = typeof option === 'function' ? option() : option
  const serverName = base.serverName ?? (peer?.title || peer?.name || undefined)
  const serverIcon = base.serverIcon ?? pickServerIcon(peer?.icons)
  return {
    ...base,
    ...(serverName !== undefined ? { serverName } : {}),
    ...(serverIcon !== undefined ? { serverIcon } : {}),
  }
}
