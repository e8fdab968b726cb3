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
} from '@modelcontextprotocol/sdk/types.js'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { attachBrokerToSdkClient, installRawFallback } from './attach-broker-to-sdk-client'
import type { ElicitationContextOption } from './read-context'
import { settleThen } from './settle-without-frames'
import { SdkV1Cancellations } from './sdk-v1-cancellations'

/** Options of {@link attachBrokerToMcpClient}. */
export interface McpSdkAdapterOptions {
  /**
   * `ElicitRequestSchema` and `ElicitationCompleteNotificationSchema` from
   * `@modelcontextprotocol/sdk/types.js`; passed in so this entry has no runtime dependency on the SDK.
   */
  schemas: {
    /** No longer read: the requests are answered before this schema would parse them (kept for compatibility). */
    request: typeof ElicitRequestSchema
    complete: typeof ElicitationCompleteNotificationSchema
  }
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}

/** The narrow client surface the adapter needs; `getServerVersion` names the server when `context` does not. */
export type McpSdkElicitationClient = Pick<
  Client,
  'fallbackRequestHandler' | 'setNotificationHandler' | 'removeNotificationHandler'
> &
  Partial<Pick<Client, 'getServerVersion'>>

/**
 * Registers the broker for `elicitation/create` and `notifications/elicitation/complete`. The SDK's
 * per-request abort signal (the server's `notifications/cancelled`, which its request timeout also
 * sends, or a closed transport) withdraws the elicitation: shown as `withdrawn`, answers get 410. The
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
      // The fallback handler sees the params before any schema of the SDK does.
      onElicit: (handle) => {
        const cancellations = new SdkV1Cancellations()
        const restoreCancellations = cancellations.install(client)
        // Not an async function: a suspended frame per waiting elicitation (settle-without-frames.ts).
        const restoreFallback = installRawFallback(client, (request, extra) => {
          const { signal, sessionId } = extra as { signal?: AbortSignal; sessionId?: string }
          const tracked = cancellations.track(request.id, signal)
          return settleThen(
            () => handle({ id: request.id, params: request.params, signal: tracked.signal, wire: true, mcpSessionId: sessionId }),
            tracked.done,
          )
        })
        return () => {
          restoreFallback()
          restoreCancellations()
        }
      },
      onComplete: (handle) => client.setNotificationHandler(options.schemas.complete, (notification) => handle(notification.params.elicitationId)),
    },
    broker,
    options.context,
  )
}
