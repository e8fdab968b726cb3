import type { ElicitationRequestContext } from '../elicitation-broker-types'

/** An adapter's `context` option: fixed, or read once per request. */
export type ElicitationContextOption = ElicitationRequestContext | (() => ElicitationRequestContext)

/** Reads the context for one request, naming the server after the client's peer when the context does not. */
export function readContext(option: ElicitationContextOption, peerName?: string): ElicitationRequestContext {
  const base = typeof option === 'function' ? option() : option
  return base.serverName !== undefined || !peerName ? base : { ...base, serverName: peerName }
}
