/**
 * URL-mode elicitation for `@ai-sdk/mcp` clients. That client speaks form elicitation only: it
 * rejects a URL-mode `elicitation/create` (-32602) and fails on `notifications/elicitation/complete`.
 * This transport wrapper sits under the client and answers those two messages through the broker,
 * passing everything else through unchanged, so an AI SDK chat gets the whole 2025-11-25
 * elicitation. Create the client with `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }`
 * when you wrap its transport, and keep `attachBrokerToAiSdkClient` for the form requests.
 */
import type { JSONRPCMessage, MCPTransport } from '@ai-sdk/mcp'
import type { ElicitRequestURLParams } from '../../../elicitation/protocol'
import { ELICITATION_COMPLETE_METHOD, ELICITATION_CREATE_METHOD } from '../../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, readContext } from './read-context'

/** The transport being wrapped: the MCP SDK's `StreamableHTTPClientTransport` or any MCP transport. */
export type UrlModeInnerTransport = Pick<MCPTransport, 'start' | 'close' | 'onclose' | 'onerror' | 'onmessage'> & {
  send(message: JSONRPCMessage): Promise<void>
  setProtocolVersion?(version: string): void
}

/** What {@link withUrlElicitation} returns: an `@ai-sdk/mcp` transport. */
export type UrlModeTransport = MCPTransport & { setProtocolVersion(version: string): void }

type IncomingMessage = {
  id?: string | number
  method?: string
  params?: Record<string, unknown>
  result?: { serverInfo?: { name?: unknown } }
}

/**
 * Wraps `inner` so URL-mode elicitations and their completion notifications reach `broker`.
 * `context` is read once per message, like the form adapter's.
 */
export function withUrlElicitation(
  inner: UrlModeInnerTransport,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  context: ElicitationContextOption,
): UrlModeTransport {
  // The server's name from its `initialize` answer, shown when the context names none (as the form adapter does).
  let serverName: string | undefined
  const read = (): ElicitationRequestContext => readContext(context, serverName)
  const outer: UrlModeTransport = {
    start: () => inner.start(),
    send: (message) => inner.send(message),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  }
  inner.onclose = () => outer.onclose?.()
  inner.onerror = (error) => outer.onerror?.(error)
  inner.onmessage = (raw) => {
    const message = raw as IncomingMessage
    const name = message.result?.serverInfo?.name
    if (typeof name === 'string' && name) serverName = name
    if (message.method === ELICITATION_COMPLETE_METHOD) {
      const id = message.params?.elicitationId
      // Unknown or repeated ids are ignored by the broker, as the spec requires of clients.
      if (typeof id === 'string') void broker.complete(id, { sessionId: read().sessionId })
      return
    }
    if (message.method === ELICITATION_CREATE_METHOD && message.id !== undefined && message.params?.mode === 'url') {
      const id = message.id
      // The broker never rejects: every request ends with an answer, at the latest at its TTL.
      void broker.request(message.params as unknown as ElicitRequestURLParams, read()).then((result) =>
        inner
          .send({ jsonrpc: '2.0', id, result } as unknown as JSONRPCMessage)
          .catch((error: unknown) => outer.onerror?.(error instanceof Error ? error : new Error(String(error)))),
      )
      return
    }
    outer.onmessage?.(raw)
  }
  return outer
}
