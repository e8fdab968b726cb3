/**
 * List route benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source packages/core/bench/list-pending.bench.ts
 *
 * What a page that reloads pays to get its session's pending elicitations back (`GET` through
 * `createListHandler`, which calls `broker.listPending`), when the store holds 100 pending
 * elicitations and when it holds 50,000, spread over sessions of 5 in both cases; in the memory
 * store and in the Redis store (its own redis-server on loopback). The two sizes run interleaved;
 * the goal is the 50,000 figure within 1.5x of the 100 one, per store. Written against the public
 * broker and store API only. Its section (`<!-- bench:list-pending -->`) goes into BENCHMARKS.md through `pnpm bench`.
 */
import { cpus, loadavg } from 'node:os'
import type { ElicitRequestFormParams } from '@mcp-hitl/core'
import {
  createElicitationBroker,
  createListHandler,
  type ElicitationStore,
} from '@mcp-hitl/core/server'
import { createRedisElicitationStore } from '@mcp-hitl/core/server/redis'
import { createClient } from 'redis'
import { interleave, median, ratioGoal, ratioStable } from '../../../scripts/bench-goal'
import { benchRuns, recordGoal, recordRaisedLimits, writeBenchSection } from '../../../scripts/bench-section'
import type { ListElicitationsBody } from '../src/elicitation/wire'
import { createMemoryElicitationStore } from '../src/server/elicitation/stores/memory-store'
import { startRedisServer } from '../test/redis/redis-server'
import { type ParkCounts, parkPending } from './park-pending'

const SMALL = 100
const LARGE = 50_000
const PER_SESSION = 5
// The sessions listed: present, with the same records, at both sizes.
const LISTED_SESSIONS = 20
const LISTS_PER_RUN = 200
const RUNS = benchRuns(15)
const MAX_RUNS = benchRuns(45, 6)
// 50,000 pending within this factor of 100.
const GOAL = 1.5
// 50,000 pending is over the default `maxPendingTotal` (10,000).
const LIMITS = { maxPendingTotal: LARGE }
const PARK_BATCH = 500
// A loaded machine can hold a store command past its timeout; a request that failed so is asked again this many times.
const PARK_RETRIES = 3

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

/** A broker holding `count` pending elicitations, and its list route. */
async function listRoute(store: ElicitationStore, count: number) {
  const counts: ParkCounts = { storeErrors: [], retried: 0 }
  const broker = createElicitationBroker({
    store,
    ...LIMITS,
    onEvent: (e) => {
      if (e.type === 'store_error' && e.operation === 'create') counts.storeErrors.push(e.error)
    },
  })
  try {
    await parkPending(broker, { form: FORM, count, perSession: PER_SESSION, batch: PARK_BATCH, retries: PARK_RETRIES, sessionPrefix: 'list-' }, counts)
  } catch (error) {
    await broker.close()
    throw error
  }
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
  return { broker, run, counts }
}

interface StoreResult {
  name: string
  small: number[]
  large: number[]
  goal: string
  /** Parking requests asked again after a store error. */
  retried: number
}

async function compare(name: string, createStore: (label: string) => Promise<ElicitationStore>): Promise<StoreResult> {
  const small = await listRoute(await createStore('small'), SMALL)
  // Closed whatever happens next: its parked requests settle (cancelled) before the store goes.
  const large = await listRoute(await createStore('large'), LARGE).catch(async (error: unknown) => {
    await small.broker.close()
    throw error
  })
  try {
    // More rounds while the verdict could still flip (a loaded machine), up to MAX_RUNS.
    const samples = await interleave(
      { small: small.run, large: large.run },
      { runs: RUNS, warmup: 2, maxRuns: MAX_RUNS, until: (x) => ratioStable(x.large!, x.small!, GOAL) },
    )
    const goal = recordGoal(
      `list route, ${name}: ${LARGE.toLocaleString('en-US')} vs ${SMALL} pending`,
      ratioGoal({ subject: samples.large, baseline: samples.small, max: GOAL }),
    )
    return { name, ...samples, goal, retried: small.counts.retried + large.counts.retried }
  } finally {
    await Promise.all([small.broker.close(), large.broker.close()])
  }
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
      `${RUNS} interleaved runs per size after 2 warm-up runs (more, up to ${MAX_RUNS}, while the verdict's median could still cross the limit; n says how many); the times are medians of the runs, the goal the median of the per-run ratios. Redis: redis-server on loopback.`,
    '',
    limits,
    '',
    `| store | ${SMALL} pending | ${LARGE.toLocaleString('en-US')} pending | goal: ${LARGE.toLocaleString('en-US')} within 1.5x of ${SMALL} |`,
    '|---|---:|---:|---|',
    ...results.map((r) => `| ${r.name} | ${ms(median(r.small))} | ${ms(median(r.large))} | ${r.goal} |`),
    ...results
      .filter((r) => r.retried > 0)
      .map((r) => `\n${r.name}: ${r.retried} of the parked requests were asked again after a store error (a command past its timeout while the machine was loaded).`),
  ])
}

await main()
