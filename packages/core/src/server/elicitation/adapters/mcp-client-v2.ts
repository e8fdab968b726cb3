/**
 * Routes the elicitations of an MCP TypeScript SDK v2 `Client` (`@modelcontextprotocol/client`) into
 * the broker. v2 registers handlers by method name, so no schemas are passed in, and it sends the
 * 2026-07-28 `input_required` rounds to the same `elicitation/create` handler. Create the client with
 * `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` (form and URL mode), and with
 * `versionNegotiation: { mode: 'auto' }` to speak 2026-07-28 at all (v2 defaults to 2025-era).
 */
import type { Client, ElicitResult as SdkElicitResult } from '@modelcontextprotocol/client'
import type { ElicitRequestParams } from '../../../elicitation/protocol'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { attachBrokerToSdkClient } from './attach-broker-to-sdk-client'
import type { ElicitationContextOption } from './read-context'

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
  return attachBrokerToSdkClient(
    client,
    {
      onElicit: (handle) =>
        client.setRequestHandler(
          'elicitation/create',
          async (request, ctx) => (await handle(request.params as ElicitRequestParams, ctx.mcpReq.signal)) as SdkElicitResult,
        ),
      onComplete: (handle) =>
        client.setNotificationHandler('notifications/elicitation/complete', (notification) => handle(notification.params.elicitationId)),
    },
    broker,
    options.context,
  )
}
