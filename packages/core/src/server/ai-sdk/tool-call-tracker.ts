/**
 * Which tool call raised an elicitation, for an `@ai-sdk/mcp` client (whose handler is told nothing
 * of it): a transport wrapper, under the client and `withUrlElicitation`, that follows the client's
 * `tools/call` requests from send to final response.
 *
 * - A server's `elicitation/create` is attributed at the moment it arrives: to the call whose HTTP
 *   response stream carried it, when the transport says (`streamOf`, see `tagElicitationStreams`), else
 *   to the one tool call in flight. The attribution holds only while the request is dispatched
 *   synchronously to the handlers, which read it then: the AI SDK client calls its handler before it
 *   awaits anything, and so does `withUrlElicitation`.
 * - A 2026-07-28 `input_required` round is answered by the client after the call's response came: it
 *   is attributed to the one call waiting for input, when no other call is open.
 *
 * Anything else (two calls in flight and no stream to tell them apart, a request outside any call)
 * is attributed to nothing: the page then shows no tool rather than a guess.
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

interface OpenCall extends TrackedToolCall {
  /** Its last response asked for input (`input_required`): the client answers, then sends it again. */
  awaitingInput: boolean
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
  const open = new Map<string, OpenCall>()
  // Set while a server's request is dispatched: the call it is attributed to (or none, said so).
  let arriving: { call: TrackedToolCall | undefined } | undefined
  const transport: UrlModeInnerTransport = {
    start: () => inner.start(),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
    send: (message) => {
      const out = message as { id?: unknown; method?: unknown; params?: unknown }
      if (out.method === 'tools/call' && out.id !== undefined && isRecord(out.params) && typeof out.params.name === 'string') {
        const name = out.params.name
        // A call sent again with the input it asked for takes the place of its open round.
        if (isRecord(out.params.inputResponses) || out.params.requestState !== undefined) {
          for (const [key, call] of open) {
            if (call.awaitingInput && call.name === name) {
              open.delete(key)
              break
            }
          }
        }
        if (open.size >= MAX_OPEN_CALLS) open.delete(open.keys().next().value as string)
        const args = isRecord(out.params.arguments) ? out.params.arguments : undefined
        open.set(idKey(out.id), { name, arguments: args, awaitingInput: false })
      }
      return inner.send(message)
    },
  }
  // The MCP session id, read by `withUrlElicitation` to scope replays.
  Object.defineProperty(transport, 'sessionId', { get: () => (inner as { sessionId?: unknown }).sessionId })
  inner.onclose = () => transport.onclose?.()
  inner.onerror = (error) => transport.onerror?.(error)
  inner.onmessage = (raw: JSONRPCMessage) => {
    const message = raw as { id?: unknown; method?: unknown; result?: unknown; error?: unknown }
    if (message.method === undefined && message.id !== undefined) {
      const call = open.get(idKey(message.id))
      if (call && isRecord(message.result) && message.result.resultType === 'input_required') call.awaitingInput = true
      else if (call) open.delete(idKey(message.id))
      transport.onmessage?.(raw)
      return
    }
    if (message.method !== ELICITATION_CREATE_METHOD || message.id === undefined) {
      transport.onmessage?.(raw)
      return
    }
    const carrier = streamOf?.(message.id)
    const inFlight = [...open.values()].filter((call) => !call.awaitingInput)
    arriving = { call: carrier !== undefined ? open.get(idKey(carrier)) : inFlight.length === 1 && open.size === 1 ? inFlight[0] : undefined }
    try {
      transport.onmessage?.(raw)
    } finally {
      arriving = undefined
    }
  }
  return {
    transport,
    raising() {
      if (arriving) return arriving.call
      const [only] = open.values()
      return open.size === 1 && only?.awaitingInput ? only : undefined
    },
  }
}
