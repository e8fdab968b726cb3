/**
 * Who asks, as a page should show it: the host's name for the server in the host's voice, and
 * apart from it, as claims, what the server calls itself and which tool call (and app) raised the
 * request. The part crosses the network, so every field is checked and bounded again here.
 */
import { isRecord } from '../guards'
import { isSafeServerIconSrc } from './server-icon'
import { clipText, summarizeToolCall } from './summarize-tool-call'
import type { ElicitationRaisedBy } from './wire'

/** Longest server name shown, in characters. */
const MAX_NAME_LENGTH = 120

/** What {@link readElicitationIdentity} returns. */
export interface ElicitationIdentity {
  /** The host's name for the server ("Weather asks ..."); undefined when only the server named itself. */
  hostName?: string
  /** What the server calls itself, when that is not the host's name: shown only as its claim. */
  claimedName?: string
  /** The server's icon, a URL `isSafeServerIconSrc` accepts (the server's own, so shown with its words). */
  icon?: string
  /** The tool call and app that raised the request, bounded. */
  raisedBy?: ElicitationRaisedBy
}

const name = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? clipText(value.trim(), MAX_NAME_LENGTH) : undefined

/**
 * Reads the identity fields of elicitation request data (`serverTitle`, `serverName`,
 * `serverClaimedName`, `serverIcon`, `raisedBy`). A `serverName` the kit took from the server
 * (equal to `serverClaimedName`, no `serverTitle`) is a claim, never the host's name; one without
 * either marker (a backend that sets the name itself) is taken as the host's.
 */
export function readElicitationIdentity(data: unknown): ElicitationIdentity {
  if (!isRecord(data)) return {}
  const claimed = name(data.serverClaimedName)
  const hostName = hostServerName(data)
  const identity: ElicitationIdentity = {}
  if (hostName !== undefined) identity.hostName = hostName
  if (claimed !== undefined && claimed !== hostName) identity.claimedName = claimed
  if (isSafeServerIconSrc(data.serverIcon)) identity.icon = data.serverIcon
  const raisedBy = summarizeToolCall(data.raisedBy)
  if (raisedBy) identity.raisedBy = raisedBy
  return identity
}

/** The host's name for the server of elicitation request data, for the host's sentences ("Send to Weather"); see {@link readElicitationIdentity}. */
export function hostServerName(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined
  const title = name(data.serverTitle)
  if (title !== undefined) return title
  const shown = name(data.serverName)
  return shown !== undefined && shown !== name(data.serverClaimedName) ? shown : undefined
}
