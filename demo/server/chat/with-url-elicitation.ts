/**
 * `@ai-sdk/mcp` 2.0.99 speaks form elicitation only: it rejects URL-mode `elicitation/create` and
 * fails on `notifications/elicitation/complete`. This transport sits under its client and answers
 * those two messages through the kit's broker, passing everything else through unchanged, so the
 * AI SDK chat gets the full 2025-11-25 elicitation (advertise `{ form: {}, url: {} }`).
 */
import type { JSONRPCMessage, MCPTransport } from '@ai-sdk/mcp'
import type { ElicitRequestURLParams } from '@mcp-hitl/core'
import type { ElicitationBroker, ElicitationRequestContext } from '@mcp-hitl/core/server'

/** The inner transport: the MCP SDK's `StreamableHTTPClientTransport` or any MCP transport. */
export type InnerTransport = Pick<MCPTransport, 'start' | 'close' | 'onclose' | 'onerror' | 'onmessage'> & {
  send(message: JSONRPCMessage): Promise<void>
  setProtocolVersion?(version: string): void
}

type Message = { id?: string | number; method?: string; params?: Record<string, unknown> }

/** Wraps `inner` so URL-mode elicitations and their completion reach `broker`. */
export function withUrlElicitation(
  inner: InnerTransport,
  broker: ElicitationBroker,
  ctx: () => ElicitationRequestContext,
): MCPTransport & { setProtocolVersion(version: string): void } {
  const outer: MCPTransport & { setProtocolVersion(version: string): void } = {
    start: () => inner.start(),
    send: (message) => inner.send(message),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  }
  inner.onclose = () => outer.onclose?.()
  inner.onerror = (error) => outer.onerror?.(error)
  inner.onmessage = (raw) => {
    const message = raw as Message
    if (message.method === 'notifications/elicitation/complete') {
      const id = message.params?.elicitationId
      if (typeof id === 'string') void broker.complete(id, { sessionId: ctx().sessionId })
      return
    }
    if (message.method === 'elicitation/create' && message.id !== undefined && message.params?.mode === 'url') {
      const id = message.id
      void broker.request(message.params as unknown as ElicitRequestURLParams, ctx()).then((result) =>
        inner.send({ jsonrpc: '2.0', id, result } as unknown as JSONRPCMessage).catch((error: unknown) => outer.onerror?.(error as Error)),
      )
      return
    }
    outer.onmessage?.(raw)
  }
  return outer
}
