/**
 * Who asks, as the broker records it from the request context: the host's name (`serverName` in
 * the context) and the server's own (`serverClaimedName`) kept apart, the name shown being the
 * host's whenever it has one, and the raising tool call bounded.
 */
import { isSafeServerIconSrc } from '../../elicitation/server-icon'
import { summarizeToolCall } from '../../elicitation/summarize-tool-call'
import type { ElicitationRequestContext } from './elicitation-broker-types'
import type { StoredElicitation } from './stores/elicitation-store'

/** The identity fields of a record. */
export type RecordIdentity = Pick<StoredElicitation, 'serverName' | 'serverTitle' | 'serverClaimedName' | 'serverIcon' | 'raisedBy'>

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined)

/** The identity fields for a request with context `ctx`. */
export function recordIdentity(ctx: ElicitationRequestContext): RecordIdentity {
  const identity: RecordIdentity = {}
  const title = nonEmpty(ctx.serverName)
  const claimed = nonEmpty(ctx.serverClaimedName)
  const shown = title ?? claimed
  if (shown !== undefined) identity.serverName = shown
  if (title !== undefined) identity.serverTitle = title
  if (claimed !== undefined) identity.serverClaimedName = claimed
  if (isSafeServerIconSrc(ctx.serverIcon)) identity.serverIcon = ctx.serverIcon
  const raisedBy = summarizeToolCall(ctx.raisedBy)
  if (raisedBy) identity.raisedBy = raisedBy
  return identity
}

/** The name a URL-mode completion is scoped to: the one the record shows. */
export function shownServerName(ctx: Pick<ElicitationRequestContext, 'serverName' | 'serverClaimedName'>): string | undefined {
  return nonEmpty(ctx.serverName) ?? nonEmpty(ctx.serverClaimedName)
}
