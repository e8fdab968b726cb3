/**
 * Routes the elicitations of an MCP TypeScript SDK v2 `Client` (`@modelcontextprotocol/client`) into
 * the broker. v2 registers handlers by method name, so no schemas are passed in, and it sends the
 * 2026-07-28 `input_required` rounds to the same `elicitation/create` handler. Create the client with
 * `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` (form and URL mode), and with
 * `versionNegotiation: { mode: 'auto' }` to speak 2026-07-28 at all (v2 defaults to 2025-era).
 */
import type { Client, ElicitResult as SdkElicitResult } from '@modelcontextprotocol/client'
import type { ElicitRequestParams } from '../../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, readContext } from './read-context'

/** Options of {@link attachBrokerToMcpClientV2}. */
export interface McpClientV2AdapterOptions {
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}

/** The narrow v2 client surface the adapter needs. */
export type McpClientV2ElicitationClient = Pick<
  Client,
  'setRequestHandler' | 'setNotificationHandler' | 'removeRequestHandler' | 'removeNotificationHandler'
> &
  Partial<Pick<Client, 'getServerVersion'>>

/**
 * Registers the broker for `elicitation/create` (form and URL mode, pushed or `input_required`) and
 * `notifications/elicitation/complete`. The request's abort signal cancels the elicitation. The
 * returned function removes both handlers and answers still-waiting elicitations `cancel`.
 */
export function attachBrokerToMcpClientV2(
  client: McpClientV2ElicitationClient,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  options: McpClientV2AdapterOptions,
): () => void {
  const detached = new AbortController()
  const contextNow = (): ElicitationRequestContext =>
    readContext(options.context, client.getServerVersion?.()?.name || undefined)

  client.setRequestHandler('elicitation/create', async (request, ctx): Promise<SdkElicitResult> => {
    const base = contextNow()
    const signals = [detached.signal, ctx.mcpReq.signal, ...(base.signal ? [base.signal] : [])]
    const result = await broker.request(request.params as ElicitRequestParams, { ...base, signal: AbortSignal.any(signals) })
    return result as SdkElicitResult
  })

  client.setNotificationHandler('notifications/elicitation/complete', async (notification) => {
    const { sessionId, serverName } = contextNow()
    // Unknown or already completed ids are ignored, as the spec requires.
    await broker.complete(notification.params.elicitationId, { sessionId, serverName })
  })

  return () => {
    client.removeRequestHandler('elicitation/create')
    client.removeNotificationHandler('notifications/elicitation/complete')
    detached.abort()
  }
}
