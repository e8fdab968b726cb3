/**
 * URL-mode elicitation for `@ai-sdk/mcp` clients. That client speaks form elicitation only: it
 * rejects a URL-mode `elicitation/create` (-32602) and fails on `notifications/elicitation/complete`.
 * This transport wrapper sits under the client and answers those two messages through the broker,
 * passing everything else through unchanged, so an AI SDK chat gets the whole 2025-11-25
 * elicitation. Create the client with `capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }`
 * when you wrap its transport, and keep `attachBrokerToAiSdkClient` for the form requests.
 *
 * It also answers a replayed form request (the same JSON-RPC id and params after a reconnect) with
 * the answer the client gave the first time, instead of passing it on for a second dialog: the AI
 * SDK's handler never sees the request id. And it gives a form answer's fields back their names
 * (`decodeAnswerNames`) where `attachBrokerToAiSdkClient` passed them under stand-ins, past the
 * client's own check that drops a `__proto__` key.
 */
import type { JSONRPCMessage, MCPTransport } from '@ai-sdk/mcp'
import type { ElicitRequestURLParams } from '../../../elicitation/protocol'
import { ELICITATION_COMPLETE_METHOD, ELICITATION_CREATE_METHOD } from '../../../elicitation/protocol'
import { decodeAnswerNames } from '../../../elicitation/elicitation-name-stand-ins'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { type ElicitationContextOption, type PeerInfo, readContext } from './read-context'
import { ReplayedRequests } from './replayed-requests'

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
  result?: { serverInfo?: { name?: unknown; title?: unknown; icons?: unknown } }
}

type OutgoingMessage = { id?: string | number; method?: string; result?: unknown; error?: unknown }

/** A form answer with its content's stand-in keys turned back into the schema's names. */
function withDecodedNames(properties: unknown, result: unknown): unknown {
  const content = (result as { content?: unknown } | null)?.content
  if (content === undefined) return result
  return { ...(result as object), content: decodeAnswerNames(properties, content) }
}

// JSON-RPC ids are typed: 1 and "1" are two requests.
const idKey = (id: string | number) => `${typeof id}:${id}`

/**
 * Wraps `inner` so URL-mode elicitations and their completion notifications reach `broker`.
 * `context` is read once per message, like the form adapter's.
 */
export function withUrlElicitation(
  inner: UrlModeInnerTransport,
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  context: ElicitationContextOption,
): UrlModeTransport {
  // The server's info from its `initialize` answer, shown when the context names none (as the form adapter does).
  let peer: PeerInfo | undefined
  const read = (): ElicitationRequestContext => readContext(context, peer)
  const replayed = new ReplayedRequests()
  // Form requests passed on to the client, by id (with their schema's properties, for the names of
  // the answer): settled when the client's response goes out.
  const forwarded = new Map<string, { resolve: (result: unknown) => void; reject: (error: unknown) => void; properties: unknown }>()
  const never = new AbortController().signal
  const outer: UrlModeTransport = {
    start: () => inner.start(),
    send: (message) => {
      const out = message as OutgoingMessage
      const waiting = out.id !== undefined && out.method === undefined ? forwarded.get(idKey(out.id)) : undefined
      if (waiting && out.id !== undefined) {
        forwarded.delete(idKey(out.id))
        // An error is not remembered: a replay of a request that failed is passed on again.
        if (out.result === undefined) waiting.reject(out.error)
        else {
          const result = withDecodedNames(waiting.properties, out.result)
          waiting.resolve(result)
          return inner.send({ ...out, result } as unknown as JSONRPCMessage)
        }
      }
      return inner.send(message)
    },
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  }
  inner.onclose = () => outer.onclose?.()
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
    if (message.method === ELICITATION_CREATE_METHOD && message.id !== undefined && message.params?.mode !== 'url') {
      const id = message.id
      const scope = { sessionId: read().sessionId, mcpSessionId: (inner as { sessionId?: string }).sessionId, requestId: id }
      replayed
        .answer(scope, message.params, never, () => {
          // The first of its kind: the client answers it; its response (in `send`) is the recorded answer.
          const properties = (message.params?.requestedSchema as { properties?: unknown } | undefined)?.properties
          const answer = new Promise<never>((resolve, reject) => forwarded.set(idKey(id), { resolve: resolve as (r: unknown) => void, reject, properties }))
          outer.onmessage?.(raw)
          return answer
        })
        .then(
          ({ result, replay }) => {
            if (!replay) return
            return inner.send({ jsonrpc: '2.0', id, result } as unknown as JSONRPCMessage)
          },
          // The client answered the first one with an error, and sent it itself.
          () => {},
        )
        .catch((error: unknown) => outer.onerror?.(error instanceof Error ? error : new Error(String(error))))
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
