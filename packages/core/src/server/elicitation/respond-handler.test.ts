import { afterEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createListHandler } from './list-handler'
import { createRespondHandler } from './respond-handler'
import { createPartRecorder } from '../testing/part-recorder'

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
    expect((await handler(post('{}', { 'x-session-id': '' }))).status).toBe(403)
    expect((await handler(post('{}', { 'x-boom': '1' }))).status).toBe(500)
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

  it('answers 503 when the store fails, without leaking the cause', async () => {
    const errors: unknown[] = []
    const failing = { respond: async () => Promise.reject(new Error('redis down')) }
    const handler = createRespondHandler(failing, { getSessionId, onError: (e) => errors.push(e) })
    const response = await handler(post(JSON.stringify({ id: 'x', action: 'decline' })))
    expect(response.status).toBe(503)
    expect(JSON.stringify(await response.json())).not.toContain('redis')
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
    const body = (await response.json()) as { elicitations: { elicitationId: string; status: string; message: string }[] }
    expect(body.elicitations).toEqual([expect.objectContaining({ elicitationId: id, status: 'pending', message: 'Name?' })])
    expect((await handler(new Request('http://local/pending', { method: 'POST' }))).status).toBe(405)
  })
})
