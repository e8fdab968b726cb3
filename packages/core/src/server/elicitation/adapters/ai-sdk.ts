/**
 * Routes the elicitations of an `@ai-sdk/mcp` client (`createMCPClient`) into the broker: the
 * legacy server push (`elicitation/create`) and, since 2.0.88, the 2026-07-28 `input_required`
 * rounds, which the client hands to the same handler.
 *
 * That client handles form mode only: it rejects a spec-shaped URL-mode request itself (-32602,
 * `requestedSchema` missing), treats `notifications/elicitation/complete` as an error, and drops the
 * server's `notifications/cancelled`, and its handler never learns the request's id: alone, this
 * adapter cannot tell when the server stops waiting (its request timeout), so a form may stay open
 * after the server gave up and an answer be taken that reaches nobody. Wrap the client's transport
 * with `withUrlElicitation` (as `connectMcpTools` does) and declare `BROKER_ELICITATION_CAPABILITY`:
 * the wrapper then answers every wire request itself (form and URL, withdrawn when the server
 * cancels), and this handler serves the `input_required` rounds the client runs. Without the
 * wrapper, create the client with `capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY }`
 * (form only) and keep the broker's `ttlMs` below the server's own timeout. A URL request that
 * reaches this handler anyway is declined and shown as failed with the reason.
 */
import { setMaxListeners } from 'node:events'
import type { ElicitResult as AiSdkElicitResult, ElicitationRequestSchema, MCPClient } from '@ai-sdk/mcp'
import { encodeAnswerNames } from '../../../elicitation/elicitation-name-stand-ins'
import type { ElicitContent, ElicitRequestParams, ElicitResult } from '../../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, readContext } from './read-context'

/** The `capabilities.elicitation` to give `createMCPClient` when this adapter answers: form mode only. */
export const AI_SDK_ELICITATION_CAPABILITY: { form: Record<string, never> } = Object.freeze({ form: Object.freeze({}) })

/** Options of {@link attachBrokerToAiSdkClient}. */
export interface AiSdkAdapterOptions {
  /**
   * `ElicitationRequestSchema` from `@ai-sdk/mcp`, passed in because the client checks it by identity
   * and importing it here would make `@ai-sdk/mcp` a hard dependency of this entry.
   */
  schema: typeof ElicitationRequestSchema
  /** Session, server name and part writer for each request; a function is read once per request. */
  context: ElicitationContextOption
}

/** `result` with its content's names encoded for the client's check (see `encodeAnswerNames`). */
function withEncodedNames(params: ElicitRequestParams, result: ElicitResult): ElicitResult {
  if (!result.content) return result
  const properties = (params as { requestedSchema?: { properties?: unknown } }).requestedSchema?.properties
  return { ...result, content: encodeAnswerNames(properties, result.content) as ElicitContent }
}

/** The narrow client surface the adapter needs; `serverInfo` names the server when `context` does not. */
export type AiSdkElicitationClient = Pick<MCPClient, 'onElicitationRequest'> & Partial<Pick<MCPClient, 'serverInfo'>>

/**
 * Registers the broker as the client's elicitation handler (it replaces any earlier one: the client
 * keeps only the last). The returned function detaches: elicitations still waiting, and any later
 * one, are answered `cancel`. The client passes no abort signal, so call it when the chat request that
 * owns the client ends.
 */
export function attachBrokerToAiSdkClient(
  client: AiSdkElicitationClient,
  broker: Pick<ElicitationBroker, 'request'>,
  options: AiSdkAdapterOptions,
): () => void {
  const detached = new AbortController()
  // Each waiting elicitation listens on this one signal (the broker's waiter is the listener itself,
  // no closure), so a client with more than ten open ones is not a leak: the broker bounds them.
  setMaxListeners(0, detached.signal)
  // Not an async function: a suspended frame per waiting elicitation would outweigh the rest of it.
  client.onElicitationRequest(options.schema, (request): Promise<AiSdkElicitResult> => {
    try {
      const base = readContext(options.context, client.serverInfo)
      const signal = base.signal ? AbortSignal.any([base.signal, detached.signal]) : detached.signal
      const ctx: ElicitationRequestContext = { ...base, signal, modes: ['form'] }
      // The client validated only `message` and that `requestedSchema` exists; the broker parses the rest.
      const params = request.params as unknown as ElicitRequestParams
      // The client's own check of the result (a zod record) drops a `__proto__` key: the answer
      // passes it under stand-ins, which `withUrlElicitation` turns back into the names on the wire.
      return broker.request(params, ctx).then((result) => withEncodedNames(params, result)) as Promise<AiSdkElicitResult>
    } catch (error) {
      return Promise.reject(error)
    }
  })
  return () => detached.abort()
}
