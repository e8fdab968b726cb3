/**
 * Routes the elicitations of an MCP TypeScript SDK v1 `Client` (`@modelcontextprotocol/sdk`) into
 * the broker: `elicitation/create` in form and URL mode, and `notifications/elicitation/complete`,
 * which marks an accepted URL-mode elicitation completed. Create the client with
 * `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` so servers may use both modes.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type {
  ElicitRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitResult as SdkElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { ElicitRequestParams } from '../../../elicitation/protocol'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { attachBrokerToSdkClient } from './attach-broker-to-sdk-client'
import type { ElicitationContextOption } from './read-context'

/** Options of {@link attachBrokerToMcpClient}. */
export interface McpSdkAdapterOptions {
  /**
   * `ElicitRequestSchema` and `ElicitationCompleteNotificationSchema` from
   * `@modelcontextprotocol/sdk/types.js`; passed in so this entry has no runtime dependency on the SDK.
   */
  schemas: {
    request: typeof ElicitRequestSchema
    complete: typeof ElicitationCompleteNotificationSchema
  }
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}

/** The narrow client surface the adapter needs; `getServerVersion` names the server when `context` does not. */
export type McpSdkElicitationClient = Pick<
  Client,
  'setRequestHandler' | 'setNotificationHandler' | 'removeRequestHandler' | 'removeNotificationHandler'
> &
  Partial<Pick<Client, 'getServerVersion'>>

/**
 * Registers the broker for `elicitation/create` and `notifications/elicitation/complete`. The SDK's
 * per-request abort signal (server cancellation, closed transport) cancels the elicitation. The
 * returned function removes both handlers and answers still-waiting elicitations `cancel`.
 */
export function attachBrokerToMcpClient(
  client: McpSdkElicitationClient,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  options: McpSdkAdapterOptions,
): () => void {
  return attachBrokerToSdkClient(
    client,
    {
      onElicit: (handle) =>
        client.setRequestHandler(
          options.schemas.request,
          async (request, extra) => (await handle(request.params as ElicitRequestParams, extra.signal)) as SdkElicitResult,
        ),
      onComplete: (handle) => client.setNotificationHandler(options.schemas.complete, (notification) => handle(notification.params.elicitationId)),
    },
    broker,
    options.context,
  )
}
