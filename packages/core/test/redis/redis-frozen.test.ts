// @module-tag security
/**
 * A Redis that stops answering without closing its sockets (SIGSTOP: a hung host, a stalled VM) must
 * not hang the chat backend: every store command has a deadline, after which the connection is
 * dropped and a new one opened; idle connections are probed; expiry finishes waiters on time
 * whatever the store does; and everything works again once Redis answers (SIGCONT).
 */
import { createClient } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import type { ElicitResult } from '../../src/elicitation/protocol'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import { createListHandler } from '../../src/server/elicitation/list-handler'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { createPartRecorder } from '../../src/server/testing/part-recorder'
import { startRedisServer } from './redis-server'

const FORM = { message: 'Name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }
// The freeze lasts until the test has seen what it waits for, or this long: each outcome below is
// expected within a few seconds (deadline 1 s, probe 0.5 s, window 2 s, TTL 3 s), an order of
// magnitude apart from a backend that hangs for as long as Redis does.
const FREEZE_MS = 25_000

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Resolves with `promise`, or rejects if it has not settled while Redis stays frozen. */
function whileFrozen<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${FREEZE_MS} ms of a frozen Redis`)), FREEZE_MS)
    }),
  ])
}

const post = (body: unknown) =>
  new Request('http://local/respond', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 's1' },
    body: JSON.stringify(body),
  })
const get = () => new Request('http://local/pending', { headers: { 'x-session-id': 's1' } })

describe('a frozen Redis (SIGSTOP without closing sockets)', () => {
  it('respond and list fail fast with 503, waiters expire on time or are cancelled, and all recovers after SIGCONT', async () => {
    const server = await startRedisServer()
    cleanups.push(() => server.stop())
    const errors: unknown[] = []
    const store = await createRedisElicitationStore({
      createClient: () => createClient({ url: server.url, socket: { reconnectStrategy: () => 100 } }),
      keyPrefix: 'frozen:',
      commandTimeoutMs: 1000,
      pingIntervalMs: 500,
      reconnectWindowMs: 2000,
      onError: (error) => errors.push(error),
    })
    cleanups.push(() => store.close())
    const broker = createElicitationBroker({ store })
    cleanups.push(() => broker.close())
    // Should an assertion fail mid-freeze, the cleanups above must not meet a frozen Redis.
    cleanups.push(async () => server.thaw())
    const getSessionId = (request: Request) => request.headers.get('x-session-id')
    const respond = createRespondHandler(broker, { getSessionId })
    const list = createListHandler(broker, { getSessionId })

    const rec = createPartRecorder()
    const short = [1, 2, 3].map(() => broker.request(FORM, { sessionId: 's1', emit: rec.emit, ttlMs: 3000 }))
    const long = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    await rec.next(() => rec.parts.filter((p) => p.data.status === 'pending').length === 4)
    const target = rec.parts[0]?.id as string
    const longId = rec.parts[3]?.id as string

    server.freeze()
    const [answered, listed] = await whileFrozen(
      'respond and list',
      Promise.all([respond(post({ id: target, action: 'accept', content: { name: 'Ada' } })), list(get())]),
    )
    expect(answered.status).toBe(503)
    expect(listed.status).toBe(503)

    const shortResults = await whileFrozen('the 3 s waiters', Promise.all(short))
    expect(shortResults).toEqual([{ action: 'cancel' }, { action: 'cancel' }, { action: 'cancel' }])
    expect(rec.parts.filter((p) => p.data.status === 'expired')).toHaveLength(3)
    // The 10-minute waiter cannot be answered while Redis is gone: it is cancelled, with the reason.
    expect(await whileFrozen('the long waiter', long)).toEqual({ action: 'cancel' })
    expect(rec.parts.find((p) => p.data.status === 'cancelled')?.data.reason).toMatch(/Redis connection lost/)
    // Still frozen, a second respond fails at once.
    expect((await whileFrozen('a later respond', respond(post({ id: target, action: 'decline' })))).status).toBe(503)
    expect(errors.some((error) => /did not answer/.test(String((error as Error).message)))).toBe(true)

    server.thaw()
    let result: ElicitResult | undefined
    for (let attempt = 0; result === undefined && attempt < 100; attempt++) {
      const again = createPartRecorder()
      const pending = broker.request(FORM, { sessionId: 's1', emit: again.emit })
      const first = await again.next(() => again.parts.length > 0)
      if (first.data.status !== 'pending') {
        // Declined while the store reconnects: try again shortly.
        await pending
        await new Promise((resolve) => setTimeout(resolve, 200))
        continue
      }
      // The cancelled long waiter's record is still pending in Redis, but nobody waits for it: it
      // leaves the list, and an answer to it is refused rather than accepted and lost.
      const listedIds = async () =>
        ((await (await list(get())).json()) as { elicitations: { elicitationId: string }[] }).elicitations.map((e) => e.elicitationId)
      for (let poll = 0; poll < 200 && (await listedIds()).join() !== first.id; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await listedIds()).toEqual([first.id])
      expect((await respond(post({ id: longId, action: 'decline' }))).status).toBe(410)
      expect((await respond(post({ id: first.id, action: 'accept', content: { name: 'back' } }))).status).toBe(200)
      result = await pending
    }
    expect(result).toEqual({ action: 'accept', content: { name: 'back' } })
  }, 120_000)
})
