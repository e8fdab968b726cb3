// @module-tag security
import { afterEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import type { ElicitRequestFormParams } from '../../elicitation/protocol'
import { REDACTED } from '../../elicitation/redact'
import type { ElicitationRequestData } from '../../elicitation/wire'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createElicitationEventsHandler, type ElicitationEventsHandlerOptions } from './events-handler'
import { serveFetch, type TestHttpServer } from '../testing/node-http-bridge'
import { readSse, type SseReader } from '../testing/sse-reader'

const getSessionId = (request: Request) => request.headers.get('x-session-id')
const FORM: ElicitRequestFormParams = {
  message: 'Sign in',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' }, password: { type: 'string' } }, required: ['name'] },
}

let broker: ElicitationBroker | undefined
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await broker?.close()
  broker = undefined
})

const get = (sessionId?: string, init: RequestInit = {}) =>
  new Request('http://local/events', { ...init, headers: sessionId ? { 'x-session-id': sessionId } : {} })

async function serve(b: Pick<ElicitationBroker, 'listPending' | 'subscribeSession'>, options: Partial<ElicitationEventsHandlerOptions> = {}): Promise<TestHttpServer> {
  const server = await serveFetch(createElicitationEventsHandler(b, { getSessionId, ...options }))
  cleanups.push(() => server.close())
  return server
}

/** Opens a stream over real HTTP; the reader is cancelled after the test. */
async function open(server: TestHttpServer, sessionId: string): Promise<SseReader & { response: Response }> {
  const response = await fetch(`${server.url}/events`, { headers: { 'x-session-id': sessionId } })
  expect(response.status).toBe(200)
  const reader = readSse(response.body as ReadableStream<Uint8Array>)
  cleanups.push(() => reader.cancel())
  return Object.assign(reader, { response })
}

const status = (wanted: ElicitationRequestData['status']) => (data: ElicitationRequestData) => data.status === wanted

describe('createElicitationEventsHandler', () => {
  it('streams the session’s pending elicitations first, then every change, with content redacted', async () => {
    broker = createElicitationBroker()
    const b = broker
    void b.request({ ...FORM, message: 'first' }, { sessionId: 's1' })
    void b.request({ ...FORM, message: 'second' }, { sessionId: 's1' })
    await until(async () => (await b.listPending('s1')).length === 2)
    const server = await serve(b)
    const page = await open(server, 's1')
    expect(page.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(page.response.headers.get('cache-control')).toBe('no-store')
    await page.until((r) => r.events.length === 2)
    expect((page.events as ElicitationRequestData[]).map((data) => [data.message, data.status])).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
    ])
    expect(page.retry).toBe(2000)

    const third = b.request({ ...FORM, message: 'third' }, { sessionId: 's1' })
    const raised = await page.next<ElicitationRequestData>((data) => data.message === 'third')
    expect(await b.respond({ id: raised.elicitationId, action: 'accept', content: { name: 'Ada', password: 'hunter2' } }, 's1')).toEqual({ ok: true })
    await third
    const accepted = await page.next<ElicitationRequestData>(status('accepted'))
    expect(accepted).toMatchObject({ elicitationId: raised.elicitationId, response: { action: 'accept', content: { name: 'Ada', password: REDACTED } } })
    expect(JSON.stringify(page.events)).not.toContain('hunter2')
  })

  it('tells one session nothing about another’s elicitations', async () => {
    broker = createElicitationBroker()
    const server = await serve(broker)
    const mine = await open(server, 's1')
    const theirs = await open(server, 's2')
    void broker.request(FORM, { sessionId: 's2' })
    await theirs.next(status('pending'))
    void broker.request({ ...FORM, message: 'mine' }, { sessionId: 's1' })
    await mine.next<ElicitationRequestData>((data) => data.message === 'mine')
    expect(mine.events).toHaveLength(1)
  })

  it('sends a keep-alive comment while nothing happens', async () => {
    broker = createElicitationBroker()
    const page = await open(await serve(broker, { keepAliveMs: 30 }), 's1')
    await page.until((r) => r.comments.includes('keep-alive'))
    expect(page.events).toEqual([])
  })

  it('refuses without a session (403) and any method but GET (405), in the kit’s error shape', async () => {
    broker = createElicitationBroker()
    const handler = createElicitationEventsHandler(broker, { getSessionId })
    const anonymous = await handler(get())
    expect(anonymous.status).toBe(403)
    expect(await anonymous.json()).toEqual({ error: 'No session', code: 'forbidden' })
    const post = await handler(get('s1', { method: 'POST' }))
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET')
  })

  it('bounds the open streams of a session and in all (429 too_many_streams with Retry-After), and frees a slot when a client leaves', async () => {
    broker = createElicitationBroker()
    const server = await serve(broker, { maxStreamsPerSession: 2, maxStreams: 3 })
    const first = await open(server, 's1')
    await open(server, 's1')
    const third = await fetch(`${server.url}/events`, { headers: { 'x-session-id': 's1' } })
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('2')
    expect(await third.json()).toMatchObject({ code: 'too_many_streams', error: expect.stringContaining('2 open event streams') })
    await open(server, 's2')
    const overall = await fetch(`${server.url}/events`, { headers: { 'x-session-id': 's3' } })
    expect(overall.status).toBe(429)
    await overall.body?.cancel()
    // The client goes away: the server notices the closed connection and frees the slot.
    await first.cancel()
    await eventuallyOk(async () => {
      const again = await fetch(`${server.url}/events`, { headers: { 'x-session-id': 's1' } })
      if (again.status === 200) {
        const reader = readSse(again.body as ReadableStream<Uint8Array>)
        cleanups.push(() => reader.cancel())
      } else await again.body?.cancel()
      return again.status === 200
    })
  })

  it('drops a client that stops reading once maxBufferedBytes wait for it, and frees its slot', async () => {
    broker = createElicitationBroker({ maxPendingPerSession: 100 })
    const handler = createElicitationEventsHandler(broker, { getSessionId, maxBufferedBytes: 2000, maxStreamsPerSession: 1 })
    const stalled = await handler(get('s1'))
    expect(stalled.status).toBe(200)
    // Nobody reads `stalled.body` while forty parts of ~300 bytes are emitted.
    for (let i = 0; i < 40; i++) void broker.request({ ...FORM, message: `m${i}`.padEnd(200, '.') }, { sessionId: 's1' })
    await until(async () => (await broker?.listPending('s1'))?.length === 40)
    const reader = readSse(stalled.body as ReadableStream<Uint8Array>)
    await reader.ended
    expect(reader.events.length).toBeGreaterThan(0)
    expect(reader.events.length).toBeLessThan(40)
    const next = await handler(get('s1'))
    expect(next.status).toBe(200)
    await next.body?.cancel()
  })

  it('answers 503 when the store cannot subscribe or list, and keeps no slot for it', async () => {
    const errors: unknown[] = []
    const failing: Pick<ElicitationBroker, 'listPending' | 'subscribeSession'> = {
      listPending: async () => {
        throw new McpHitlError('Redis is not connected', { code: 'store_unavailable' })
      },
      subscribeSession: () => Object.assign(() => {}, { ready: Promise.resolve() }),
    }
    const handler = createElicitationEventsHandler(failing, { getSessionId, maxStreamsPerSession: 1, onError: (e) => errors.push(e) })
    for (let i = 0; i < 2; i++) {
      const response = await handler(get('s1'))
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ error: 'The elicitation store is unavailable', code: 'unavailable' })
    }
    expect(errors).toHaveLength(2)
  })

  it('ends the stream when the store says parts may have been missed, so the client reconnects and re-reads', async () => {
    let gap: (() => void) | undefined
    let unsubscribed = 0
    const fake: Pick<ElicitationBroker, 'listPending' | 'subscribeSession'> = {
      listPending: async () => [],
      subscribeSession: (_session, _listener, options) => {
        gap = options?.onGap
        return Object.assign(() => void unsubscribed++, { ready: Promise.resolve() })
      },
    }
    const handler = createElicitationEventsHandler(fake, { getSessionId })
    const response = await handler(get('s1'))
    const reader = readSse(response.body as ReadableStream<Uint8Array>)
    await reader.until((r) => r.retry !== undefined)
    gap?.()
    await reader.ended
    expect(unsubscribed).toBe(1)
  })

  it('names itself and the fix when misconfigured', () => {
    broker = createElicitationBroker()
    const b = broker
    const misuse = (fn: () => unknown) => {
      try {
        fn()
      } catch (error) {
        return McpHitlError.isInstance(error) ? { code: error.code, message: error.message } : error
      }
      return undefined
    }
    expect(misuse(() => createElicitationEventsHandler(b, {} as ElicitationEventsHandlerOptions))).toMatchObject({
      code: 'misuse',
      message: expect.stringContaining('createElicitationEventsHandler needs a getSessionId'),
    })
    expect(misuse(() => createElicitationEventsHandler(b, { getSessionId, keepAliveMs: 0 }))).toMatchObject({
      code: 'misuse',
      message: expect.stringContaining('keepAliveMs must be a positive number'),
    })
  })
})

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function eventuallyOk(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  await until(check, ms)
}
