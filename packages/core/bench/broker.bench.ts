/**
 * Elicitation broker benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/broker.bench.ts
 *
 * Measures, in one run:
 * - heap per pending elicitation at 10,000 pending, excluding the schema (the parsed schemas are
 *   measured on their own and subtracted);
 * - respond handler latency (p50/p99) and throughput, in-process and over loopback HTTP, next to a
 *   bare handler that only parses JSON and answers `{ success: true }`, measured interleaved.
 * Writes its section of BENCHMARKS.md between `<!-- bench:broker -->` markers.
 */
import { cpus, loadavg } from 'node:os'
import { writeBenchSection } from '../../../scripts/bench-section'
import { parseRequestedSchema } from '../src/elicitation/parse-requested-schema'
import type { ElicitRequestFormParams } from '../src/elicitation/protocol'
import { createElicitationBroker } from '../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker } from '../src/server/elicitation/elicitation-broker-types'
import { createRespondHandler } from '../src/server/elicitation/respond-handler'
import { startTestHttpServer, toNodeListener } from '../src/server/testing/node-http-bridge'

type Handler = (request: Request) => Promise<Response>

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run with --expose-gc (see the header of this file)')

const PENDING = 10_000
const ROUNDS = 5
const PER_ROUND = 1_000
const WARMUP = 500

const FORM: ElicitRequestFormParams = {
  message: 'Confirm the booking',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
      seats: { type: 'integer', minimum: 1, maximum: 10 },
      email: { type: 'string', format: 'email' },
      newsletter: { type: 'boolean', default: false },
      meal: { type: 'string', oneOf: [{ const: 'v', title: 'Vegetarian' }, { const: 'm', title: 'Meat' }] },
    },
    required: ['name', 'seats'],
  },
}
const CONTENT = { name: 'Ada Lovelace', seats: 2, email: 'ada@example.com', newsletter: true, meal: 'v' }

function settleHeap(): number {
  for (let i = 0; i < 4; i++) gc?.()
  return process.memoryUsage().heapUsed
}

/** Parks `count` elicitations and returns their ids, in creation order. */
async function park(broker: ElicitationBroker, count: number, ids: string[]): Promise<void> {
  for (let i = 0; i < count; i++) void broker.request(FORM, { sessionId: `session-${i % 1000}` })
  const deadline = Date.now() + 30_000
  while (ids.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
}

async function memoryPerPending(): Promise<{ total: number; schema: number; perPending: number }> {
  const ids: string[] = []
  const onEvent = (e: { type: string; id: string }) => {
    if (e.type === 'requested') ids.push(e.id)
  }
  const broker = createElicitationBroker({ maxPendingPerSession: PENDING, maxPendingTotal: PENDING, onEvent })
  const before = settleHeap()
  await park(broker, PENDING, ids)
  const after = settleHeap()
  await broker.close()

  // Each request keeps its own parsed schema; measure that alone and subtract it.
  const schemaBefore = settleHeap()
  const kept: unknown[] = []
  for (let i = 0; i < PENDING; i++) kept.push(parseRequestedSchema(FORM.requestedSchema))
  const schemaAfter = settleHeap()
  if (kept.length !== PENDING) throw new Error('unreachable')
  const total = (after - before) / PENDING
  const schema = (schemaAfter - schemaBefore) / PENDING
  return { total, schema, perPending: total - schema }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

interface Stats {
  p50: number
  p99: number
  opsPerSec: number
}

function stats(latencies: number[], totalMs: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), opsPerSec: (latencies.length / totalMs) * 1000 }
}

const bareHandler: Handler = async (request) => {
  await request.json()
  return new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } })
}

type Send = (body: string) => Promise<number>

/** Runs the two targets interleaved, round by round, so drift hits both alike. */
async function compare(sendBare: Send, sendBroker: Send, nextId: () => string | undefined): Promise<{ bare: Stats; broker: Stats }> {
  const latencies = { bare: [] as number[], broker: [] as number[] }
  const totals = { bare: 0, broker: 0 }
  const run = async (which: 'bare' | 'broker', count: number, record: boolean) => {
    const send = which === 'bare' ? sendBare : sendBroker
    const start = performance.now()
    for (let i = 0; i < count; i++) {
      // The bare handler never looks the id up; only the broker needs a fresh pending one each time.
      const body = JSON.stringify({ id: which === 'broker' ? nextId() : 'bench-bare', action: 'accept', content: CONTENT })
      const t0 = performance.now()
      const status = await send(body)
      if (record) latencies[which].push(performance.now() - t0)
      if (status !== 200) throw new Error(`${which} answered ${status}`)
    }
    if (record) totals[which] += performance.now() - start
  }
  await run('bare', WARMUP, false)
  await run('broker', WARMUP, false)
  for (let round = 0; round < ROUNDS; round++) {
    await run('bare', PER_ROUND, true)
    await run('broker', PER_ROUND, true)
  }
  return { bare: stats(latencies.bare, totals.bare), broker: stats(latencies.broker, totals.broker) }
}

async function respondLatency(): Promise<{ inProcess: { bare: Stats; broker: Stats }; loopback: { bare: Stats; broker: Stats } }> {
  const needed = 2 * (WARMUP + ROUNDS * PER_ROUND)
  const ids: string[] = []
  const broker = createElicitationBroker({
    maxPendingPerSession: needed,
    maxPendingTotal: needed,
    onEvent: (e) => {
      if (e.type === 'requested') ids.push(e.id)
    },
  })
  for (let i = 0; i < needed; i++) void broker.request(FORM, { sessionId: 'bench' })
  while (ids.length < needed) await new Promise((r) => setTimeout(r, 5))
  const handler = createRespondHandler(broker, { getSessionId: (r) => r.headers.get('x-session-id') })
  let cursor = 0
  const nextId = () => ids[cursor++] as string
  const request = (body: string) =>
    new Request('http://local/respond', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': 'bench' },
      body,
    })

  const inProcess = await compare(
    async (body) => (await bareHandler(request(body))).status,
    async (body) => (await handler(request(body))).status,
    nextId,
  )

  const bareServer = await startTestHttpServer(toNodeListener(bareHandler))
  const brokerServer = await startTestHttpServer(toNodeListener(handler))
  const over = (url: string): Send => async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': 'bench' },
      body,
    })
    await response.arrayBuffer()
    return response.status
  }
  const loopback = await compare(over(bareServer.url), over(brokerServer.url), nextId)
  await bareServer.close()
  await brokerServer.close()
  await broker.close()
  return { inProcess, loopback }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const row = (label: string, s: Stats, base?: Stats) =>
  `| ${label} | ${fmt(s.p50, 3)} | ${fmt(s.p99, 3)} | ${fmt(s.opsPerSec, 0)} | ${base ? `${fmt(s.p50 / base.p50, 2)}x` : '1.00x'} |`

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const memory = await memoryPerPending()
  const latency = await respondLatency()
  const kb = (bytes: number) => `${fmt(bytes / 1024, 2)} KB`
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  const loopRatio = latency.loopback.broker.p50 / latency.loopback.bare.p50
  writeBenchSection('broker', [
    '## Elicitation broker',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${fmt(load, 1)} at start, ${new Date().toISOString().slice(0, 10)}. ` +
      'Under load the p99 and the ratios move between runs; compare the p50 ratio, measured interleaved in the same run. ' +
      'Run: `pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/broker.bench.ts`.',
    '',
    `**Memory per pending elicitation at ${PENDING.toLocaleString('en')} pending** (in-memory store, heap delta after GC; ` +
      'includes the store record, the id, the waiting promise, its expiry timer and abort wiring):',
    '',
    '| measure | per elicitation |',
    '|---|---|',
    `| total | ${kb(memory.total)} |`,
    `| of which the parsed schema (5 fields, measured alone) | ${kb(memory.schema)} |`,
    `| **excluding the schema** | **${kb(memory.perPending)}** (goal <= 2 KB: ${verdict(memory.perPending <= 2048)}) |`,
    '',
    `**Respond handler**: sequential POSTs of a valid 5-field accept, ${ROUNDS} interleaved rounds of ${PER_ROUND} after ${WARMUP} warm-up each; ` +
      'the baseline is a bare handler that only parses the JSON body and answers `{ success: true }`. ' +
      'The broker path also resolves the session, reads the body under the 64 KB limit, checks the shape, validates the content against the schema, settles in the store and re-emits the part.',
    '',
    '| path | p50 ms | p99 ms | req/s | p50 vs baseline |',
    '|---|---|---|---|---|',
    row('in-process, bare baseline', latency.inProcess.bare),
    row('in-process, broker respond', latency.inProcess.broker, latency.inProcess.bare),
    row('loopback HTTP, bare baseline', latency.loopback.bare),
    row('loopback HTTP, broker respond', latency.loopback.broker, latency.loopback.bare),
    '',
    `Goal: respond over loopback within 1.5x of the bare baseline: ${fmt(loopRatio, 2)}x, ${verdict(loopRatio <= 1.5)}. ` +
      'Loopback uses node:http with the same small Fetch bridge for both handlers and `fetch` (undici, keep-alive) as the client.',
  ])
}

await main()
