/**
 * Elicitation broker benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/broker.bench.ts
 *
 * Measures, in one run, each figure from medians over interleaved runs:
 * - heap per pending elicitation at 10,000 pending, excluding the schema (the parsed schemas are
 *   measured on their own and subtracted), for requests as the adapters make them (the MCP SDK
 *   adapters, v1 and v2, combine the SDK's per-request abort signal with their own; the AI SDK adapter passes its
 *   own; both with an emit callback) and, for comparison, a bare `broker.request` with neither;
 * - respond handler latency (p50/p99) and throughput, in-process and over loopback HTTP, next to a
 *   bare handler that only parses JSON and answers `{ success: true }`.
 * Uses the default limits. Writes its section of BENCHMARKS.md between `<!-- bench:broker -->` markers.
 */
import { cpus, loadavg } from 'node:os'
import { createElicitationBroker, createRespondHandler } from '@mcp-hitl/core/server'
import { boundGoal, interleave, median, medianRatio, percentile, ratioGoal } from '../../../scripts/bench-goal'
import { recordGoal, writeBenchSection } from '../../../scripts/bench-section'
import { startTestHttpServer, toNodeListener } from '../src/server/testing/node-http-bridge'
import { FORM, heapPerPending, heapPerSchema, until } from './pending-elicitations'

type Handler = (request: Request) => Promise<Response>

// Within the default limits (10,000 in all, 20 per session): 10 per session over 1,000 sessions.
const PENDING = 10_000
const SESSIONS = 1_000
const MEMORY_RUNS = 5
const LATENCY_RUNS = 10
const PER_RUN = 500
// Pending elicitations are parked before each broker batch, this many per session (the default cap is 20).
const PER_SESSION = 20

const CONTENT = { name: 'Ada Lovelace', seats: 2, email: 'ada@example.com', newsletter: true, meal: 'v' }

interface Batch {
  p50: number
  p99: number
  opsPerSec: number
}

const bareHandler: Handler = async (request) => {
  await request.json()
  return new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } })
}

type Send = (body: string, sessionId: string) => Promise<number>

/** A broker with pending elicitations parked on demand, within the default per-session cap. */
function pendingPool() {
  const ids: { id: string; sessionId: string }[] = []
  const broker = createElicitationBroker({
    onEvent: (e) => {
      if (e.type === 'requested') ids.push({ id: e.id, sessionId: e.sessionId })
    },
  })
  let sessions = 0
  return {
    broker,
    /** Parks `count` more (outside any timing) and returns them. */
    async park(count: number) {
      const start = ids.length
      for (let i = 0; i < count; i++) void broker.request(FORM, { sessionId: `respond-${sessions + Math.floor(i / PER_SESSION)}` })
      sessions += Math.ceil(count / PER_SESSION)
      await until(() => ids.length >= start + count, `${count} pending elicitations`)
      return ids.slice(start, start + count)
    },
  }
}

/** The bare and broker handlers, interleaved run by run; each run is PER_RUN sequential POSTs. */
async function compare(sendBare: Send, sendBroker: Send, pool: ReturnType<typeof pendingPool>) {
  const batches = { bare: [] as Batch[], broker: [] as Batch[] }
  const batch = async (which: 'bare' | 'broker'): Promise<number> => {
    const send = which === 'bare' ? sendBare : sendBroker
    // The bare handler never looks the id up; only the broker needs a fresh pending one each time.
    const targets = which === 'broker' ? await pool.park(PER_RUN) : Array.from({ length: PER_RUN }, () => ({ id: 'bench-bare', sessionId: 'bench' }))
    const latencies: number[] = []
    const start = performance.now()
    for (const target of targets) {
      const body = JSON.stringify({ id: target.id, action: 'accept', content: CONTENT })
      const t0 = performance.now()
      const status = await send(body, target.sessionId)
      latencies.push(performance.now() - t0)
      if (status !== 200) throw new Error(`${which} answered ${status}`)
    }
    const result = { p50: percentile(latencies, 50), p99: percentile(latencies, 99), opsPerSec: (PER_RUN / (performance.now() - start)) * 1000 }
    batches[which].push(result)
    return result.p50
  }
  const p50s = await interleave({ bare: () => batch('bare'), broker: () => batch('broker') }, { runs: LATENCY_RUNS, warmup: 1 })
  // interleave() drops the warm-up samples; drop the matching batches.
  const measured = (bs: Batch[]) => bs.slice(bs.length - LATENCY_RUNS)
  return { p50s, bare: measured(batches.bare), broker: measured(batches.broker) }
}

async function respondLatency() {
  const pool = pendingPool()
  const handler = createRespondHandler(pool.broker, { getSessionId: (r) => r.headers.get('x-session-id') })
  const request = (body: string, sessionId: string) =>
    new Request('http://local/respond', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body,
    })
  const inProcess = await compare(
    async (body, s) => (await bareHandler(request(body, s))).status,
    async (body, s) => (await handler(request(body, s))).status,
    pool,
  )

  const bareServer = await startTestHttpServer(toNodeListener(bareHandler))
  const brokerServer = await startTestHttpServer(toNodeListener(handler))
  const over =
    (url: string): Send =>
    async (body, sessionId) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
        body,
      })
      await response.arrayBuffer()
      return response.status
    }
  const loopback = await compare(over(bareServer.url), over(brokerServer.url), pool)
  await bareServer.close()
  await brokerServer.close()
  await pool.broker.close()
  return { inProcess, loopback }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const row = (label: string, batches: Batch[], base?: Batch[]) => {
  const of = (pick: (b: Batch) => number, bs: Batch[]) => bs.map(pick)
  const p50 = (bs: Batch[]) => of((b) => b.p50, bs)
  const ratio = base ? `${fmt(medianRatio(p50(batches), p50(base)), 2)}x` : '1.00x'
  return `| ${label} | ${fmt(median(p50(batches)), 3)} | ${fmt(median(of((b) => b.p99, batches)), 3)} | ${fmt(median(of((b) => b.opsPerSec, batches)), 0)} | ${ratio} |`
}

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const heap = await interleave(
    {
      mcpSdk: () => heapPerPending('mcp-sdk', PENDING, SESSIONS),
      mcpSdkV2: () => heapPerPending('mcp-sdk-v2', PENDING, SESSIONS),
      aiSdk: () => heapPerPending('ai-sdk', PENDING, SESSIONS),
      bare: () => heapPerPending('bare', PENDING, SESSIONS),
      schema: () => heapPerSchema(PENDING),
    },
    { runs: MEMORY_RUNS, warmup: 1 },
  )
  // Per run, minus the schema measured in the same round.
  const excluding = (perPending: number[]) => perPending.map((bytes, i) => bytes - heap.schema[i]!)
  const memoryGoal = (label: string, samples: number[]) =>
    recordGoal(
      `heap per pending elicitation ${label}, excluding the schema`,
      boundGoal({ samples: excluding(samples).map((bytes) => bytes / 1024), max: 2, unit: 'KB' }),
    )
  const mcpSdkGoal = memoryGoal('through the MCP SDK v1 adapter', heap.mcpSdk)
  const mcpSdkV2Goal = memoryGoal('through the MCP SDK v2 adapter', heap.mcpSdkV2)
  const aiSdkGoal = memoryGoal('through the AI SDK adapter', heap.aiSdk)
  const latency = await respondLatency()
  const loopbackGoal = recordGoal(
    'respond p50 over loopback HTTP vs the bare JSON handler',
    ratioGoal({ subject: latency.loopback.p50s.broker, baseline: latency.loopback.p50s.bare, max: 1.5 }),
  )
  const kb = (bytes: number) => `${fmt(bytes / 1024, 2)} KB`
  const kbOf = (xs: number[]) => kb(median(xs))
  writeBenchSection('broker', [
    '## Elicitation broker',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${fmt(load, 1)} at start, ${new Date().toISOString().slice(0, 10)}. ` +
      'Every figure is a median over interleaved runs; the machine is shared, so absolute times move between runs and the ratios are what to read. ' +
      'Default limits. Run: `pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/core/bench/broker.bench.ts`.',
    '',
    `**Memory per pending elicitation at ${PENDING.toLocaleString('en')} pending** (in-memory store, heap delta after GC, ` +
      `median of ${MEMORY_RUNS} interleaved runs; includes the store record, the id, the waiting promise, its expiry timer and abort wiring):`,
    '',
    '| request path | total | excluding the schema | goal |',
    '|---|---:|---:|---|',
    `| MCP SDK v1 adapter: the raw request through the SDK's fallback handler, the SDK's per-request AbortController (in the SDK's table by id, aborted by the adapter on the server's cancellation) linked to the adapter's signal, the replay record keyed on the request id, emit callback | ${kbOf(heap.mcpSdk)} | **${kbOf(excluding(heap.mcpSdk))}** | ${mcpSdkGoal} |`,
    `| MCP SDK v2 adapter: the request through the handler the SDK stores (its own result check left out), the per-request abort signal linked to the adapter's, the replay record keyed on the request id, emit callback | ${kbOf(heap.mcpSdkV2)} | **${kbOf(excluding(heap.mcpSdkV2))}** | ${mcpSdkV2Goal} |`,
    `| AI SDK adapter: the adapter's abort signal (one per client), emit callback | ${kbOf(heap.aiSdk)} | **${kbOf(excluding(heap.aiSdk))}** | ${aiSdkGoal} |`,
    `| bare \`broker.request\`, no signal, no emit (for comparison only) | ${kbOf(heap.bare)} | ${kbOf(excluding(heap.bare))} | |`,
    '',
    `The parsed 5-field schema each request keeps, measured alone: ${kbOf(heap.schema)}.`,
    '',
    `**Respond handler**: sequential POSTs of a valid 5-field accept, ${LATENCY_RUNS} interleaved runs of ${PER_RUN} after one warm-up run each; ` +
      'p50, p99 and req/s are medians of the per-run figures, the ratio the median of the per-run ratios. ' +
      'The baseline is a bare handler that only parses the JSON body and answers `{ success: true }`. ' +
      'The broker path also resolves the session, reads the body under the 64 KB limit, checks the shape, validates the content against the schema, settles in the store and re-emits the part.',
    '',
    '| path | p50 ms | p99 ms | req/s | p50 vs baseline |',
    '|---|---|---|---|---|',
    row('in-process, bare baseline', latency.inProcess.bare),
    row('in-process, broker respond', latency.inProcess.broker, latency.inProcess.bare),
    row('loopback HTTP, bare baseline', latency.loopback.bare),
    row('loopback HTTP, broker respond', latency.loopback.broker, latency.loopback.bare),
    '',
    `Respond over loopback within 1.5x of the bare baseline: ${loopbackGoal}. ` +
      'Loopback uses node:http with the same small Fetch bridge for both handlers and `fetch` (undici, keep-alive) as the client.',
  ])
}

await main()
