/**
 * The wire side of elicitation for `@ai-sdk/mcp` clients. That client speaks form elicitation only:
 * it rejects a URL-mode `elicitation/create` (-32602), fails on `notifications/elicitation/complete`,
 * and drops the server's `notifications/cancelled` (it reports "Unsupported message type"), so a
 * server whose own request timeout ran out would leave the person answering a form nobody reads.
 * This transport wrapper sits under the client and answers every `elicitation/create` that comes on
 * the wire (form and URL mode) through the broker, with the request's id in hand: the server's
 * `notifications/cancelled` for it, or the connection's end, withdraws the elicitation (shown as
 * `withdrawn`; an answer gets 410). Everything else passes through unchanged. Create the client with
 * `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }` when you wrap its transport, and keep
 * `attachBrokerToAiSdkClient` for the 2026-07-28 `input_required` rounds, which the client runs itself.
 *
 * A replayed request (the same JSON-RPC id and params after a reconnect) gets the answer the first
 * one got instead of a second dialog.
 */
import type { JSONRPCMessage, MCPTransport } from '@ai-sdk/mcp'
import type { ElicitRequestParams } from '../../../elicitation/protocol'
import { ELICITATION_COMPLETE_METHOD, ELICITATION_CREATE_METHOD } from '../../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, type PeerInfo, readContext } from './read-context'
import { assertElicitParams } from './attach-broker-to-sdk-client'
import { ReplayedRequests } from './replayed-requests'

/** The transport being wrapped: the MCP SDK's `StreamableHTTPClientTransport` or any MCP transport. */
export type UrlModeInnerTransport = Pick<MCPTransport, 'start' | 'close' | 'onclose' | 'onerror' | 'onmessage'> & {
  send(message: JSONRPCMessage): Promise<void>
  setProtocolVersion?(version: string): void
}

// What withUrlElicitation returns: an `@ai-sdk/mcp` transport (spelled out in its signature, so a user names it as `MCPTransport`).
type UrlModeTransport = MCPTransport & { setProtocolVersion(version: string): void }

type IncomingMessage = {
  id?: string | number
  method?: string
  params?: Record<string, unknown>
  result?: { serverInfo?: { name?: unknown; title?: unknown; icons?: unknown } }
}

// JSON-RPC ids are typed: 1 and "1" are two requests.
const idKey = (id: string | number) => `${typeof id}:${id}`

const CANCELLED_METHOD = 'notifications/cancelled'

/** One wire request being answered; a replay of it shares the entry, so one cancellation ends both. */
interface OpenRequest {
  controller: AbortController
  users: number
}

/**
 * Wraps `inner` so every wire elicitation, its completion and its cancellation reach `broker`.
 * `context` is read once per message, like the form adapter's.
 */
export function withUrlElicitation(
  inner: MCPTransport,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  context: ElicitationContextOption,
): MCPTransport & { setProtocolVersion(version: string): void } {
  // The server's info from its `initialize` answer, shown when the context names none (as the form adapter does).
  let peer: PeerInfo | undefined
  const read = (): ElicitationRequestContext => readContext(context, peer)
  const replayed = new ReplayedRequests()
  // Requests the server still waits on, by id: its cancellation, or the connection's end, aborts them.
  const open = new Map<string, OpenRequest>()
  const report = (error: unknown) => outer.onerror?.(error instanceof Error ? error : new Error(String(error)))

  const answer = (id: string | number, params: unknown): void => {
    try {
      assertElicitParams(params)
    } catch (error) {
      const { code, message } = error as { code: number; message: string }
      inner.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage).catch(report)
      return
    }
    const key = idKey(id)
    let entry = open.get(key)
    if (!entry || entry.controller.signal.aborted) {
      entry = { controller: new AbortController(), users: 0 }
      open.set(key, entry)
    }
    const current = entry
    current.users++
    const serverSignal = current.controller.signal
    const ctx = read()
    const signal = ctx.signal ? AbortSignal.any([serverSignal, ctx.signal]) : serverSignal
    const scope = { sessionId: ctx.sessionId, mcpSessionId: (inner as { sessionId?: string }).sessionId, requestId: id }
    // The broker's tolerant parser reads the params, and never rejects: every request ends with an answer.
    const ask = (own: AbortSignal) => broker.request(params as unknown as ElicitRequestParams, { ...ctx, signal: own, serverSignal })
    replayed
      .answer(scope, params, signal, ask)
      .then(({ result }) => {
        if (--current.users === 0 && open.get(key) === current) open.delete(key)
        // A cancelled request is not answered: the server no longer knows its id.
        if (serverSignal.aborted) return
        return inner.send({ jsonrpc: '2.0', id, result } as unknown as JSONRPCMessage)
      })
      .catch(report)
  }

  const outer: UrlModeTransport = {
    start: () => inner.start(),
    send: (message) => inner.send(message),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  }
  inner.onclose = () => {
    // Nothing can reach the server on this connection any more.
    for (const entry of open.values()) entry.controller.abort()
    open.clear()
    outer.onclose?.()
  }
  inner.onerror = (error) => outer.onerror?.(error)
  inner.onmessage = (raw) => {
    const message = raw as IncomingMessage
    const info = message.result?.serverInfo
    if (info && typeof info.name === 'string' && info.name) {
      peer = { name: info.name, ...(typeof info.title === 'string' ? { title: info.title } : {}), icons: info.icons }
    }
    if (message.method === ELICITATION_COMPLETE_METHOD) {
      const id = message.params?.elicitationId
      // Unknown or repeated ids are ignored by the broker, as the spec requires of clients.
      if (typeof id === 'string') void broker.complete(id, { sessionId: read().sessionId })
      return
    }
    if (message.method === CANCELLED_METHOD && message.id === undefined) {
      // The client has no use for it (it would only report "Unsupported message type"). A string
      // reason marks the abort as the server's own cancellation; the server's text is never shown.
      const requestId = message.params?.requestId
      const entry = typeof requestId === 'string' || typeof requestId === 'number' ? open.get(idKey(requestId)) : undefined
      entry?.controller.abort(typeof message.params?.reason === 'string' ? message.params.reason : 'cancelled')
      return
    }
    if (message.method === ELICITATION_CREATE_METHOD && message.id !== undefined) {
      answer(message.id, message.params)
      return
    }
    outer.onmessage?.(raw)
  }
  return outer
}
