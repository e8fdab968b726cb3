/**
 * A `fetch` for the MCP SDK's Streamable HTTP client transport that notes on which response stream
 * each server request arrives: a server that sends its `elicitation/create` with the tool call's
 * `relatedRequestId` (the SDK's `extra.sendRequest` does) puts it on that call's own POST response,
 * which says which call raised it even when several run at once. The bytes pass through unchanged;
 * each SSE event that holds an `elicitation/create` is read before it is passed on, so the note
 * exists before the transport parses it.
 */
import { isRecord } from '../../guards'

/** What {@link tagElicitationStreams} returns. */
export interface TaggedStreams {
  /** For the transport's `fetch` option. */
  fetch: typeof fetch
  /** The id of the request on whose response stream the server's request `id` came; forgets it. */
  streamOf(serverRequestId: unknown): unknown
}

const idKey = (id: unknown) => `${typeof id}:${String(id)}`
// Notes nobody read (a request the client never dispatched) are dropped past this many.
const MAX_NOTES = 1024
// An SSE event longer than this is not read (the transport still gets it): a note is worth a few bytes.
const MAX_EVENT_CHARS = 1024 * 1024

/** The JSON-RPC id of a `tools/call` POST body, if it is one. */
function toolCallId(init: RequestInit | undefined): unknown {
  if (init?.method !== 'POST' || typeof init.body !== 'string' || !init.body.includes('"tools/call"')) return undefined
  try {
    const message: unknown = JSON.parse(init.body)
    return isRecord(message) && message.method === 'tools/call' ? message.id : undefined
  } catch {
    return undefined
  }
}

/** Wraps `base` (default the global `fetch`). */
export function tagElicitationStreams(base: typeof fetch = fetch): TaggedStreams {
  const notes = new Map<string, unknown>()
  const note = (serverRequestId: unknown, carrier: unknown) => {
    if (notes.size >= MAX_NOTES) notes.delete(notes.keys().next().value as string)
    notes.set(idKey(serverRequestId), carrier)
  }
  const scanner = (carrier: unknown) => {
    const decoder = new TextDecoder()
    let line = ''
    let data = ''
    let reading = true
    const endOfLine = (text: string) => {
      if (text === '') {
        if (data.includes('elicitation/create')) {
          try {
            const message: unknown = JSON.parse(data)
            if (isRecord(message) && message.method === 'elicitation/create' && message.id !== undefined) note(message.id, carrier)
          } catch {
            // Not JSON: the transport reports it.
          }
        }
        data = ''
      } else if (text.startsWith('data:')) {
        data += (data ? '\n' : '') + text.slice(text.startsWith('data: ') ? 6 : 5)
      }
      if (data.length > MAX_EVENT_CHARS) reading = false
    }
    return new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (reading) {
          const lines = (line + decoder.decode(chunk, { stream: true })).split(/\r\n|\r|\n/)
          line = lines.pop() ?? ''
          for (const text of lines) endOfLine(text)
          if (line.length > MAX_EVENT_CHARS) reading = false
        }
        controller.enqueue(chunk)
      },
    })
  }
  const tagged = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const response = await base(input, init)
    const carrier = toolCallId(init)
    const type = response.headers.get('content-type') ?? ''
    if (carrier === undefined || !response.body || !type.toLowerCase().includes('text/event-stream')) return response
    return new Response(response.body.pipeThrough(scanner(carrier)), { status: response.status, statusText: response.statusText, headers: response.headers })
  }) as typeof fetch
  return {
    fetch: tagged,
    streamOf(serverRequestId) {
      const key = idKey(serverRequestId)
      const carrier = notes.get(key)
      notes.delete(key)
      return carrier
    },
  }
}
