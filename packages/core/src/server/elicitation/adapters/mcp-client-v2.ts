/**
 * Routes the elicitations of an MCP TypeScript SDK v2 `Client` (`@modelcontextprotocol/client`) into
 * the broker. v2 registers handlers by method name, so no schemas are passed in, and it sends the
 * 2026-07-28 `input_required` rounds to the same `elicitation/create` handler. Create the client with
 * `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` (form and URL mode), and with
 * `versionNegotiation: { mode: 'auto' }` to speak 2026-07-28 at all (v2 defaults to 2025-era).
 */
import type { Client, ElicitResult as SdkElicitResult } from '@modelcontextprotocol/client'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { attachBrokerToSdkClient } from './attach-broker-to-sdk-client'
import type { ElicitationContextOption } from './read-context'

/** Options of {@link attachBrokerToMcpClientV2}. */
export interface McpClientV2AdapterOptions {
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}


/** A Standard Schema that keeps the params as they came, so the kit's own parser reads them. */
const RAW_PARAMS = {
  '~standard': { version: 1, vendor: 'mcp-hitl', validate: (value: unknown) => ({ value }) },
} as const

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
      // A registered handler (v2 fulfils `input_required` rounds only through one) with a params schema
      // that keeps the params as they came, so nothing is stripped. The v2 Client still checks the
      // request against its own schema before any handler runs, and refuses what that schema does not know.
      onElicit: (handle) => {
        client.setRequestHandler('elicitation/create', { params: RAW_PARAMS }, async (params, ctx) => {
          // An `input_required` round is dispatched with a synthesized context (no `http` key) whose id is
          // the server's inputRequests key, reused across calls: it is a new question, never a replay.
          const wire = 'http' in ctx
          const id = wire ? ctx.mcpReq.id : undefined
          return handle({ id, params, signal: ctx.mcpReq.signal, mcpSessionId: ctx.sessionId }) as Promise<SdkElicitResult>
        })
        return () => client.removeRequestHandler('elicitation/create')
      },
      onComplete: (handle) =>
        client.setNotificationHandler('notifications/elicitation/complete', (notification) => handle(notification.params.elicitationId)),
    },
    broker,
    options.context,
  )
}
