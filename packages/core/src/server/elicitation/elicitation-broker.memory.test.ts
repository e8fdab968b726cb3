// @module-tag security
/**
 * Bytes held by the broker are bounded: per elicitation (message, schema, URL; an answer's content),
 * in total across pending elicitations, and once settled an elicitation keeps only what refusing a
 * second answer needs.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { runHeapProbe } from '../../../test/server/run-heap-probe'
import { createPartRecorder } from '../testing/part-recorder'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker } from './elicitation-broker-types'
import { createMemoryElicitationStore } from './stores/memory-store'

const here = path.dirname(fileURLToPath(import.meta.url))
const PROBE = path.resolve(here, '../../../test/server/held-bytes-probe.ts')
const MiB = 1024 * 1024

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const } } }

let broker: ElicitationBroker | undefined
afterEach(async () => {
  await broker?.close()
  broker = undefined
})

/** Runs the probe in a fresh `node --expose-gc` and returns the bytes it reports held. */
const heldBytes = async (env: Record<string, string>): Promise<number> => Number(await runHeapProbe(PROBE, env, /HELD (-?\d+)/))

describe('bytes held by the broker', () => {
  it('after 1,500 answered elicitations with 256 KB messages, holds well under 32 MB while they are retained', async () => {
    // 1,500 x 256 KB is 375 MB of messages; what stays is a small record per elicitation.
    const held = await heldBytes({ COUNT: '1500', MESSAGE_BYTES: String(256 * 1024) })
    expect(held).toBeLessThan(32 * MiB)
  }, 120_000)

  it('declines an elicitation over maxElicitationBytes (default 64 KiB) with a reason that says the size and the limit', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const message = 'x'.repeat(70 * 1024)
    await expect(broker.request({ message, requestedSchema: schema }, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({
      action: 'decline',
    })
    const [part] = rec.parts
    expect(part?.data.status).toBe('failed')
    expect(part?.data.reason).toMatch(/^The elicitation is 71,\d{3} bytes \(message, schema and URL\), over the limit of 65,536 bytes/)
    // The failed part does not echo the oversized message back into the chat stream.
    expect(JSON.stringify(part).length).toBeLessThan(2048)
    expect(await broker.listPending('s1')).toEqual([])
  })

  it('declines once the pending elicitations together would pass maxPendingBytes, and takes new ones once they settle', async () => {
    broker = createElicitationBroker({ maxPendingBytes: 100 * 1024, maxElicitationBytes: 64 * 1024 })
    const rec = createPartRecorder()
    const ask = (letter: string) =>
      broker?.request({ message: letter.repeat(40 * 1024), requestedSchema: schema }, { sessionId: 's1', emit: rec.emit })
    void ask('a')
    void ask('b')
    await rec.next(() => rec.parts.filter((p) => p.data.status === 'pending').length === 2)
    await expect(ask('c')).resolves.toEqual({ action: 'decline' })
    expect(rec.parts.find((p) => p.data.status === 'failed')?.data.reason).toBe(
      'Too many pending elicitation bytes (limit 102,400 bytes)',
    )
    const first = rec.parts[0]?.id as string
    expect(await broker.respond({ id: first, action: 'decline' }, 's1')).toEqual({ ok: true })
    const fourth = ask('d')
    await rec.next(() => rec.parts.filter((p) => p.data.status === 'pending').length === 3)
    void fourth
  })

  it('refuses an answer whose content is over maxContentBytes with payload_too_large, keeping it pending', async () => {
    broker = createElicitationBroker({ maxContentBytes: 1024 })
    const rec = createPartRecorder()
    const result = broker.request({ message: 'Name?', requestedSchema: schema }, { sessionId: 's1', emit: rec.emit })
    const { id } = await rec.next((p) => p.data.status === 'pending')
    expect(await broker.respond({ id, action: 'accept', content: { name: 'y'.repeat(2000) } }, 's1')).toMatchObject({
      ok: false,
      code: 'payload_too_large',
      message: 'The answer is 2,011 bytes, over the limit of 1,024 bytes',
    })
    expect(await broker.respond({ id, action: 'accept', content: { name: 'Ada' } }, 's1')).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('forgets the oldest accepted URL elicitations awaiting completion once they hold more than maxPendingBytes', async () => {
    broker = createElicitationBroker({ maxPendingBytes: 5000 })
    const rec = createPartRecorder()
    const url = (id: string) => ({ mode: 'url' as const, message: id.repeat(3000), elicitationId: id, url: 'https://example.com/' })
    const first = broker.request(url('a'), { sessionId: 's1', emit: rec.emit })
    const firstPart = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: firstPart.id, action: 'accept' }, 's1')
    await expect(first).resolves.toEqual({ action: 'accept' })
    // The first waits for its completion; the second brings the two past 5,000 bytes.
    void broker.request(url('b'), { sessionId: 's1', emit: rec.emit })
    await rec.next((p) => p.data.status === 'pending' && p.id !== firstPart.id)
    expect(await broker.complete('a')).toBe(false)
    expect(await broker.complete('b')).toBe(true)
  })

  it('keeps only id, session, status and times of a settled elicitation', async () => {
    const store = createMemoryElicitationStore()
    broker = createElicitationBroker({ store })
    const rec = createPartRecorder()
    const result = broker.request({ message: 'Your secret plan?', requestedSchema: schema }, { sessionId: 's1', emit: rec.emit })
    const { id } = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id, action: 'accept', content: { name: 'Ada' } }, 's1')
    await result
    const settled = await store.get(id)
    expect(Object.keys(settled ?? {}).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'sessionId', 'settledAt', 'status'])
    expect(await broker.respond({ id, action: 'decline' }, 's1')).toMatchObject({ ok: false, code: 'already_settled' })
    await store.close()
  })
})
