/**
 * A real MCP server (TypeScript SDK v1, Streamable HTTP, a session per client) on 127.0.0.1 that
 * writes its `elicitation/create` requests itself, byte for byte, as servers in other languages do:
 * the SDK's own schema never touches them. It checks each answer against the schema it sent with
 * Ajv, as those servers check answers with their own validators.
 *
 * - `ask {index}` sends the real-world schema `REAL_WORLD_SCHEMAS[index]` and reports the answer and
 *   whether the server accepts it;
 * - `ask_replayed {index}` sends it, waits for the answer, then sends the very same request (same
 *   JSON-RPC id) again, as a server does that replays its stream after a reconnect, and reports both;
 * - `ask_params {params}` sends `elicitation/create` with exactly these params, `ask_huge {bytes}`
 *   with a schema whose description is that many bytes, and both report the raw result or error;
 * - `ask_params_then {params, index}` sends one with these params (a malformed one), then asks with
 *   fixture `index` on the same stream, and reports the first one's result or error, or `unanswered`
 *   when the second was answered and the first never was, then the second's verdict;
 * - `ping_client` sends the client a `ping` (a request that is not an elicitation) and reports the answer.
 *
 * `cancel(id)` sends `notifications/cancelled` for one request it sent, as a server does that gives up
 * waiting; the tool then reports `{ error: 'cancelled' }`.
 *
 * Its `serverInfo` carries a title and icons (2025-11-25) for the header checks.
 */
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { type ServedMcpSessions, serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'
import { REAL_WORLD_SCHEMAS } from '../fixtures/real-world-schemas'

/** The server's `serverInfo`. */
export const RAW_SERVER_INFO = {
  name: 'raw-elicitation-server',
  title: 'Acme Support',
  version: '1.0.0',
  icons: [
    { src: 'javascript:alert(1)', mimeType: 'image/png' },
    { src: 'http://insecure.example.com/icon.png', mimeType: 'image/png' },
    { src: 'https://acme.example.com/icon-dark.png', mimeType: 'image/png', theme: 'dark' as const },
    { src: 'https://acme.example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] },
  ],
}

/** What a tool reports: the client's answer(s) and the server's own verdict on each. */
export interface RawAnswer {
  action: string
  content?: Record<string, unknown>
  serverAccepts: boolean
}

/** A running server. */
export interface RawElicitationServer {
  url: string
  /** Every request it sent (`elicitation/create`, `ping`), by JSON-RPC id. */
  sent: string[]
  /** Cancels request `id` (`notifications/cancelled` on its stream); false when it is not waiting. */
  cancel(id: string): Promise<boolean>
  close(): Promise<void>
}

interface Waiting {
  resolve(answer: { result?: Record<string, unknown>; error?: unknown }): void
  /** Sends a notification on the stream of the tool call that sent the request. */
  notify(method: string, params: Record<string, unknown>): Promise<void>
}

const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] })

/** Starts the server on a free port. */
export async function startRawElicitationServer(): Promise<RawElicitationServer> {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const waiting = new Map<string, Waiting>()
  const sent: string[] = []
  let served: ServedMcpSessions | undefined
  let next = 0

  const verdict = (schema: unknown, result: Record<string, unknown> | undefined): RawAnswer => {
    const action = String(result?.action)
    const content = result?.content as Record<string, unknown> | undefined
    // PHP's `properties: []` is an empty object to its own validator.
    const raw = schema as { properties?: unknown }
    const checked = Array.isArray(raw.properties) ? { ...raw, properties: {} } : raw
    const serverAccepts = action !== 'accept' || ajv.validate(checked as object, content ?? {})
    return { action, ...(content ? { content } : {}), serverAccepts }
  }

  /** Writes one request (`elicitation/create` unless told) on the tool call's stream and waits for the client's response to `id`. */
  const ask = (sessionId: string | undefined, relatedRequestId: string | number, id: string, params: unknown, method = 'elicitation/create') => {
    const session = sessionId ? served?.sessions.get(sessionId) : undefined
    if (!session) throw new Error('no session')
    const notify = (name: string, notificationParams: Record<string, unknown>) =>
      session.transport.send({ jsonrpc: '2.0', method: name, params: notificationParams } as never, { relatedRequestId })
    const answer = new Promise<{ result?: Record<string, unknown>; error?: unknown }>((resolve) => waiting.set(id, { resolve, notify }))
    sent.push(id)
    const message = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }
    void session.transport.send(message as never, { relatedRequestId })
    return answer
  }

  const create = () => {
    const server = new McpServer(RAW_SERVER_INFO)
    const fixtureArgs = { index: z.number().int().min(0) }
    server.registerTool('ask', { description: 'Asks with a real-world schema', inputSchema: fixtureArgs }, async ({ index }, extra) => {
      const fixture = REAL_WORLD_SCHEMAS[index]
      if (!fixture) throw new Error(`no fixture ${index}`)
      const params = { mode: 'form', message: fixture.message, requestedSchema: fixture.requestedSchema }
      const reply = await ask(extra.sessionId, extra.requestId, `raw-${next++}`, params)
      return json(reply.error ? { error: reply.error } : verdict(fixture.requestedSchema, reply.result))
    })
    server.registerTool('ask_replayed', { description: 'Asks, then replays the same request', inputSchema: fixtureArgs }, async ({ index }, extra) => {
      const fixture = REAL_WORLD_SCHEMAS[index]
      if (!fixture) throw new Error(`no fixture ${index}`)
      const params = { mode: 'form', message: fixture.message, requestedSchema: fixture.requestedSchema }
      const id = `raw-${next++}`
      const first = await ask(extra.sessionId, extra.requestId, id, params)
      const replayed = await ask(extra.sessionId, extra.requestId, id, params)
      return json({ first: verdict(fixture.requestedSchema, first.result), replayed: verdict(fixture.requestedSchema, replayed.result) })
    })
    server.registerTool('ask_params', { description: 'Asks with these params as they are', inputSchema: { params: z.unknown() } }, async ({ params }, extra) =>
      json(await ask(extra.sessionId, extra.requestId, `raw-${next++}`, params)),
    )
    server.registerTool(
      'ask_params_then',
      { description: 'Asks with these params, then with a fixture', inputSchema: { params: z.unknown(), ...fixtureArgs } },
      async ({ params, index }, extra) => {
        const fixture = REAL_WORLD_SCHEMAS[index]
        if (!fixture) throw new Error(`no fixture ${index}`)
        const firstId = `raw-${next++}`
        let malformed: unknown = 'unanswered'
        void ask(extra.sessionId, extra.requestId, firstId, params).then((reply) => {
          malformed = reply
        })
        const valid = { mode: 'form', message: fixture.message, requestedSchema: fixture.requestedSchema }
        const reply = await ask(extra.sessionId, extra.requestId, `raw-${next++}`, valid)
        waiting.delete(firstId)
        return json({ malformed, valid: verdict(fixture.requestedSchema, reply.result) })
      },
    )
    server.registerTool('ask_huge', { description: 'Asks with a schema of about this many bytes', inputSchema: { bytes: z.number().int().min(0) } }, async ({ bytes }, extra) => {
      const requestedSchema = { type: 'object', properties: { name: { type: 'string', description: 'x'.repeat(bytes) } } }
      const reply = await ask(extra.sessionId, extra.requestId, `raw-${next++}`, { mode: 'form', message: 'Huge', requestedSchema })
      return json(reply)
    })
    server.registerTool('ping_client', { description: 'Pings the client' }, async (extra) =>
      json(await ask(extra.sessionId, extra.requestId, `raw-${next++}`, undefined, 'ping')),
    )
    return server
  }

  served = await serveMcpSessions(create, {
    // The client's answers to the raw requests are taken here; the SDK never sent those requests.
    intercept: (body, _req, res) => {
      const message = body as { id?: unknown; method?: unknown; result?: Record<string, unknown>; error?: unknown } | undefined
      if (!message || message.method !== undefined || typeof message.id !== 'string') return false
      const wait = waiting.get(message.id)
      if (!wait) return false
      waiting.delete(message.id)
      wait.resolve({ result: message.result, error: message.error })
      res.writeHead(202).end()
      return true
    },
  })
  const cancel = async (id: string) => {
    const wait = waiting.get(id)
    if (!wait) return false
    waiting.delete(id)
    await wait.notify('notifications/cancelled', { requestId: id, reason: 'The server stopped waiting' })
    wait.resolve({ error: 'cancelled' })
    return true
  }
  return { url: served.url, sent, cancel, close: () => served.close() }
}
