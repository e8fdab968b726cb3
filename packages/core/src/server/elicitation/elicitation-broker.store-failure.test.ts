/**
 * When the store fails (a Redis outage, say), no request hangs and none is dropped silently: each
 * is answered and shown with a reason, and the logging hook hears about the failure.
 */
import { describe, expect, it } from 'vitest'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBrokerEvent } from './elicitation-broker-types'
import type { ElicitationStore } from './stores/elicitation-store'
import { createMemoryElicitationStore } from './stores/memory-store'
import { createPartRecorder } from '../testing/part-recorder'

const FORM = { message: 'Name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }

/** A memory store whose chosen operations throw. */
function failing(...operations: (keyof ElicitationStore)[]): ElicitationStore {
  const store = createMemoryElicitationStore()
  const broken = { ...store }
  for (const operation of operations) {
    ;(broken as Record<string, unknown>)[operation] = async () => {
      throw new Error(`${operation} failed`)
    }
  }
  return broken
}

describe('broker over a failing store', () => {
  it('declines with a reason when the record cannot be created', async () => {
    const events: ElicitationBrokerEvent[] = []
    const broker = createElicitationBroker({ store: failing('create'), onEvent: (e) => events.push(e) })
    const rec = createPartRecorder()
    await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect(rec.parts[0]?.data).toMatchObject({ status: 'failed', reason: 'The elicitation store is unavailable' })
    expect(events.map((e) => e.type)).toEqual(['store_error', 'refused'])
    await broker.close()
  })

  it('fails the elicitation, never showing it, when the subscription cannot be made', async () => {
    const broker = createElicitationBroker({ store: failing('subscribe') })
    const rec = createPartRecorder()
    await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect(rec.parts.map((p) => p.data.status)).toEqual(['failed'])
    await broker.close()
  })

  it('still expires and closes locally when settling through the store fails', async () => {
    const events: ElicitationBrokerEvent[] = []
    const broker = createElicitationBroker({ store: failing('settle'), ttlMs: 20, onEvent: (e) => events.push(e) })
    const rec = createPartRecorder()
    await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'cancel' })
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'expired'])
    expect(events.some((e) => e.type === 'store_error' && e.operation === 'expire')).toBe(true)

    const waiting = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    await rec.next((p) => p.data.status === 'pending' && rec.parts.filter((q) => q.data.status === 'pending').length === 2)
    await broker.close()
    await expect(waiting).resolves.toEqual({ action: 'cancel' })
  })

  it('given the broker that asked went away without settling, an answer through another broker is refused as gone and the elicitation leaves the list', async () => {
    const shared = createMemoryElicitationStore()
    // Broker A's settles never reach the store (as when its store calls fail at shutdown).
    const asker = createElicitationBroker({ store: { ...shared, settle: async () => Promise.reject(new Error('settle failed')) } })
    const answerer = createElicitationBroker({ store: shared })
    const rec = createPartRecorder()
    const result = asker.request(FORM, { sessionId: 's1', emit: rec.emit })
    const { id } = await rec.next((p) => p.data.status === 'pending')
    expect((await answerer.listPending('s1')).map((d) => d.elicitationId)).toEqual([id])
    await asker.close()
    await expect(result).resolves.toEqual({ action: 'cancel' })

    expect(await answerer.listPending('s1')).toEqual([])
    const outcome = await answerer.respond({ id, action: 'accept', content: { name: 'Ada' } }, 's1')
    expect(outcome).toEqual({
      ok: false,
      code: 'expired',
      message: 'Nobody is waiting for this answer any more (the process that asked has stopped); it was not delivered',
    })
    await answerer.close()
    await shared.close()
  })
})
