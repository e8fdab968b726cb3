// @module-tag security
/**
 * The Redis store behind Redis Sentinel, through node-redis's own Sentinel client: a primary, a
 * replica and a Sentinel (real redis-server processes); kill -9 of the primary mid-elicitation.
 * The Sentinel promotes the replica, both brokers follow it, the waiting request still gets the
 * answer given on the other broker, and new elicitations work.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, createSentinel } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import type { ElicitResult } from '../../src/elicitation/protocol'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../../src/server/elicitation/elicitation-broker-types'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { sentinelStoreClient } from '../../src/server/elicitation/stores/redis-sentinel-client'
import { createPartRecorder } from '../../src/server/testing/part-recorder'
import { serverArgs, startRedisServer } from './redis-server'

const FORM = { message: 'Name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }
const PREFIX = 'sentinel:'

const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Polls `check` every 100 ms until it returns a value, at most `ms`; errors count as "not yet". */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`, { cause: last })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function adminOf(url: string) {
  const admin = createClient({ url })
  admin.on('error', () => {})
  await admin.connect()
  cleanups.push(() => admin.destroy())
  return admin
}

/** Asks through `broker`; resolves once shown, with the id and the request's result. */
async function ask(broker: ElicitationBroker): Promise<{ id: string; result: Promise<ElicitResult> }> {
  const rec = createPartRecorder()
  const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
  const first = await rec.next(() => rec.parts.length > 0)
  expect(first.data.status).toBe('pending')
  return { id: first.id, result }
}

describe('Redis store behind Sentinel', () => {
  it('given kill -9 of the primary, the promoted replica carries the waiting elicitation and its answer, and new ones work', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-sentinel-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    // No delay before the replica's first sync (Redis waits 5 s by default for more replicas), and
    // the synced copy a replica writes to disk goes to the temporary directory.
    const replication = ['--repl-diskless-sync-delay', '0', '--dir', dir]
    const primary = await startRedisServer((port) => [...serverArgs(port), ...replication])
    cleanups.push(() => primary.stop())
    const replica = await startRedisServer((port) => [...serverArgs(port), ...replication, '--replicaof', '127.0.0.1', String(primary.port)])
    cleanups.push(() => replica.stop())
    const replicaAdmin = await adminOf(replica.url)
    await eventually('replica in sync', async () =>
      /master_link_status:up/.test(String(await replicaAdmin.sendCommand(['INFO', 'replication']))) ? true : undefined,
    )
    const sentinel = await startRedisServer((port) => {
      // Sentinel rewrites its own config file, so it gets one of its own.
      const config = path.join(dir, `sentinel-${port}.conf`)
      writeFileSync(
        config,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          'protected-mode no',
          `sentinel monitor primary 127.0.0.1 ${primary.port} 1`,
          'sentinel down-after-milliseconds primary 1000',
          'sentinel failover-timeout primary 5000',
          '',
        ].join('\n'),
      )
      return [config, '--sentinel']
    })
    cleanups.push(() => sentinel.stop())
    const sentinelAdmin = await adminOf(sentinel.url)
    await eventually('Sentinel sees the replica', async () => {
      const replicas = (await sentinelAdmin.sendCommand(['SENTINEL', 'REPLICAS', 'primary'])) as unknown[]
      return replicas.length > 0 ? true : undefined
    })

    const brokers = await Promise.all(
      ['a', 'b'].map(async () => {
        const store = await createRedisElicitationStore({
          createClient: () => sentinelStoreClient(createSentinel({ name: 'primary', sentinelRootNodes: [{ host: '127.0.0.1', port: sentinel.port }] })),
          keyPrefix: PREFIX,
          // A failover takes a few seconds here (1 s to be judged down, then the election).
          reconnectWindowMs: 30_000,
        })
        cleanups.push(() => store.close())
        const broker = createElicitationBroker({ store })
        cleanups.push(() => broker.close())
        return broker
      }),
    )
    const [a, b] = brokers as [ElicitationBroker, ElicitationBroker]

    const waiting = await ask(a)
    expect((await b.listPending('s1')).map((d) => d.elicitationId)).toEqual([waiting.id])
    await eventually('the record reached the replica', async () =>
      Number(await replicaAdmin.sendCommand(['EXISTS', `${PREFIX}el:${waiting.id}`])) === 1 ? true : undefined,
    )

    await primary.kill9()
    const promoted = await eventually('a failover', async () => {
      const [, port] = (await sentinelAdmin.sendCommand(['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'primary'])) as string[]
      return Number(port) === replica.port ? port : undefined
    })
    expect(Number(promoted)).toBe(replica.port)
    const listed = await eventually('the list through the new primary', async () => {
      const list = await b.listPending('s1')
      return list.length > 0 ? list : undefined
    })
    expect(listed.map((d) => d.elicitationId)).toEqual([waiting.id])
    expect(await b.respond({ id: waiting.id, action: 'accept', content: { name: 'after failover' } }, 's1')).toEqual({ ok: true })
    expect(await waiting.result).toEqual({ action: 'accept', content: { name: 'after failover' } })

    const next = await ask(b)
    expect(await a.respond({ id: next.id, action: 'decline' }, 's1')).toEqual({ ok: true })
    expect(await next.result).toEqual({ action: 'decline' })
  }, 120_000)
})
