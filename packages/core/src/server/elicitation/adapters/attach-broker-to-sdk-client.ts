/**
 * The one implementation behind the MCP TypeScript SDK adapters (v1 `@modelcontextprotocol/sdk`,
 * v2 `@modelcontextprotocol/client`): the two SDK generations differ only in how a handler is
 * registered (by schema or by method name) and where a request's abort signal sits, so each adapter
 * describes that in a few lines and this file does the rest.
 */
import type { ElicitRequestParams, ElicitResult } from '../../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, readContext } from './read-context'

/** What both SDK generations' clients share: removing handlers by method name, the server's name. */
export interface SdkClientCommon {
  removeRequestHandler(method: string): void
  removeNotificationHandler(method: string): void
  getServerVersion?(): { name?: string } | undefined
}

/** How one SDK generation registers the two handlers the broker answers. */
export interface SdkElicitationHandlers {
  /** Registers `handle` for `elicitation/create`, passing the request's params and abort signal. */
  onElicit(handle: (params: ElicitRequestParams, signal: AbortSignal) => Promise<ElicitResult>): void
  /** Registers `handle` for `notifications/elicitation/complete`. */
  onComplete(handle: (elicitationId: string) => Promise<void>): void
}

/**
 * Routes elicitations into the broker through `handlers`. The request's abort signal (server
 * cancellation, closed transport) cancels the elicitation. The returned function removes both
 * handlers and answers still-waiting elicitations `cancel`.
 */
export function attachBrokerToSdkClient(
  client: SdkClientCommon,
  handlers: SdkElicitationHandlers,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  context: ElicitationContextOption,
): () => void {
  const detached = new AbortController()
  const contextNow = (): ElicitationRequestContext => readContext(context, client.getServerVersion?.()?.name || undefined)
  handlers.onElicit((params, signal) => {
    const base = contextNow()
    const signals = [detached.signal, signal, ...(base.signal ? [base.signal] : [])]
    return broker.request(params, { ...base, signal: AbortSignal.any(signals) })
  })
  handlers.onComplete(async (elicitationId) => {
    const { sessionId, serverName } = contextNow()
    // Unknown or already completed ids are ignored, as the spec requires.
    await broker.complete(elicitationId, { sessionId, serverName })
  })
  return () => {
    client.removeRequestHandler('elicitation/create')
    client.removeNotificationHandler('notifications/elicitation/complete')
    detached.abort()
  }
}
