/**
 * Talks to the demo's Hono app in-process, exactly as `useChat` and the page speak to it over HTTP:
 * a session cookie from first contact, the chat as an SSE UI message stream, the respond route.
 */
import type { DemoApi } from '../server/demo-api'

/** One chunk of the UI message stream. */
export type Chunk = { type: string; id?: string; delta?: string; errorText?: string; data?: Record<string, unknown>; [key: string]: unknown }

/** What one chat turn streamed: every chunk, the reply text, and the raw stream. */
export interface ChatTurn {
  status: number
  chunks: Chunk[]
  reply: string
  raw: string
}

/** The assistant's text in `chunks`. */
export function replyOf(chunks: readonly Chunk[]): string {
  return chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('')
}

/**
 * Reads a UI message stream response to its end (or until `onChunk` returns `'stop'`, when the reader
 * goes away as a reloading page does).
 */
export async function readChunks(
  response: Response,
  onChunk: (chunk: Chunk) => Promise<unknown> | unknown = () => undefined,
): Promise<{ chunks: Chunk[]; raw: string }> {
  const chunks: Chunk[] = []
  let raw = ''
  let buffer = ''
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    const text = decoder.decode(value, { stream: true })
    raw += text
    buffer += text
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue
      const chunk = JSON.parse(event.slice(6)) as Chunk
      chunks.push(chunk)
      if ((await onChunk(chunk)) === 'stop') {
        await reader.cancel()
        return { chunks, raw }
      }
    }
  }
  return { chunks, raw }
}

/** A client of `api`. */
export function createBackendClient(api: DemoApi) {
  return {
    /** A new session cookie (`name=value`), as the page gets on first contact. */
    async session(): Promise<string> {
      const response = await api.fetch(new Request('http://demo/api/config'))
      return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    },

    /** Sends one user message; `onChunk` may answer elicitations while the stream is open. */
    async chat(cookie: string, text: string, onChunk: (chunk: Chunk) => Promise<void> | void = () => {}): Promise<ChatTurn> {
      const response = await api.fetch(
        new Request('http://demo/api/chat', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] }),
        }),
      )
      const { chunks, raw } = await readChunks(response, onChunk)
      const reply = replyOf(chunks)
      return { status: response.status, chunks, reply, raw }
    },

    /** `GET /api/chat`: the session's saved chat. */
    async savedChat(cookie: string): Promise<{ id: string; messages: { id: string; role: string; parts: Chunk[] }[] }> {
      const response = await api.fetch(new Request('http://demo/api/chat', { headers: { cookie } }))
      return response.json()
    },

    /** `GET /api/chat/:id/stream`, as `useChat({ resume: true })` asks on load. */
    resume(cookie: string, chatId: string): Promise<Response> {
      return Promise.resolve(api.fetch(new Request(`http://demo/api/chat/${chatId}/stream`, { headers: { cookie } })))
    },

    /** POSTs one user message and returns the streaming response, unread. */
    post(cookie: string, body: unknown): Promise<Response> {
      return Promise.resolve(
        api.fetch(new Request('http://demo/api/chat', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })),
      )
    },

    /** POSTs to the respond route. */
    async respond(cookie: string, body: unknown): Promise<Response> {
      return api.fetch(
        new Request('http://demo/api/elicitation/respond', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    },
  }
}
