import { createElicitationBroker, type ElicitationStore } from '@mcp-hitl/core/server'
import { createMemoryElicitationStore } from '../src/server/elicitation/stores/memory-store'
import { afterEach, describe, expect, it } from 'vitest'
import { type ParkCounts, parkPending } from '../bench/park-pending'

const FORM = { message: 'Confirm', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }
const brokers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((b) => b.close()))
})

/** A memory store whose create throws as a Redis command past its timeout does, when `fails(call)` says so. */
function flakyStore(fails: (call: number) => boolean): ElicitationStore {
  const store = createMemoryElicitationStore()
  let call = 0
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (key !== 'create') return typeof value === 'function' ? value.bind(target) : value
      return async (...args: Parameters<ElicitationStore['create']>) => {
        if (fails(call++)) throw new Error('Redis command timed out after 5000 ms')
        return target.create(...args)
      }
    },
  })
}

function brokerOn(store: ElicitationStore, maxPendingTotal = 10_000) {
  const counts: ParkCounts = { storeErrors: [], retried: 0 }
  const broker = createElicitationBroker({
    store,
    maxPendingTotal,
    onEvent: (e) => {
      if (e.type === 'store_error' && e.operation === 'create') counts.storeErrors.push(e.error)
    },
  })
  brokers.push(broker)
  return { broker, counts }
}

const options = { form: FORM, count: 60, perSession: 5, batch: 25, retries: 3, sessionPrefix: 's-', pauseMs: 1 }

describe('parking pending elicitations for a benchmark', () => {
  it('asks again when the store failed on a request, counts it, and parks every one', async () => {
    const { broker, counts } = brokerOn(flakyStore((call) => call % 7 === 3))
    await parkPending(broker, options, counts)
    expect(counts.retried).toBeGreaterThan(0)
    expect(counts.retried).toBe(counts.storeErrors.length)
    const listed = await Promise.all(Array.from({ length: 12 }, (_, i) => broker.listPending(`s-${i}`)))
    expect(listed.map((l) => l.length)).toEqual(Array(12).fill(5))
  })

  it('fails with the store\'s own error once it failed retries + 1 times in a row', async () => {
    const { broker, counts } = brokerOn(flakyStore(() => true))
    await expect(parkPending(broker, options, counts)).rejects.toThrow(/the store failed 4 times in a row: Redis command timed out after 5000 ms/)
  })

  it('fails on a refusal by a limit instead of asking again', async () => {
    const { broker, counts } = brokerOn(createMemoryElicitationStore(), 10)
    await expect(parkPending(broker, options, counts)).rejects.toThrow(/refused a bench elicitation .*are the limits raised enough/)
    expect(counts.retried).toBe(0)
  })
})
