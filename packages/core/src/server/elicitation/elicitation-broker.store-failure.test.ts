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
})
