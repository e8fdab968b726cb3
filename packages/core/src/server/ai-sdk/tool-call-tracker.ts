/**
 * Which tool call raised an elicitation, for an `@ai-sdk/mcp` client (whose handler is told nothing
 * of it): a transport wrapper, under the client and `withUrlElicitation`, that follows the client's
 * `tools/call` requests from send to final response.
 *
 * A server's `elicitation/create` is attributed at the moment it arrives: to the call whose HTTP
 * response stream carried it, when the transport says (`streamOf`, see `tagElicitationStreams`), else
 * to the one tool call in flight. The attribution holds only while the request is dispatched
 * synchronously to the handlers, which read it then: the AI SDK client calls its handler before it
 * awaits anything, and so does `withUrlElicitation`.
 *
 * Anything else (two calls in flight and no stream to tell them apart, a request outside any call,
 * a handler that reads later) is attributed to nothing: the page then shows no tool rather than a
 * guess. (`input_required` rounds do not reach a client behind this wrapper: the AI SDK negotiates
 * 2026-07-28 only over its own transport.)
 */
import type { JSONRPCMessage } from '@ai-sdk/mcp'
import { ELICITATION_CREATE_METHOD } from '../../elicitation/protocol'
import { isRecord } from '../../guards'
import type { UrlModeInnerTransport } from '../elicitation/adapters/ai-sdk-url-mode'

/** A tool call as the client sent it. */
export interface TrackedToolCall {
  name: string
  arguments: Record<string, unknown> | undefined
}

/** What {@link trackToolCalls} returns: the wrapped transport and the attribution. */
export interface ToolCallTracker {
  transport: UrlModeInnerTransport
  /** The tool call that raised the elicitation being read now, if it can be told. */
  raising(): TrackedToolCall | undefined
}

// JSON-RPC ids are typed: 1 and "1" are two requests.
const idKey = (id: unknown) => `${typeof id}:${String(id)}`
// A client never has more calls open than this; past it, the oldest is forgotten (it cannot be attributed).
const MAX_OPEN_CALLS = 256

/**
 * Wraps `inner`. `streamOf(id)`, when given, names the JSON-RPC id of the request on whose response
 * stream the server's request `id` came (and forgets it).
 */
export function trackToolCalls(inner: UrlModeInnerTransport, streamOf?: (serverRequestId: unknown) => unknown): ToolCallTracker {
  const open = new Map<string, TrackedToolCall>()
  // Set while a server's request is dispatched: the call it is attributed to (or none, said so).
  let arriving: { call: TrackedToolCall | undefined } | undefined
  const transport: UrlModeInnerTransport = {
    start: () => inner.start(),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
    send: (message) => {
      const out = message as { id?: unknown; method?: unknown; params?: unknown }
      if (out.method === 'tools/call' && out.id !== undefined && isRecord(out.params) && typeof out.params.name === 'string') {
        if (open.size >= MAX_OPEN_CALLS) open.delete(open.keys().next().value as string)
        const args = isRecord(out.params.arguments) ? out.params.arguments : undefined
        open.set(idKey(out.id), { name: out.params.name, arguments: args })
      }
      // A call the client gave up on gets no response: it is over too.
      if (out.method === 'notifications/cancelled' && isRecord(out.params)) open.delete(idKey(out.params.requestId))
      return inner.send(message)
    },
  }
  // The MCP session id, read by `withUrlElicitation` to scope replays.
  Object.defineProperty(transport, 'sessionId', { get: () => (inner as { sessionId?: unknown }).sessionId })
  inner.onclose = () => transport.onclose?.()
  inner.onerror = (error) => transport.onerror?.(error)
  inner.onmessage = (raw: JSONRPCMessage) => {
    const message = raw as { id?: unknown; method?: unknown }
    // A response ends its call.
    if (message.method === undefined && message.id !== undefined) open.delete(idKey(message.id))
    if (message.method !== ELICITATION_CREATE_METHOD || message.id === undefined) {
      transport.onmessage?.(raw)
      return
    }
    const carrier = streamOf?.(message.id)
    const [only] = open.values()
    arriving = { call: carrier !== undefined ? open.get(idKey(carrier)) : open.size === 1 ? only : undefined }
    try {
      transport.onmessage?.(raw)
    } finally {
      arriving = undefined
    }
  }
  return {
    transport,
    raising: () => arriving?.call,
  }
}
