// @module-tag security
import { afterEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createListHandler } from './list-handler'
import { createRespondHandler } from './respond-handler'
import { createPartRecorder } from '../testing/part-recorder'
import { serveFetch } from '../testing/node-http-bridge'
import { trickleRequest } from '../testing/trickle-request'

const getSessionId = (request: Request) => request.headers.get('x-session-id')
const FORM = {
  message: 'Name?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] },
}

let broker: ElicitationBroker
afterEach(async () => {
  await broker?.close()
})

async function pendingId(sessionId = 's1'): Promise<{ id: string; result: Promise<unknown> }> {
  const rec = createPartRecorder()
  const result = broker.request(FORM, { sessionId, emit: rec.emit })
  const part = await rec.next((p) => p.data.status === 'pending')
  return { id: part.id, result }
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://local/respond', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 's1', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)

function chunkedBody(totalBytes: number, chunkBytes: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close()
      sent += chunkBytes
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20))
    },
  })
  return { stream, pulled: () => sent }
}

describe('createRespondHandler', () => {
  it('refuses to be created without getSessionId: there is no public default', () => {
    broker = createElicitationBroker()
    expect(() => createRespondHandler(broker, {} as never)).toThrow(McpHitlError)
    expect(() => createListHandler(broker, {} as never)).toThrow(/getSessionId/)
  })

  it('answers 200 { success: true } and settles the elicitation', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId })
    const { id, result } = await pendingId()
    const response = await handler(post(JSON.stringify({ id, action: 'accept', content: { name: 'Ada' } })))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ success: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('stops reading a body without Content-Length at the limit and answers 413', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId, maxBodyBytes: 1024 })
    const body = chunkedBody(1_000_000, 256)
    const response = await handler(post(body.stream))
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' })
    // It read a little past the limit, not the megabyte.
    expect(body.pulled()).toBeLessThan(4096)
  })

  it('answers 405 to other methods, 403 without a session, 500 when getSessionId throws', async () => {
    const errors: unknown[] = []
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, {
      getSessionId: (request) => {
        if (request.headers.get('x-boom')) throw new Error('boom')
        return request.headers.get('x-session-id')
      },
      onError: (error) => errors.push(error),
    })
    const get = await handler(new Request('http://local/respond'))
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect(await get.json()).toEqual({ error: 'Use POST', code: 'method_not_allowed' })
    expect((await handler(post('{}', { 'x-session-id': '' }))).status).toBe(403)
    const failed = await handler(post('{}', { 'x-boom': '1' }))
    expect([failed.status, await failed.json()]).toEqual([500, { error: 'Could not resolve the session', code: 'internal' }])
    expect(errors).toHaveLength(1)
  })

  it('accepts JSON media types with parameters and +json, refuses others with 415', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId })
    const body = JSON.stringify({ id: 'unknown', action: 'decline' })
    expect((await handler(post(body, { 'content-type': 'application/json; charset=utf-8' }))).status).toBe(404)
    expect((await handler(post(body, { 'content-type': 'application/merge-patch+json' }))).status).toBe(404)
    expect((await handler(post(body, { 'content-type': 'text/plain' }))).status).toBe(415)
    expect((await handler(post(body, { 'content-type': 'application/x-www-form-urlencoded' }))).status).toBe(415)
  })

  it('refuses a charset other than UTF-8 with 415 instead of decoding it as UTF-8', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId })
    const { id } = await pendingId()
    const text = JSON.stringify({ id, action: 'accept', content: { name: 'Ada' } })
    const utf16 = new Uint8Array(text.length * 2)
    for (let i = 0; i < text.length; i++) utf16[i * 2] = text.charCodeAt(i)
    for (const type of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"', 'application/json; charset=latin1']) {
      const response = await handler(post(utf16, { 'content-type': type }))
      expect([type, response.status]).toEqual([type, 415])
      expect(await response.json()).toMatchObject({ code: 'unsupported_media_type', error: expect.stringContaining('UTF-8') })
    }
    for (const type of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json; charset=utf8']) {
      expect([type, (await handler(post(JSON.stringify({ id: 'unknown', action: 'decline' }), { 'content-type': type }))).status]).toEqual([type, 404])
    }
    // Bytes that are not UTF-8 at all are a malformed body, not text with replacement characters.
    const latin1 = new Uint8Array([...new TextEncoder().encode(`{"id":"${id}","action":"accept","content":{"name":"`), 0xe9, ...new TextEncoder().encode('"}}')])
    const bad = await handler(post(latin1))
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'bad_request'])
  })

  it('answers 408 to a body that trickles in slower than bodyTimeoutMs, over a real node:http server', async () => {
    broker = createElicitationBroker()
    const server = await serveFetch(createRespondHandler(broker, { getSessionId, bodyTimeoutMs: 400 }))
    try {
      const outcome = await trickleRequest({
        url: `${server.url}/respond`,
        headers: { 'content-type': 'application/json', 'x-session-id': 's1' },
        contentLength: 10_000,
        intervalMs: 50,
      })
      expect(outcome.status).toBe(408)
      // It gave up long before the declared body could arrive.
      expect(outcome.bytesSent).toBeLessThan(1000)
    } finally {
      await server.close()
    }
  })

  it('answers 503 when the store fails, without leaking the cause', async () => {
    const errors: unknown[] = []
    const failing = { respond: async () => Promise.reject(new Error('redis down')) }
    const handler = createRespondHandler(failing, { getSessionId, onError: (e) => errors.push(e) })
    const response = await handler(post(JSON.stringify({ id: 'x', action: 'decline' })))
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body).toEqual({ error: 'The elicitation store is unavailable', code: 'unavailable' })
    expect(errors).toHaveLength(1)
  })

  it('treats null content with accept like no content (a 422 for a required field)', async () => {
    broker = createElicitationBroker()
    const handler = createRespondHandler(broker, { getSessionId })
    const { id } = await pendingId()
    const response = await handler(post(JSON.stringify({ id, action: 'accept', content: null })))
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ code: 'invalid_content', fieldErrors: [{ field: 'name', keyword: 'required' }] })
  })
})

describe('createListHandler', () => {
  it('lists the session’s pending elicitations as part data, without caching', async () => {
    broker = createElicitationBroker()
    const handler = createListHandler(broker, { getSessionId })
    const { id } = await pendingId('s1')
    await pendingId('s2')
    const response = await handler(new Request('http://local/pending', { headers: { 'x-session-id': 's1' } }))
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { elicitations: { id: string; elicitationId: string; status: string; message: string }[] }
    expect(body.elicitations).toEqual([expect.objectContaining({ id, elicitationId: id, status: 'pending', message: 'Name?' })])
    const post = await handler(new Request('http://local/pending', { method: 'POST' }))
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([405, 'GET, HEAD', { error: 'Use GET or HEAD', code: 'method_not_allowed' }])
    const anonymous = await handler(new Request('http://local/pending'))
    expect([anonymous.status, await anonymous.json()]).toEqual([403, { error: 'No session', code: 'forbidden' }])
  })

  it('lists items under `id`, the field the respond body takes: a listed item is answered as listed', async () => {
    broker = createElicitationBroker()
    const list = createListHandler(broker, { getSessionId })
    const respond = createRespondHandler(broker, { getSessionId })
    const { result } = await pendingId('s1')
    const listed = (await (await list(new Request('http://local/pending', { headers: { 'x-session-id': 's1' } }))).json()) as {
      elicitations: { id: string }[]
    }
    const [item] = listed.elicitations
    // The seed-compatible body `{ id, action, content? }`, with the id as listed.
    expect((await respond(post(JSON.stringify({ id: item?.id, action: 'accept', content: { name: 'Ada' } })))).status).toBe(200)
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('answers 503 unavailable when the store fails, without leaking the cause', async () => {
    const errors: unknown[] = []
    const failing = { listPending: async () => Promise.reject(new Error('redis down')) }
    const handler = createListHandler(failing, { getSessionId, onError: (e) => errors.push(e) })
    const response = await handler(new Request('http://local/pending', { headers: { 'x-session-id': 's1' } }))
    expect([response.status, await response.json()]).toEqual([503, { error: 'The elicitation store is unavailable', code: 'unavailable' }])
    expect(errors).toHaveLength(1)
  })
})
