// @module-tag security
/**
 * The per-session live channel of the broker (`subscribeSession`): every part it emits also reaches
 * the session's subscribers, with or without a chat stream. Run on Redis too
 * (test/redis/elicitation-broker-live-channel-redis.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import type { ElicitRequestFormParams, ElicitRequestURLParams } from '../../elicitation/protocol'
import { REDACTED } from '../../elicitation/redact'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { toElicitationDataPart } from './elicitation-data'
import type { ElicitationStore } from './stores/elicitation-store'
import { createMemoryElicitationStore } from './stores/memory-store'
import { createPartRecorder, type PartRecorder } from '../testing/part-recorder'

const FORM: ElicitRequestFormParams = {
  message: 'Sign in',
  requestedSchema: {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, password: { type: 'string', title: 'Password' } },
    required: ['name'],
  },
}

const URL_PARAMS: ElicitRequestURLParams = { mode: 'url', message: 'Connect', elicitationId: 'srv-9', url: 'https://auth.example.com/x' }

let broker: ElicitationBroker | undefined
afterEach(async () => {
  await broker?.close()
  broker = undefined
})

/** Subscribes a recorder to `sessionId` and waits until the subscription is live. */
async function listen(b: ElicitationBroker, sessionId: string): Promise<PartRecorder & { stop: () => void }> {
  const rec = createPartRecorder()
  const subscription = b.subscribeSession(sessionId, (data) => rec.emit(toElicitationDataPart(data)))
  await subscription.ready
  return Object.assign(rec, { stop: subscription })
}

describe('broker.subscribeSession', () => {
  it('given a subscriber, a request raised without any chat stream reaches it pending, then accepted with its content redacted', async () => {
    broker = createElicitationBroker()
    const page = await listen(broker, 's1')
    const other = await listen(broker, 's2')
    const result = broker.request(FORM, { sessionId: 's1', serverName: 'Acme' })
    const pending = await page.next((p) => p.data.status === 'pending')
    expect(pending.data).toMatchObject({ message: 'Sign in', serverName: 'Acme', mode: 'form' })
    expect(await broker.respond({ id: pending.id, action: 'accept', content: { name: 'Ada', password: 'hunter2' } }, 's1')).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada', password: 'hunter2' } })
    const accepted = await page.next((p) => p.data.status === 'accepted')
    expect(accepted.data.response).toEqual({ action: 'accept', content: { name: 'Ada', password: REDACTED } })
    expect(JSON.stringify(page.parts)).not.toContain('hunter2')
    // Another session's pages learn nothing of it.
    expect(other.parts).toEqual([])
  })

  it('delivers the same parts the chat stream gets, in the same order', async () => {
    broker = createElicitationBroker()
    const page = await listen(broker, 's1')
    const chat = createPartRecorder()
    const result = broker.request(FORM, { sessionId: 's1', emit: chat.emit })
    const { id } = await chat.next((p) => p.data.status === 'pending')
    await broker.respond({ id, action: 'decline' }, 's1')
    await result
    await page.next((p) => p.data.status === 'declined')
    expect(page.parts).toEqual(chat.parts)
  })

  it('shows refused requests (a schema it cannot use) as failed, with the reason', async () => {
    broker = createElicitationBroker()
    const page = await listen(broker, 's1')
    const bad = { message: 'x', requestedSchema: { type: 'array' } } as unknown as ElicitRequestFormParams
    await expect(broker.request(bad, { sessionId: 's1' })).resolves.toEqual({ action: 'decline' })
    const failed = await page.next((p) => p.data.status === 'failed')
    expect(failed.data.reason).toEqual(expect.any(String))
  })

  it('carries URL mode through accepted to completed', async () => {
    broker = createElicitationBroker()
    const page = await listen(broker, 's1')
    const result = broker.request(URL_PARAMS, { sessionId: 's1' })
    const { id } = await page.next((p) => p.data.status === 'pending')
    await broker.respond({ id, action: 'accept' }, 's1')
    await expect(result).resolves.toEqual({ action: 'accept' })
    expect(await broker.complete('srv-9')).toBe(true)
    await page.next((p) => p.data.status === 'completed')
    expect(page.parts.map((p) => p.data.status)).toEqual(['pending', 'accepted', 'completed'])
  })

  it('stops delivering once unsubscribed (twice is harmless), and a throwing listener keeps the part from no one', async () => {
    broker = createElicitationBroker()
    const throwing = broker.subscribeSession('s1', () => {
      throw new Error('listener bug')
    })
    await throwing.ready
    const kept = await listen(broker, 's1')
    const dropped = await listen(broker, 's1')
    dropped.stop()
    dropped.stop()
    const chat = createPartRecorder()
    void broker.request(FORM, { sessionId: 's1', emit: chat.emit })
    await kept.next((p) => p.data.status === 'pending')
    // Published on the same turn as the chat part: had it been delivered, it would be there by now.
    await chat.next((p) => p.data.status === 'pending')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dropped.parts).toEqual([])
    throwing()
  })

  it('on close, tells subscribers their requests were cancelled, then stops; a later subscribe is refused', async () => {
    broker = createElicitationBroker()
    const page = await listen(broker, 's1')
    const result = broker.request(FORM, { sessionId: 's1' })
    await page.next((p) => p.data.status === 'pending')
    await broker.close()
    await expect(result).resolves.toEqual({ action: 'cancel' })
    expect((await page.next((p) => p.data.status === 'cancelled')).data.reason).toMatch(/closed/)
    const late = broker.subscribeSession('s1', () => {})
    await expect(late.ready).rejects.toMatchObject({ code: 'misuse', message: expect.stringContaining('closed broker') })
  })

  it('names itself and the fix when called without a session or a listener', () => {
    broker = createElicitationBroker()
    const b = broker
    for (const call of [() => b.subscribeSession('', () => {}), () => b.subscribeSession('s1', undefined as never)]) {
      let error: unknown
      try {
        call()
      } catch (caught) {
        error = caught
      }
      expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
      expect((error as Error).message).toContain('broker.subscribeSession')
    }
  })

  it('given a custom store without a live channel of its own, still delivers within the process', async () => {
    const inner = createMemoryElicitationStore()
    const { publishSession: _p, subscribeSession: _s, ...rest } = inner
    const store: ElicitationStore = { ...rest, create: inner.create, get: inner.get, close: inner.close }
    expect(store.subscribeSession).toBeUndefined()
    broker = createElicitationBroker({ store })
    const page = await listen(broker, 's1')
    const result = broker.request(FORM, { sessionId: 's1' })
    const { id } = await page.next((p) => p.data.status === 'pending')
    await broker.respond({ id, action: 'cancel' }, 's1')
    await result
    await page.next((p) => p.data.status === 'cancelled')
    await inner.close()
  })
})
