/**
 * Who asks, as a page should show it: the host's name for the server in the host's voice, and
 * apart from it, as claims, what the server calls itself and which tool call (and app) raised the
 * request. The part crosses the network, so every field is checked and bounded again here.
 */
import { isRecord } from '../guards'
import { isSafeServerIconSrc } from './server-icon'
import type { ElicitationRaisedBy, ShownToolArgument } from './wire'

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

// Bounds of what a page shows of a part's raisedBy: the backend bounded it (`summarizeToolCall`); a
// part is still only data from the network, so nothing longer is ever rendered.
const MAX_ARGUMENTS = 3
const MAX_TEXT_LENGTH = 120

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const name = (value: unknown, max = MAX_NAME_LENGTH): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? clip(value.trim(), max) : undefined

/** A part's `raisedBy`, type-checked and bounded; undefined without a tool name. */
function readRaisedBy(value: unknown): ElicitationRaisedBy | undefined {
  if (!isRecord(value)) return undefined
  const toolName = name(value.toolName, MAX_TEXT_LENGTH)
  if (toolName === undefined) return undefined
  const raisedBy: ElicitationRaisedBy = { toolName }
  const toolTitle = name(value.toolTitle, MAX_TEXT_LENGTH)
  if (toolTitle !== undefined) raisedBy.toolTitle = toolTitle
  const args: ShownToolArgument[] = []
  let more = typeof value.moreArguments === 'number' && value.moreArguments > 0 ? Math.floor(value.moreArguments) : 0
  for (const item of Array.isArray(value.arguments) ? value.arguments : []) {
    if (!isRecord(item) || typeof item.name !== 'string') continue
    if (args.length >= MAX_ARGUMENTS) more++
    // Only a value the backend did not hide is shown.
    else if (item.hidden !== true && typeof item.value === 'string') args.push({ name: clip(item.name, MAX_TEXT_LENGTH), value: clip(item.value, MAX_TEXT_LENGTH) })
    else args.push({ name: clip(item.name, MAX_TEXT_LENGTH), hidden: true })
  }
  if (args.length > 0) raisedBy.arguments = args
  if (more > 0) raisedBy.moreArguments = more
  const app = value.app
  if (isRecord(app) && typeof app.resourceUri === 'string' && app.resourceUri.startsWith('ui://')) {
    const title = name(app.title, MAX_TEXT_LENGTH)
    raisedBy.app = { resourceUri: clip(app.resourceUri, MAX_TEXT_LENGTH), ...(title !== undefined ? { title } : {}) }
  }
  return raisedBy
}

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
  const raisedBy = readRaisedBy(data.raisedBy)
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
