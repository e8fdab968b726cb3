/**
 * List route benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source packages/core/bench/list-pending.bench.ts
 *
 * What a page that reloads pays to get its session's pending elicitations back (`GET` through
 * `createListHandler`, which calls `broker.listPending`), when the store holds 100 pending
 * elicitations and when it holds 50,000, spread over sessions of 5 in both cases; in the memory
 * store and in the Redis store (its own redis-server on loopback). The two sizes run interleaved;
 * the goal is the 50,000 figure within 1.5x of the 100 one, per store. Written against the public
 * broker and store API only. Writes its section of BENCHMARKS.md between `<!-- bench:list-pending -->` markers.
 */
import { cpus, loadavg } from 'node:os'
import type { ElicitRequestFormParams } from '@mcp-hitl/core'
import {
  createElicitationBroker,
  createListHandler,
  type ElicitationBroker,
  type ElicitationStore,
} from '@mcp-hitl/core/server'
import { createRedisElicitationStore } from '@mcp-hitl/core/server/redis'
import { createClient } from 'redis'
import { interleave, median, ratioGoal } from '../../../scripts/bench-goal'
import { recordGoal, recordRaisedLimits, writeBenchSection } from '../../../scripts/bench-section'
import type { ListElicitationsBody } from '../src/elicitation/wire'
import { createMemoryElicitationStore } from '../src/server/elicitation/stores/memory-store'
import { startRedisServer } from '../test/redis/redis-server'

const SMALL = 100
const LARGE = 50_000
const PER_SESSION = 5
// The sessions listed: present, with the same records, at both sizes.
const LISTED_SESSIONS = 20
const LISTS_PER_RUN = 200
const RUNS = 15
// 50,000 pending is over the default `maxPendingTotal` (10,000).
const LIMITS = { maxPendingTotal: LARGE }
const PARK_BATCH = 1_000

const FORM: ElicitRequestFormParams = {
  message: 'Confirm the booking',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 1 },
      seats: { type: 'integer', minimum: 1, maximum: 10 },
    },
    required: ['name'],
  },
}

/** Parks `count` pending elicitations, `PER_SESSION` per session, in batches so Redis keeps up. */
async function park(broker: ElicitationBroker, count: number, counts: () => { requested: number; refused: number }): Promise<void> {
  for (let start = 0; start < count; start += PARK_BATCH) {
    const end = Math.min(count, start + PARK_BATCH)
    for (let i = start; i < end; i++) void broker.request(FORM, { sessionId: `list-${Math.floor(i / PER_SESSION)}` })
    const deadline = Date.now() + 120_000
    while (counts().requested < end) {
      const { requested, refused } = counts()
      if (refused > 0) throw new Error(`the broker refused ${refused} bench elicitations: are the limits raised enough?`)
      if (Date.now() > deadline) throw new Error(`parked only ${requested} of ${count} pending elicitations`)
      await new Promise((r) => setTimeout(r, 2))
    }
  }
}

/** A broker holding `count` pending elicitations, and its list route. */
async function listRoute(store: ElicitationStore, count: number) {
  const counts = { requested: 0, refused: 0 }
  const broker = createElicitationBroker({
    store,
    ...LIMITS,
    onEvent: (e) => {
      if (e.type === 'requested') counts.requested++
      if (e.type === 'refused') counts.refused++
    },
  })
  await park(broker, count, () => counts)
  const handler = createListHandler(broker, { getSessionId: (r) => r.headers.get('x-session-id') })
  let session = 0
  /** Mean ms per GET over one run of sequential lists, cycling through the listed sessions. */
  const run = async (): Promise<number> => {
    const start = performance.now()
    for (let i = 0; i < LISTS_PER_RUN; i++) {
      const sessionId = `list-${session++ % LISTED_SESSIONS}`
      const response = await handler(new Request('http://local/elicitations', { headers: { 'x-session-id': sessionId } }))
      const body = (await response.json()) as ListElicitationsBody
      if (response.status !== 200 || body.elicitations.length !== PER_SESSION) {
        throw new Error(`${sessionId}: expected ${PER_SESSION} pending, got ${response.status} ${JSON.stringify(body).slice(0, 200)}`)
      }
    }
    return (performance.now() - start) / LISTS_PER_RUN
  }
  return { broker, run }
}

interface StoreResult {
  name: string
  small: number[]
  large: number[]
  goal: string
}

async function compare(name: string, createStore: (label: string) => Promise<ElicitationStore>): Promise<StoreResult> {
  const small = await listRoute(await createStore('small'), SMALL)
  const large = await listRoute(await createStore('large'), LARGE)
  const samples = await interleave({ small: small.run, large: large.run }, { runs: RUNS, warmup: 2 })
  await Promise.all([small.broker.close(), large.broker.close()])
  const goal = recordGoal(
    `list route, ${name}: ${LARGE.toLocaleString('en-US')} vs ${SMALL} pending`,
    ratioGoal({ subject: samples.large, baseline: samples.small, max: 1.5 }),
  )
  return { name, ...samples, goal }
}

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const limits = recordRaisedLimits([
    { option: 'maxPendingTotal', value: LARGE, defaultValue: 10_000, why: `to hold ${LARGE.toLocaleString('en-US')} pending at once` },
  ])
  const results: StoreResult[] = []
  results.push(await compare('memory store', async () => createMemoryElicitationStore()))

  const server = await startRedisServer()
  const redisStores: ElicitationStore[] = []
  try {
    results.push(
      await compare('Redis store', async (label) => {
        const store = await createRedisElicitationStore({
          createClient: () => createClient({ url: server.url }),
          keyPrefix: `bench-list-${label}:`,
        })
        redisStores.push(store)
        return store
      }),
    )
  } finally {
    await Promise.all(redisStores.map((store) => store.close()))
    await server.stop()
  }

  const ms = (n: number) => `${n.toFixed(3)} ms`
  writeBenchSection('list-pending', [
    '## List route (`createListHandler`)',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${load.toFixed(1)} at start, ${new Date().toISOString().slice(0, 10)}. ` +
      'Run: `pnpm exec tsx --conditions=@mcp-hitl/source packages/core/bench/list-pending.bench.ts`.',
    '',
    `A page that reloads asks the list route for its session's pending elicitations (here ${PER_SESSION}). ` +
      `The store holds ${SMALL} or ${LARGE.toLocaleString('en-US')} pending elicitations, ${PER_SESSION} per session; ` +
      `mean time per \`GET\` (handler, \`listPending\`, JSON body read back) over ${LISTS_PER_RUN} sequential lists per run, ` +
      `${RUNS} interleaved runs per size after 2 warm-up runs; the times are medians of the runs, the goal the median of the per-run ratios. Redis: redis-server on loopback.`,
    '',
    limits,
    '',
    `| store | ${SMALL} pending | ${LARGE.toLocaleString('en-US')} pending | goal: ${LARGE.toLocaleString('en-US')} within 1.5x of ${SMALL} |`,
    '|---|---:|---:|---|',
    ...results.map((r) => `| ${r.name} | ${ms(median(r.small))} | ${ms(median(r.large))} | ${r.goal} |`),
  ])
}

await main()
