/**
 * MCP Apps host benchmarks in Debian Chromium: a `tools/call` round trip app -> frame -> in-memory
 * transport -> app through the kit's host bridge, next to a raw postMessage echo and the ext-apps
 * `AppBridge` in the same page run; pipelined throughput of 2,000 calls; each with console.debug
 * live (Playwright attached, so every call is serialised to the client) and with it a no-op.
 * Also the min+gzip size of everything `@mcp-hitl/react/apps` pulls in, React excluded, and the
 * latency of a streamed argument piece to the app's `ontoolinputpartial` (partial-input-page.ts),
 * and a chat transcript with 1, 10 and 50 app results through `McpAppFrame` (lazy), the eager frame
 * and plain sandboxed iframes (frames-page.tsx, many-frames.ts).
 * Run: `pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/react/bench/apps.bench.ts`
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { type BundleRow, bytesBySource, kb, measureBundle } from '../../../scripts/bench-bundle'
import { boundGoal, median, medianRatio, ratioGoal } from '../../../scripts/bench-goal'
import { BENCH_QUICK, benchRuns, recordGoal, recordRaisedLimits, recordSize, writeBenchSection } from '../../../scripts/bench-section'
import { CHROMIUM } from '../../../scripts/chromium'
import { DEFAULT_RATE_LIMIT } from '../../core/src/apps/message-guard'
import type { AppsBenchConfig, AppsBenchSamples, Mode, RunFigures } from './apps-page'
import type { FramesMode } from './frames-page'
import {
  FRAME_COUNTS,
  type ManyFramesConfig,
  type ManyFramesRun,
  type ManyFramesSamples,
  runManyFramesBench,
  runScrollBench,
  SCROLL_COUNT,
  type ScrollSamples,
} from './many-frames'
import type { PartialInputBenchConfig, PartialInputBenchSamples } from './partial-input-page'

const here = path.dirname(fileURLToPath(import.meta.url))
const SRC = path.resolve(here, '../src')
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']
/** One frame at 60 Hz. */
const FRAME_MS = 16.7
/** The kit bridge's mean round trip within this factor of `App` + raw echo; 50 app results within this factor of one. */
const BRIDGE_GOAL = 1.3
const FRAMES_GOAL = 1.5
const CONFIG: AppsBenchConfig = {
  counts: BENCH_QUICK ? { warmup: 50, sequential: 200, pipelined: 400 } : { warmup: 200, sequential: 1000, pipelined: 2000 },
  runs: { quiet: benchRuns(7), live: benchRuns(3, 1) },
  goal: BRIDGE_GOAL,
  maxQuiet: benchRuns(21, 4),
  // The default bucket would refuse most of a 2,000-call burst.
  rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
}
// A model writing 50 pieces a second, 150 pieces per run: about 1 KB of arguments in all, and about
// 134 KB (each item padded by 905 characters, a long drawing's worth of elements).
const PARTIAL: PartialInputBenchConfig = {
  pieces: 150,
  paceMs: 20,
  runs: benchRuns(7),
  goalMs: FRAME_MS,
  maxRuns: benchRuns(21, 4),
  sizes: [{ pad: 0 }, { pad: 905 }],
}
// Each run is one page load per host and length (9 per round): 5 rounds keep the row near 3 minutes on 2 cores.
// The scroll row: 4,000 px/s (five screens a second, a reader flicking back through the chat), about 5 s each way.
const FRAMES: ManyFramesConfig = {
  runs: benchRuns(5, 1),
  goal: FRAMES_GOAL,
  maxRuns: benchRuns(11, 2),
  warmup: 0,
  quietMs: 500,
  capMs: 20_000,
  scroll: { runs: benchRuns(7, 1), pxPerSecond: 4000 },
}

/** The size rows, each a generated entry that uses what it imports; floors at about a third of the real size. */
const SIZE_ROWS = {
  upFront: {
    label: '`@mcp-hitl/react/apps` as a chat loads it up front (`McpAppFrame`, `useMcpAppsActivities`), code split, React excluded',
    imports: { './apps': ['McpAppFrame', 'useMcpAppsActivities'] },
    resolveDir: SRC,
    external: REACT,
    floorBytes: 3 * 1024,
    forbidden: { pattern: /@rjsf|[\\/]ajv|@radix-ui/, what: 'RJSF, Ajv or Radix Dialog' },
    // The sampling and download dialogs load on an app's first such request.
    split: { lazyFloorBytes: 4 * 1024 },
  },
  entry: {
    label: 'every export of `@mcp-hitl/react/apps` (the dialogs and save helpers included), React excluded',
    imports: { './apps': '*' },
    resolveDir: SRC,
    external: REACT,
    floorBytes: 3 * 1024,
    forbidden: { pattern: /@rjsf|[\\/]ajv/, what: 'RJSF or Ajv' },
  },
  bridge: {
    label: 'kit host bridge alone (`createMcpAppHostBridge` from `@mcp-hitl/core/internal`)',
    imports: { '@mcp-hitl/core/internal': ['createMcpAppHostBridge'] },
    resolveDir: SRC,
    floorBytes: 1024,
  },
  appBridge: {
    label: 'ext-apps `AppBridge` + `PostMessageTransport` (with zod and the MCP client)',
    imports: { '@modelcontextprotocol/ext-apps/app-bridge': ['AppBridge', 'PostMessageTransport'] },
    resolveDir: SRC,
    floorBytes: 40 * 1024,
  },
} satisfies Record<string, BundleRow>

async function pageBundle(file: string): Promise<string> {
  const out = await build({
    entryPoints: [path.join(here, file)],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    conditions: ['@mcp-hitl/source'],
    // The production React build, as a chat ships it.
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'silent',
  })
  return out.outputFiles[0]!.text
}

/** A script that stores `code` in a global, for a page to put into its frames' documents (inline). */
const scriptGlobal = (name: string, code: string) => `window.${name}=${JSON.stringify(code.replace(/<\/script/gi, '<\\/script'))};`

async function manyFramesRuns(): Promise<{ samples: ManyFramesSamples; scroll: ScrollSamples; seconds: number }> {
  const [view, page] = await Promise.all(['frames-view.ts', 'frames-page.tsx'].map(pageBundle))
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-frames-bench-'))
  writeFileSync(path.join(dir, 'view.js'), scriptGlobal('FRAMES_VIEW_SOURCE', view!))
  writeFileSync(path.join(dir, 'page.js'), page!)
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body style="margin:0"><script src="view.js"></script><script src="page.js"></script></body></html>',
  )
  // No spare renderer kept warm: every renderer process a page load starts is that page's.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files', '--disable-features=SpareRendererForSitePerProcess'],
  })
  try {
    const started = performance.now()
    const url = `file://${path.join(dir, 'index.html')}`
    const samples = await runManyFramesBench(browser, url, FRAMES)
    const seconds = (performance.now() - started) / 1000
    const scroll = await runScrollBench(browser, url, FRAMES)
    return { samples, scroll, seconds }
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function browserRuns(): Promise<{ samples: AppsBenchSamples; partial: PartialInputBenchSamples; version: string }> {
  const [view, page, partialView, partialPage] = await Promise.all(
    ['apps-view.ts', 'apps-page.ts', 'partial-input-view.ts', 'partial-input-page.ts'].map(pageBundle),
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-apps-bench-'))
  writeFileSync(path.join(dir, 'view.js'), `${scriptGlobal('VIEW_SOURCE', view!)}${scriptGlobal('PARTIAL_VIEW_SOURCE', partialView!)}`)
  writeFileSync(path.join(dir, 'page.js'), `${page}\n${partialPage}`)
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><script src="view.js"></script><script src="page.js"></script></body></html>')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'] })
  try {
    const tab = await browser.newPage()
    tab.on('pageerror', (e) => console.error('page error:', e.message))
    await tab.goto(`file://${path.join(dir, 'index.html')}`)
    await tab.waitForFunction(() => typeof (window as unknown as { runAppsBench?: unknown }).runAppsBench === 'function')
    const samples = await tab.evaluate(
      (config) => (window as unknown as { runAppsBench: (c: AppsBenchConfig) => Promise<AppsBenchSamples> }).runAppsBench(config),
      CONFIG,
    )
    const partial = await tab.evaluate(
      (config) => (window as unknown as { runPartialInputBench: (c: PartialInputBenchConfig) => Promise<PartialInputBenchSamples> }).runPartialInputBench(config),
      PARTIAL,
    )
    return { samples, partial, version: browser.version() }
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const ms = (n: number) => `${n.toFixed(3)} ms`
const LABELS: Record<Mode, string> = {
  raw: 'raw postMessage echo, no `App` (floor)',
  rawapp: '`App` + raw echo host (canned answers; baseline)',
  bridge: '**kit host bridge** + in-memory transport',
  appbridge: 'ext-apps `AppBridge` + in-memory `oncalltool`',
}

async function main() {
  const sizes = Object.fromEntries(
    await Promise.all(Object.entries(SIZE_ROWS).map(async ([key, row]) => [key, await measureBundle(row)] as const)),
  ) as Record<keyof typeof SIZE_ROWS, Awaited<ReturnType<typeof measureBundle>>>
  const load = loadavg()[0]!
  const limits = recordRaisedLimits([
    { option: 'rateLimit.capacity', value: CONFIG.rateLimit.capacity, defaultValue: DEFAULT_RATE_LIMIT.capacity, why: 'a 2,000-call burst' },
    { option: 'rateLimit.refillPerSecond', value: CONFIG.rateLimit.refillPerSecond, defaultValue: DEFAULT_RATE_LIMIT.refillPerSecond, why: 'thousands of calls per second' },
  ])
  const { samples, partial, version } = await browserRuns()
  const frames = await manyFramesRuns()
  const { counts } = CONFIG
  const table = (runs: Record<Mode, RunFigures[]>) => {
    const pick = (mode: Mode, key: keyof RunFigures) => runs[mode].map((r) => r[key])
    const ratio = (mode: Mode, key: keyof RunFigures, base: Mode) => `${medianRatio(pick(mode, key), pick(base, key)).toFixed(2)}x`
    const rows = (['raw', 'rawapp', 'bridge', 'appbridge'] as const).map((mode) => {
      const throughput = (counts.pipelined / median(pick(mode, 'pipelinedMs'))) * 1000
      const cells = [
        LABELS[mode],
        ms(median(pick(mode, 'mean'))),
        ms(median(pick(mode, 'p50'))),
        ms(median(pick(mode, 'p95'))),
        ms(median(pick(mode, 'p99'))),
        ratio(mode, 'mean', 'raw'),
        ratio(mode, 'mean', 'rawapp'),
        Math.round(throughput).toLocaleString('en-US'),
        ratio(mode, 'pipelinedMs', 'rawapp'),
      ]
      return `| ${cells.join(' | ')} |`
    })
    return [
      '| host side | mean round trip (every call) | p50 | p95 | p99 | mean vs floor | mean vs `App` + raw echo | pipelined calls/s | pipelined time vs `App` + raw echo |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ]
  }
  const quiet = samples.quiet
  const mean = (mode: Mode) => quiet[mode].map((r) => r.mean)
  const bridgeGoal = recordGoal(
    'tools/call round trip, kit host bridge vs App + raw echo host (console.debug a no-op)',
    ratioGoal({ subject: mean('bridge'), baseline: mean('rawapp'), max: BRIDGE_GOAL }),
  )
  const appBridgeRatio = medianRatio(mean('appbridge'), mean('rawapp'))
  const floorRatio = medianRatio(mean('bridge'), mean('raw'))
  const entryGoal = sizes.upFront.problem
    ? 'not judged: the row is invalid'
    : recordGoal(
        'min+gzip of the @mcp-hitl/react/apps entry as a chat loads it up front',
        boundGoal({ samples: [sizes.upFront.gzipped / 1024], max: 8, unit: 'KB', digits: 1 }),
      )
  const lazyChunks = sizes.upFront.lazy?.chunks.map((chunk) => `\`${chunk.name}\` ${kb(chunk.gzipped)}`).join(', ') ?? 'none'
  writeBenchSection('mcp-app-frame', [
    '## MCP Apps frame (host bridge)',
    '',
    `Chromium ${version} (Debian, headless, driven by Playwright), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Run: \`pnpm exec tsx --conditions=@mcp-hitl/source packages/react/bench/apps.bench.ts\`.`,
    '',
    `\`tools/call\` round trip from the real ext-apps \`App\` in a \`sandbox="allow-scripts"\` srcdoc iframe -> host -> in-memory result -> \`App\`; two baselines: the floor, a hand-rolled JSON-RPC request echoed by the host page (no \`App\`, no bridge), and the same \`App\` served by a raw echo host (canned answers, no checks), which isolates what the host side adds. Each run: a new iframe, ${counts.warmup} warm-up calls, ${counts.sequential} sequential calls for latency, then ${counts.pipelined.toLocaleString('en-US')} calls issued at once for throughput; the four hosts run interleaved (the order rotates each run), ${samples.quiet.bridge.length} runs each with console.debug a no-op (at least ${CONFIG.runs.quiet}, more while the goal's verdict could still flip, at most ${CONFIG.maxQuiet}) and ${CONFIG.runs.live} with it live, after one warm-up run; every figure is the median of the runs. Every call is kept: mean = time for all ${counts.sequential} sequential calls / ${counts.sequential} (what the goal judges; not bound to the 0.1 ms timer resolution of a cross-origin frame), p50, p95 and p99 of the same calls by nearest rank, at that resolution. Ratios are medians of the per-run ratios. Machine load average at the start: ${load.toFixed(1)} on ${cpus().length} cores (the machine is shared: absolute times are inflated, ratios within one run are what to read).`,
    '',
    limits,
    '',
    '**console.debug a no-op** (as in a page without DevTools; ext-apps calls it for every message, in the view and in `AppBridge`):',
    '',
    ...table(samples.quiet),
    '',
    '**console.debug live, Playwright attached** (every call is serialised to the automation client, as with DevTools open):',
    '',
    ...table(samples.live),
    '',
    `Kit bridge within 1.3x of \`App\` + raw echo (mean round trip over every call, console.debug a no-op): **${bridgeGoal}** (\`AppBridge\`: ${appBridgeRatio.toFixed(2)}x); against the floor without \`App\`: ${floorRatio.toFixed(2)}x, the difference being the view's own ext-apps \`App\` (zod parsing of every message), the same for every host.`,
    '',
    '**Bundle size** (minified, gzip -9; each row bundles alone a generated entry that uses everything it imports, and is invalid under its floor; the up-front row is code split by rolldown, the bundler of Vite and tsdown, and counts the entry chunk with the chunks it imports statically, and is invalid when nothing is split off; the other rows are esbuild bundles):',
    '',
    '| bundle | min+gzip |',
    '|---|---:|',
    `| ${sizes.upFront.row.label} | **${recordSize(sizes.upFront)}** (${entryGoal}; RJSF, Ajv and Radix must not be in it) |`,
    ...(sizes.upFront.bytesByFile ? [`| of which, by source (rendered, before minification) | ${bytesBySource(sizes.upFront.bytesByFile)} |`] : []),
    `| loaded later, on an app's first sampling or download request (lazy chunks: the two dialogs and Radix Dialog) | ${lazyChunks} |`,
    `| ${sizes.entry.row.label} | ${recordSize(sizes.entry)} |`,
    `| ${sizes.bridge.row.label} | ${recordSize(sizes.bridge)} |`,
    `| ${sizes.appBridge.row.label} | ${recordSize(sizes.appBridge)} |`,
  ])
  const partialRows = partial.map((size) => {
    const kbText = `${(size.argumentChars / 1024).toFixed(size.argumentChars < 10 * 1024 ? 1 : 0)} KB`
    const goal = recordGoal(
      `partial input latency at ${kbText} of arguments, argument piece -> the app's ontoolinputpartial, within one frame at 60 Hz`,
      boundGoal({ samples: size.kit, max: FRAME_MS, unit: 'ms', digits: 2 }),
    )
    return `| ${kbText} | ${ms(median(size.kit))} | ${ms(median(size.raw))} | ${medianRatio(size.kit, size.raw).toFixed(2)}x | ${ms(median(size.sendMs))} | ${ms(median(size.parseMs))} | ${medianRatio(size.sendMs, size.parseMs).toFixed(1)}x | **${goal}** |`
  })
  writeBenchSection('mcp-app-partial-input', [
    '## MCP Apps frame: streaming tool input',
    '',
    `Chromium ${version}, same page run as above. A model writes the tool arguments in ${PARTIAL.pieces} pieces, one every ${PARTIAL.paceMs} ms (each piece completes one array item, so the app can tell which piece it rendered), about 1 KB of arguments in all and about 134 KB; latency = the piece written on the host -> the real ext-apps \`App\`'s \`ontoolinputpartial\` rendered it in a \`sandbox="allow-scripts"\` srcdoc iframe, on the shared epoch clock (\`timeOrigin + now()\`, 0.1 ms resolution in the frame). Kit: the argument text so far through \`createPartialInputFeed\` (healed to closed JSON, at most one send per 16 ms) and the host bridge's \`tool-input-partial\`; raw: a host that posts already-closed arguments as the same notification. One send = what the page's main thread spends when the feed sends (heal the text, parse it, the bridge's checks and \`postMessage\`), its mean over the run's sends (each timed on the page's clock, 0.1 ms steps), against a plain \`JSON.parse\` of the same text closed (repeated until 2 ms passed, so its mean is below the clock's step). ${partial.map((size) => size.kit.length).join(' and ')} interleaved runs per size after one warm-up run (at least ${PARTIAL.runs}, more while the goal's verdict could still flip, at most ${PARTIAL.maxRuns}); every figure is the median of the per-run figures, ratios the medians of the per-run ratios.`,
    '',
    `| arguments | kit: piece -> app rendered | raw notification of closed arguments (floor) | kit vs raw | kit: one send | \`JSON.parse\` of the same text | send vs \`JSON.parse\` | within one frame at 60 Hz (${FRAME_MS} ms) |`,
    '|---:|---:|---:|---:|---:|---:|---:|---|',
    ...partialRows,
  ])
  writeManyFramesSection(frames, version, load)
}

const FRAME_HOSTS: Record<FramesMode, string> = {
  kit: '**`McpAppFrame`** (default: lazy, pool of 3)',
  plain: 'plain `<iframe sandbox="allow-scripts" srcdoc>`, raw echo host (no kit)',
  eager: '`McpAppFrame eager` (`EagerMcpAppFrame`)',
  observed: 'hand-written lazy floor: plain `<iframe sandbox="allow-scripts" srcdoc>` mounted by an `IntersectionObserver` (margin 400 px) and kept, raw echo host',
}
const FRAME_FIGURES = {
  firstInteractiveMs: 'first app interactive',
  rendererMb: 'renderer memory (PSS)',
  longestStallMs: 'longest main-thread task',
} as const satisfies Partial<Record<keyof ManyFramesRun, string>>

/** The scroll row's table: the kit's lazy frame against the hand-written lazy floor, medians and the kit-vs-floor ratio. */
function scrollRows(scroll: ScrollSamples): string[] {
  const pick = (mode: keyof ScrollSamples, key: keyof NonNullable<ManyFramesRun['scroll']>) => scroll[mode].map((run) => run.scroll![key])
  const cell = (mode: keyof ScrollSamples, key: keyof NonNullable<ManyFramesRun['scroll']>) => median(pick(mode, key)).toFixed(0)
  const rows = (['kit', 'observed'] as const).map(
    (mode) =>
      `| ${FRAME_HOSTS[mode]} | ${cell(mode, 'longTaskMs')} ms | ${cell(mode, 'blockingMs')} ms | ${cell(mode, 'longestStallMs')} ms | ${cell(mode, 'boots')} | ${cell(mode, 'scrollMs')} ms |`,
  )
  // A floor with no long task at all makes a ratio meaningless: say so instead of dividing by zero.
  const ratio = (key: 'longTaskMs' | 'boots') => {
    const floor = median(pick('observed', key))
    return floor > 0 ? `${medianRatio(pick('kit', key), pick('observed', key)).toFixed(2)}x` : `floor ${floor}, kit ${median(pick('kit', key)).toFixed(0)}`
  }
  return [
    '| host | long tasks during the scroll (sum) | total blocking time | longest main-thread task | app documents booted during the scroll | scroll took |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    `| \`McpAppFrame\` vs the floor | ${ratio('longTaskMs')} | | | ${ratio('boots')} | |`,
  ]
}

function writeManyFramesSection(
  { samples, scroll, seconds }: { samples: ManyFramesSamples; scroll: ScrollSamples; seconds: number },
  version: string,
  load: number,
) {
  const pick = (mode: FramesMode, count: number, key: keyof ManyFramesRun) => samples[mode][count]!.map((run) => run[key] as number)
  const cell = (mode: FramesMode, count: number, key: keyof ManyFramesRun, digits: number) => median(pick(mode, count, key)).toFixed(digits)
  const n = samples.kit[1]!.length
  const rows = FRAME_COUNTS.flatMap((count) =>
    (['kit', 'plain', 'eager'] as const).map(
      (mode) =>
        `| ${count} | ${FRAME_HOSTS[mode]} | ${cell(mode, count, 'firstInteractiveMs', 0)} ms | ${cell(mode, count, 'rendererMb', 0)} MB | ${cell(mode, count, 'longestStallMs', 0)} ms | ${cell(mode, count, 'iframes', 0)} | ${cell(mode, count, 'interactive', 0)} |`,
    ),
  )
  const ratio = (mode: FramesMode, key: keyof typeof FRAME_FIGURES) => medianRatio(pick(mode, 50, key), pick(mode, 1, key))
  const goals = (Object.keys(FRAME_FIGURES) as (keyof typeof FRAME_FIGURES)[]).map((key) => {
    const goal = recordGoal(
      `many frames: ${FRAME_FIGURES[key]}, 50 app results vs 1 through McpAppFrame`,
      ratioGoal({ subject: pick('kit', 50, key), baseline: pick('kit', 1, key), max: FRAMES_GOAL }),
    )
    return `| ${FRAME_FIGURES[key]} | **${goal}** | ${ratio('plain', key).toFixed(2)}x | ${ratio('eager', key).toFixed(2)}x |`
  })
  writeBenchSection('mcp-app-many-frames', [
    '## MCP Apps frame: many app results in one chat',
    '',
    `Chromium ${version} (Debian, headless, Playwright), production React build, ${new Date().toISOString().slice(0, 10)}, machine load average ${load.toFixed(1)} on ${cpus().length} cores at the start. Run: \`pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc packages/react/bench/apps.bench.ts\`.`,
    '',
    `A chat-like transcript (a 800 px scrolling column opened at its newest message, as chats do) of 1, 10 or 50 turns, each a user line, an assistant line and an MCP App result: the real ext-apps \`App\` (frames-view.ts, its bundle inlined in the app document) that, once its handshake is done, asks the host for its data (\`tools/call\`), renders a 240 px card and calls the host again. Hosts: \`McpAppFrame\` as every doc uses it (lazy by default), the same frame with \`eager\`, and plain \`<iframe sandbox="allow-scripts" srcdoc>\` frames with the same app document answered by a raw postMessage echo (no kit, no checks; the floor). Each run is one page load in a fresh browser context; the 9 pages of a round run interleaved (the order rotates each round), ${n} rounds (at least ${FRAMES.runs}, more while a goal's verdict could still flip, at most ${FRAMES.maxRuns}) (${Math.round(seconds)} s for the row); figures are medians, ratios medians of the per-round ratios.`,
    '',
    '- **First app interactive**: render start -> the first app\'s second host request (handshake, data, rendered) reached the host.',
    '- **Renderer memory**: PSS (`/proc/<pid>/smaps_rollup`) summed over every renderer process the page load started (Chromium puts the sandboxed frames in a process of their own beside the page\'s; about 100 MB of it is the page and Chromium\'s own, whatever the host), measured once the page settled (no app became interactive for 0.5 s, and for plain and eager frames all of them were) after a critical memory-pressure signal to every process. `measureUserAgentSpecificMemory` needs a cross-origin-isolated page and `JSHeapUsedSize` sees only the page\'s own heap, not the frames\' process, so neither measures what the frames cost.',
    '- **Longest main-thread task**: the longest gap of a 0 ms timer chain on the page\'s main thread from render start until settled (the Long Tasks API reports only tasks of 50 ms or more).',
    '',
    '| app results | host | first app interactive | renderer memory (PSS) | longest main-thread task | iframes in the page | apps that went interactive |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '**50 app results cost within 1.5x of one** (judged for `McpAppFrame`; the other hosts\' 50-vs-1 ratios beside it):',
    '',
    '| figure | `McpAppFrame` (lazy), 50 vs 1 | plain iframes, 50 vs 1 | eager frames, 50 vs 1 |',
    '|---|---|---:|---:|',
    ...goals,
    '',
    `**Scrolling a ${SCROLL_COUNT}-app transcript** (opened at its newest message and settled as above, then scrolled to its top and back to its newest message at ${FRAMES.scroll.pxPerSecond.toLocaleString('en-US')} px/s, one step per animation frame, then settled again; ${scroll.kit.length} interleaved page loads per host; medians; long tasks from the Long Tasks API, 50 ms or more, started during the scroll; an app document boots when its frame mounts, so a frame mounted again boots again):`,
    '',
    ...scrollRows(scroll),
    '',
    'What the longest task is: with 50 results, the initial React render of the 50-turn transcript (the placeholders, before any frame mounts), measured at 60-90 ms on this machine with the Long Tasks API; each frame then mounts in a task of its own (one at a time, the latest in the chat first), as long as the one-app page\'s frame mount. On a loaded machine this ratio sits near its bound and moves between runs.',
  ])
}

await main()
