import { pickServerIcon } from '../../../elicitation/server-icon'
import { clipText } from '../../../elicitation/summarize-tool-call'
import type { ElicitationRequestContext } from '../elicitation-broker-types'

/** An adapter's `context` option: fixed, or read once per request. */
export type ElicitationContextOption = ElicitationRequestContext | (() => ElicitationRequestContext)

/** What a client knows of its server from `initialize` (`serverInfo`): name, title and icons (2025-11-25). */
export interface PeerInfo {
  name?: string
  title?: string
  icons?: unknown
}

// A server's name is held per request and shown in a line: bounded whatever the server sends.
const MAX_CLAIMED_NAME_LENGTH = 200

/** What the server calls itself: its `serverInfo.title` (the display name), else its `name`. */
export function claimedServerName(peer: PeerInfo | undefined): string | undefined {
  const claimed = [peer?.title, peer?.name].find((value): value is string => typeof value === 'string' && value.trim().length > 0)
  return claimed === undefined ? undefined : clipText(claimed, MAX_CLAIMED_NAME_LENGTH)
}

/**
 * Reads the context for one request and adds what the server says of itself: its name as
 * `serverClaimedName` (the context's `serverName`, the host's, is never replaced by it) and its first
 * safe icon when the context gives none.
 */
export function readContext(option: ElicitationContextOption, peer?: PeerInfo): ElicitationRequestContext {
  const base = typeof option === 'function' ? option() : option
  const serverClaimedName = base.serverClaimedName ?? claimedServerName(peer)
  const serverIcon = base.serverIcon ?? pickServerIcon(peer?.icons)
  return {
    ...base,
    ...(serverClaimedName !== undefined ? { serverClaimedName } : {}),
    ...(serverIcon !== undefined ? { serverIcon } : {}),
  }
}
