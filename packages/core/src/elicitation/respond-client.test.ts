import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../errors'
import { createRespondClient, listPendingElicitations } from './respond-client'
import type { ListedElicitation } from './wire'

type Reply = { status: number; body?: unknown; raw?: string } | 'drop'
interface Seen {
  method: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let base = ''
let replies: Reply[] = []
let seen: Seen[] = []

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body })
      const reply = replies.shift() ?? { status: 200, body: { success: true } }
      if (reply === 'drop') {
        // Closing the socket without an answer is what a dying proxy or a lost network looks like to fetch.
        req.socket.destroy()
        return
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(reply.raw ?? JSON.stringify(reply.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  replies = []
  seen = []
})

async function failure(promise: Promise<unknown>): Promise<McpHitlError> {
  try {
    await promise
  } catch (error) {
    if (McpHitlError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('createRespondClient', () => {
  it('posts exactly { id, action, content } as JSON for accept and resolves on 200', async () => {
    const client = createRespondClient({ url: `${base}/respond`, headers: { 'x-csrf': 'abc' } })
    await client.respond({ id: 'e1', action: 'accept', content: { name: 'Ada', tags: ['x'] } })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.headers['content-type']).toBe('application/json')
    expect(seen[0]?.headers['x-csrf']).toBe('abc')
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ id: 'e1', action: 'accept', content: { name: 'Ada', tags: ['x'] } })
  })

  it('never sends content with decline or cancel', async () => {
    const client = createRespondClient({ url: `${base}/respond` })
    await client.respond({ id: 'e1', action: 'decline', content: { secret: 'typed before declining' } })
    await client.respond({ id: 'e2', action: 'cancel' })
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { id: 'e1', action: 'decline' },
      { id: 'e2', action: 'cancel' },
    ])
  })

  it('calls a headers function for every request', async () => {
    let n = 0
    const client = createRespondClient({ url: `${base}/respond`, headers: () => ({ 'x-n': String(++n) }) })
    await client.respond({ id: 'a', action: 'cancel' })
    await client.respond({ id: 'b', action: 'cancel' })
    expect(seen.map((s) => s.headers['x-n'])).toEqual(['1', '2'])
  })

  it.each([
    [400, 'bad_request'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'already_settled'],
    [410, 'expired'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
  ] as const)('maps HTTP %i to %s without retrying', async (status, code) => {
    replies = [{ status, body: { error: 'Elicitation request not found or already resolved', code: 'x' } }]
    const client = createRespondClient({ url: `${base}/respond`, retries: 3, retryDelayMs: 1 })
    const error = await failure(client.respond({ id: 'e', action: 'cancel' }))
    expect(error.code).toBe(code)
    expect(error.status).toBe(status)
    expect(error.message).toContain('Elicitation request not found or already resolved')
    expect(seen).toHaveLength(1)
  })

  it('takes the code the handler wrote in the body, from the one error table', async () => {
    replies = [
      { status: 405, body: { error: 'Use POST', code: 'method_not_allowed' } },
      { status: 408, body: { error: 'The body did not arrive within 5000 ms', code: 'request_timeout' } },
      { status: 500, body: { error: 'Could not resolve the session', code: 'internal' } },
    ]
    const client = createRespondClient({ url: `${base}/respond`, retries: 0 })
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await failure(client.respond({ id: 'e', action: 'cancel' }))).code)
    expect(codes).toEqual(['method_not_allowed', 'request_timeout', 'internal'])
  })

  it('reports a 503 of the handler as unavailable, and one from something in front of it as network', async () => {
    replies = [{ status: 503, body: { error: 'The elicitation store is unavailable', code: 'unavailable' } }, { status: 503 }]
    const client = createRespondClient({ url: `${base}/respond`, retries: 0 })
    expect((await failure(client.respond({ id: 'e', action: 'cancel' }))).code).toBe('unavailable')
    expect((await failure(client.respond({ id: 'e', action: 'cancel' }))).code).toBe('network')
  })

  it('carries field errors of a 422 as details', async () => {
    const fieldErrors = [{ field: 'email', pointer: '/email', keyword: 'format', message: 'Enter a valid email address.' }]
    replies = [{ status: 422, body: { error: 'Invalid content', code: 'invalid_content', fieldErrors } }]
    const error = await failure(createRespondClient({ url: base }).respond({ id: 'e', action: 'accept', content: { email: 'x' } }))
    expect(error.code).toBe('invalid_content')
    expect(error.details).toEqual(fieldErrors)
  })

  it('copes with an error body that is not JSON', async () => {
    replies = [{ status: 404, raw: '<h1>Not Found</h1>' }]
    const error = await failure(createRespondClient({ url: base }).respond({ id: 'e', action: 'cancel' }))
    expect(error.code).toBe('not_found')
    expect(error.message).toMatch(/HTTP 404/)
  })

  it('retries 502/503/504 with backoff, then succeeds', async () => {
    replies = [{ status: 502 }, { status: 503 }, { status: 200, body: { success: true } }]
    await createRespondClient({ url: base, retries: 2, retryDelayMs: 1 }).respond({ id: 'e', action: 'cancel' })
    expect(seen).toHaveLength(3)
  })

  it('gives up after the bounded number of retries', async () => {
    replies = [{ status: 504 }, { status: 504 }, { status: 504 }, { status: 200 }]
    const error = await failure(createRespondClient({ url: base, retries: 2, retryDelayMs: 1 }).respond({ id: 'e', action: 'cancel' }))
    expect(error.code).toBe('network')
    expect(error.status).toBe(504)
    expect(seen).toHaveLength(3)
  })

  it('does not retry a 500', async () => {
    replies = [{ status: 500, body: { error: 'boom' } }]
    const error = await failure(createRespondClient({ url: base, retries: 2, retryDelayMs: 1 }).respond({ id: 'e', action: 'cancel' }))
    expect(error.code).toBe('transport')
    expect(seen).toHaveLength(1)
  })

  it('retries network errors and reports code network with the cause', async () => {
    replies = ['drop', 'drop']
    const error = await failure(createRespondClient({ url: base, retries: 1, retryDelayMs: 1 }).respond({ id: 'e', action: 'cancel' }))
    expect(error.code).toBe('network')
    expect(error.cause).toBeInstanceOf(Error)
    expect(seen).toHaveLength(2)
    replies = ['drop']
    await createRespondClient({ url: base, retries: 1, retryDelayMs: 1 }).respond({ id: 'e', action: 'cancel' })
    expect(seen).toHaveLength(4)
  })

  it('stops at once when the caller aborts, passing the abort reason on', async () => {
    const controller = new AbortController()
    controller.abort(new Error('user closed the dialog'))
    await expect(createRespondClient({ url: base }).respond({ id: 'e', action: 'cancel' }, { signal: controller.signal })).rejects.toThrow(
      'user closed the dialog',
    )
    replies = [{ status: 503 }]
    const later = new AbortController()
    const pending = createRespondClient({ url: base, retries: 5, retryDelayMs: 60_000 }).respond({ id: 'e', action: 'cancel' }, { signal: later.signal })
    for (let i = 0; i < 400 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 5))
    later.abort(new Error('gone'))
    await expect(pending).rejects.toThrow('gone')
    expect(seen).toHaveLength(1)
  })

  it('uses an injected fetch', async () => {
    const calls: string[] = []
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input))
      return new Response(JSON.stringify({ success: true }), { status: 200 })
    }
    await createRespondClient({ url: '/api/respond', fetch: fetchImpl }).respond({ id: 'e', action: 'cancel' })
    expect(calls).toEqual(['/api/respond'])
  })
})

describe('listPendingElicitations', () => {
  const item: ListedElicitation = {
    id: 'e1',
    elicitationId: 'e1',
    message: 'Name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    mode: 'form',
    status: 'pending',
  }

  it('GETs the list and returns the elicitations', async () => {
    replies = [{ status: 200, body: { elicitations: [item] } }]
    expect(await listPendingElicitations({ url: `${base}/elicitations` })).toEqual([item])
    expect(seen[0]?.method).toBe('GET')
    expect(seen[0]?.body).toBe('')
  })

  it('maps errors and rejects a malformed body', async () => {
    replies = [{ status: 403, body: { error: 'not yours', code: 'forbidden' } }]
    expect((await failure(listPendingElicitations({ url: base }))).code).toBe('forbidden')
    replies = [{ status: 200, body: { items: [] } }]
    expect((await failure(listPendingElicitations({ url: base }))).code).toBe('protocol')
  })
})
