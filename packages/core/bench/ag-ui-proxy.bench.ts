/**
 * Proxied `tools/call` benchmark (not a test). Run:
 *   pnpm exec tsx --conditions=@mcp-hitl/source packages/core/bench/ag-ui-proxy.bench.ts
 *
 * An MCP App's `tools/call`, relayed to a real MCP server (TypeScript SDK, Streamable HTTP, on
 * loopback) three ways, each behind a real HTTP route on loopback and called with `fetch`:
 * - the kit's HTTP proxy handler (`createMcpProxyHandler`): JSON in, JSON out;
 * - the kit's AG-UI middleware (`createMcpAppsMiddleware`, bound with `forSession`) behind
 *   `createAgUiHandler`: a `RunAgentInput` with `forwardedProps.__proxiedMCPRequest` in, the run's
 *   SSE events out, the answer read from `RUN_FINISHED.result`;
 * - `@ag-ui/mcp-apps-middleware` 0.1.1 behind the same AG-UI route.
 * The three run interleaved; the goal is the kit middleware within 1.2x of the HTTP proxy handler
 * (median of the per-round ratios). Its section (`<!-- bench:ag-ui-proxy -->`) goes into
 * BENCHMARKS.md through `pnpm bench` (bench-section.ts).
 */
import { cpus, loadavg } from 'node:os'
import type { RunAgentInput } from '@ag-ui/client'
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import { computeServerHash, createMcpProxyHandler } from '@mcp-hitl/core/server'
import { createAgUiHandler, createMcpAppsMiddleware } from '@mcp-hitl/core/server/ag-ui'
import { Observable } from 'rxjs'
import { interleave, median, ratioGoal, ratioStable } from '../../../scripts/bench-goal'
import { benchRuns, recordGoal, writeBenchSection } from '../../../scripts/bench-section'
import { routeFetch, startTestHttpServer, toNodeListener } from '../src/server/testing/node-http-bridge'
import { startMcpAppServer } from '../test/apps/mcp-app-server'

const CALLS_PER_RUN = 100
const RUNS = benchRuns(15)
// More rounds while the goal's verdict could still flip (a loaded machine), up to this many.
const MAX_RUNS = benchRuns(45, 6)
/** The kit middleware within this factor of the HTTP proxy handler. */
const GOAL = 1.2
const WARMUP = 2
const SESSION = 'bench-user'

/** Never runs: a proxied request skips the agent. */
const agent = {
  run: (_input: RunAgentInput) =>
    new Observable<never>((subscriber) => subscriber.error(new Error('the agent ran for a proxied request'))),
}

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const mcp = await startMcpAppServer()
  const servers = [{ type: 'http' as const, url: mcp.url, serverId: 'weather' }]
  const getSessionId = () => SESSION
  const proxy = createMcpProxyHandler({ servers, getSessionId })
  const mcpApps = createMcpAppsMiddleware({ mcpServers: servers })
  const real = new MCPAppsMiddleware({ mcpServers: servers })
  const web = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/mcp-proxy': proxy,
        '/kit/ag-ui': createAgUiHandler({
          getSessionId,
          run: (input: RunAgentInput, { sessionId }) => mcpApps.forSession(sessionId)(input, agent),
        }),
        '/real/ag-ui': createAgUiHandler({ getSessionId, run: (input: RunAgentInput) => real.run(input, agent as never) }),
      }),
    ),
  )

  const proxied = (city: string) => ({
    serverHash: computeServerHash(servers[0]!),
    serverId: 'weather',
    method: 'tools/call' as const,
    params: { name: 'refresh_weather', arguments: { city } },
  })
  const expected = (city: string) => `Still sunny in ${city}`
  const check = (result: unknown, city: string, path: string) => {
    const text = (result as { content?: { text?: string }[] } | undefined)?.content?.[0]?.text
    if (text !== expected(city)) throw new Error(`${path}: unexpected answer ${JSON.stringify(result).slice(0, 200)}`)
  }

  const viaProxy = async (city: string) => {
    const response = await fetch(`${web.url}/mcp-proxy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(proxied(city)),
    })
    check(await response.json(), city, 'proxy handler')
  }
  let runs = 0
  const viaAgUi = (path: string) => async (city: string) => {
    runs++
    const input = { threadId: 'bench', runId: `r${runs}`, messages: [], tools: [], context: [], state: {}, forwardedProps: { __proxiedMCPRequest: proxied(city) } }
    const response = await fetch(`${web.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(input),
    })
    const events = (await response.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)) as { type: string; result?: unknown })
    check(events.find((e) => e.type === 'RUN_FINISHED')?.result, city, path)
  }

  const paths = { proxy: viaProxy, kit: viaAgUi('/kit/ag-ui'), real: viaAgUi('/real/ag-ui') }
  const upstream: Record<keyof typeof paths, { requests: number[]; sessions: number[] }> = {
    proxy: { requests: [], sessions: [] },
    kit: { requests: [], sessions: [] },
    real: { requests: [], sessions: [] },
  }
  /** Mean ms per call over one run of sequential calls; records the upstream HTTP requests and MCP sessions per call. */
  const run = (name: keyof typeof paths) => async (): Promise<number> => {
    const [requests, sessions] = [mcp.requestCount(), mcp.initializeCount()]
    const start = performance.now()
    for (let i = 0; i < CALLS_PER_RUN; i++) await paths[name](`C${i}`)
    const ms = (performance.now() - start) / CALLS_PER_RUN
    upstream[name].requests.push((mcp.requestCount() - requests) / CALLS_PER_RUN)
    upstream[name].sessions.push((mcp.initializeCount() - sessions) / CALLS_PER_RUN)
    return ms
  }
  const log = console.error
  // 0.1.1 logs every session cleanup race it loses; the bench prints only its own figures.
  console.error = () => undefined
  let samples: Record<keyof typeof paths, number[]>
  try {
    samples = await interleave(
      { proxy: run('proxy'), kit: run('kit'), real: run('real') },
      { runs: RUNS, warmup: WARMUP, maxRuns: MAX_RUNS, until: (x) => ratioStable(x.kit!, x.proxy!, GOAL) },
    )
  } finally {
    console.error = log
    await mcpApps.close()
    await proxy.close()
    await web.close()
    await mcp.stop()
  }

  const goal = recordGoal(
    'proxied tools/call: kit AG-UI middleware vs the HTTP proxy handler',
    ratioGoal({ subject: samples.kit, baseline: samples.proxy, max: GOAL }),
  )
  const ratio = (name: keyof typeof paths) => `${median(samples[name].map((s, i) => s / samples.proxy[i]!)).toFixed(2)}x`
  // The warm-up rounds are not recorded as samples, but they do count their upstream requests.
  const perCall = (values: number[]) => median(values.slice(WARMUP)).toFixed(2)
  const ms = (values: number[]) => `${median(values).toFixed(3)} ms`
  writeBenchSection('ag-ui-proxy', [
    '## Proxied `tools/call`: kit AG-UI middleware, HTTP proxy handler, `@ag-ui/mcp-apps-middleware`',
    '',
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${load.toFixed(1)} at start, ${new Date().toISOString().slice(0, 10)}. ` +
      'Run: `pnpm exec tsx --conditions=@mcp-hitl/source packages/core/bench/ag-ui-proxy.bench.ts`.',
    '',
    'An MCP App\'s `tools/call` (an app-only tool) relayed to a real MCP server (TypeScript SDK 1.32, Streamable HTTP, stateful sessions, loopback), ' +
      'each path behind a real HTTP route on loopback (node:http, keep-alive) and called with `fetch`: the HTTP proxy handler takes the request as JSON; ' +
      'both AG-UI middlewares take a `RunAgentInput` whose `forwardedProps.__proxiedMCPRequest` carries it, behind the same `createAgUiHandler` route, ' +
      'and answer in `RUN_FINISHED.result` over SSE. ' +
      `Mean time per call over ${CALLS_PER_RUN} sequential calls per run, ${samples.proxy.length} interleaved runs per path after ${WARMUP} warm-up runs (at least ${RUNS}, more while the verdict could still flip, at most ${MAX_RUNS}); ` +
      'times are medians of the runs, ratios the medians of the per-run ratios.',
    '',
    '| path | per call | vs HTTP proxy handler | upstream HTTP requests per call | MCP sessions opened per call |',
    '|---|---:|---:|---:|---:|',
    `| kit HTTP proxy handler | ${ms(samples.proxy)} | 1.00x | ${perCall(upstream.proxy.requests)} | ${perCall(upstream.proxy.sessions)} |`,
    `| kit AG-UI middleware | ${ms(samples.kit)} | ${ratio('kit')} | ${perCall(upstream.kit.requests)} | ${perCall(upstream.kit.sessions)} |`,
    `| \`@ag-ui/mcp-apps-middleware\` 0.1.1 | ${ms(samples.real)} | ${ratio('real')} | ${perCall(upstream.real.requests)} | ${perCall(upstream.real.sessions)} |`,
    '',
    `The kit middleware against the HTTP proxy handler, ${goal}. The kit middleware keeps one MCP session per server and caller ` +
      'and checks the tool\'s visibility from a cached tool list, so a call costs one upstream request, as through the proxy handler; ' +
      '0.1.1 opens a session for every request (initialize, initialized, the call, the session\'s event stream, DELETE) and checks nothing.',
  ])
}

await main()
