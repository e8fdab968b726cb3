/**
 * List route benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/list-pending.bench.ts
 *
 * What a session's list costs as the store fills with other sessions' elicitations: the list
 * handler (GET, session, broker.listPending) for a session holding 5 pending elicitations, with 100
 * and with 50,000 pending in all, on the memory store and on Redis (its own redis-server on
 * loopback). Rounds are interleaved over the four setups and the median round is reported.
 * Writes its section of BENCHMARKS.md between `<!-- bench:list-pending -->` markers.
 */
import { cpus, loadavg } from 'node:os'
import { createClient } from 'redis'
import { writeBenchSection } from '../../../scripts/bench-section'
import { createElicitationBroker } from '../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../src/server/elicitation/elicitation-broker-types'
import { createListHandler } from '../src/server/elicitation/list-handler'
import type { ElicitationStore, StoredElicitation } from '../src/server/elicitation/stores/elicitation-store'
import { createMemoryElicitationStore } from '../src/server/elicitation/stores/memory-store'
import { createRedisElicitationStore } from '../src/server/elicitation/stores/redis-store'
import { startRedisServer } from '../test/redis/redis-server'

const SIZES = [100, 50_000] as const
const OWN = 5
const ROUNDS = 7
const PER_ROUND = 300
const FILL_LIMITS = { maxPendingPerSession: 100_000, maxPendingTotal: 100_000, maxPendingBytes: 1024 ** 3 }
const FORM = {
  message: 'Confirm the booking',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Name' } } },
}

interface Setup {
  name: string
  size: number
  handler: (request: Request) => Promise<Response>
  broker: ElicitationBroker
  close: () => Promise<void>
}

/** Other sessions' records, written straight into the store (1,000 sessions). */
async function fill(store: ElicitationStore, count: number): Promise<void> {
  const now = Date.now()
  const batch: Promise<unknown>[] = []
  for (let i = 0; i < count; i++) {
    const record: StoredElicitation = {
      id: `fill-${i}-${Math.random().toString(36).slice(2)}`,
      sessionId: `other-${i % 1000}`,
      mode: 'form',
      ...FORM,
      createdAt: now,
      expiresAt: now + 3_600_000,
      status: 'pending',
    }
    batch.push(store.create(record, FILL_LIMITS))
    if (batch.length >= 500) await Promise.all(batch.splice(0))
  }
  await Promise.all(batch)
}

async function setUp(name: string, size: number, store: ElicitationStore, close: () => Promise<void>): Promise<Setup> {
  await fill(store, size - OWN)
  const broker = createElicitationBroker({ store, maxPendingTotal: 100_000, maxPendingBytes: 1024 ** 3 })
  let shown = 0
  for (let i = 0; i < OWN; i++) {
    void broker.request(FORM, {
      sessionId: 'me',
      emit: () => {
        shown++
      },
    })
  }
  while (shown < OWN) await new Promise((resolve) => setTimeout(resolve, 5))
  const handler = createListHandler(broker, { getSessionId: (request) => request.headers.get('x-session-id') })
  return { name, size, handler, broker, close }
}

async function round(setup: Setup): Promise<number> {
  const request = () => new Request('http://local/pending', { headers: { 'x-session-id': 'me' } })
  const start = performance.now()
  for (let i = 0; i < PER_ROUND; i++) {
    const response = await setup.handler(request())
    const body = (await response.json()) as { elicitations: unknown[] }
    if (body.elicitations.length !== OWN) throw new Error(`${setup.name}: listed ${body.elicitations.length}`)
  }
  return ((performance.now() - start) / PER_ROUND) * 1000
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const redis = await startRedisServer()
  const setups: Setup[] = []
  let prefix = 0
  for (const size of SIZES) {
    const memory = createMemoryElicitationStore({ maxRecords: 200_000 })
    setups.push(await setUp('memory', size, memory, () => memory.close()))
    const onRedis = await createRedisElicitationStore({ createClient: () => createClient({ url: redis.url }), keyPrefix: `list-${++prefix}:` })
    setups.push(await setUp('Redis', size, onRedis, () => onRedis.close()))
  }
  const samples = new Map<Setup, number[]>(setups.map((setup) => [setup, []]))
  for (const setup of setups) await round(setup)
  for (let r = 0; r < ROUNDS; r++) for (const setup of setups) samples.get(setup)?.push(await round(setup))
  for (const setup of setups) {
    await setup.broker.close()
    await setup.close()
  }
  await redis.stop()

  const cost = (name: string, size: number) => median(samples.get(setups.find((s) => s.name === name && s.size === size) as Setup) ?? [])
  const rows = ['memory', 'Redis'].map((name) => {
    const small = cost(name, SIZES[0])
    const large = cost(name, SIZES[1])
    const ratio = large / small
    return { name, small, large, ratio }
  })
  const fmt = (n: number, digits = 1) => n.toFixed(digits)
  writeBenchSection('list-pending', [
    '## List route',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${fmt(load)} at start, ${new Date().toISOString().slice(0, 10)}. ` +
      'Run: `pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/list-pending.bench.ts`.',
    '',
    `The list handler for a session holding ${OWN} pending elicitations, with ${SIZES[0].toLocaleString('en')} and ${SIZES[1].toLocaleString('en')} pending in all ` +
      `(1,000 other sessions); median of ${ROUNDS} interleaved rounds of ${PER_ROUND} sequential GETs, in-process. Both stores index pending elicitations by session.`,
    '',
    `| store | µs per list at ${SIZES[0].toLocaleString('en')} | µs per list at ${SIZES[1].toLocaleString('en')} | ratio |`,
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${fmt(row.small)} | ${fmt(row.large)} | ${fmt(row.ratio, 2)}x |`),
    '',
    `Goal: a session's list costs what the session holds, at most 1.5x from ${SIZES[0].toLocaleString('en')} to ${SIZES[1].toLocaleString('en')} pending: ` +
      rows.map((row) => `${row.name} ${row.ratio <= 1.5 ? 'met' : 'NOT met'}`).join(', ') +
      '.',
  ])
}

await main()
