/**
 * The Node side of the many-frames bench: one fresh browser context per page load (contexts never
 * share renderer processes), the transcript page (frames-page.tsx) with 1, 10 or 50 app results per
 * host, interleaved by the shared bench helper, and after each load the proportional set size (PSS,
 * /proc/<pid>/smaps_rollup) of every renderer process the load started: the page and, with
 * Chromium's isolated sandboxed frames, its iframes' own processes.
 */
import { readFileSync } from 'node:fs'
import type { Browser, CDPSession } from 'playwright-core'
import { interleave, ratioStable } from '../../../scripts/bench-goal'
import type { FramesMode, TranscriptConfig, TranscriptRun } from './frames-page'

/** The figures the 50-vs-1 goals judge. */
export const GOAL_FIGURES = ['firstInteractiveMs', 'rendererMb', 'longestStallMs'] as const
/** Transcript lengths measured. */
export const FRAME_COUNTS = [1, 10, 50] as const
/** Hosts measured. */
export const FRAME_MODES: readonly FramesMode[] = ['kit', 'plain', 'eager']
/** Hosts of the scroll row: the kit's lazy frame against the hand-written lazy floor. */
export const SCROLL_MODES = ['kit', 'observed'] as const satisfies readonly FramesMode[]
/** Apps in the scrolled transcript. */
export const SCROLL_COUNT = 50
/** One page load's figures, with the memory Node measured. */
export interface ManyFramesRun extends TranscriptRun {
  /** PSS of the renderer processes the page load started, in MB. */
  rendererMb: number
  /** How many renderer processes that was. */
  renderers: number
}
/** Every run's figures, by host and transcript length. */
export type ManyFramesSamples = Record<FramesMode, Record<number, ManyFramesRun[]>>
/** How many runs and how long a page may take. */
export interface ManyFramesConfig {
  runs: number
  /** More rounds while a 50-vs-1 goal of the kit (every figure within `goal` x) could still flip, up to `maxRuns`. */
  goal: number
  maxRuns: number
  warmup: number
  quietMs: number
  capMs: number
  /** Runs of the scroll row (a 50-app transcript scrolled to its top and back), and its speed. */
  scroll: { runs: number; pxPerSecond: number }
}
/** Every scroll run's figures, by host. */
export type ScrollSamples = Record<(typeof SCROLL_MODES)[number], ManyFramesRun[]>

async function rendererPids(cdp: CDPSession): Promise<number[]> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] }
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id)
}

/** PSS in kB from smaps_rollup; 0 for a process that exited meanwhile. */
function pssKb(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

async function loadOnce(browser: Browser, cdp: CDPSession, url: string, config: TranscriptConfig): Promise<ManyFramesRun> {
  const before = new Set(await rendererPids(cdp))
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  try {
    const page = await context.newPage()
    page.on('pageerror', (e) => console.error('page error:', e.message))
    await page.goto(url)
    await page.waitForFunction(() => typeof (window as unknown as { runTranscript?: unknown }).runTranscript === 'function')
    const run = await page.evaluate(
      (c) => (window as unknown as { runTranscript: (c: TranscriptConfig) => Promise<TranscriptRun> }).runTranscript(c),
      config,
    )
    // Garbage and caches every process would drop under pressure are not the frames' cost.
    await cdp.send('Memory.simulatePressureNotification', { level: 'critical' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = (await rendererPids(cdp)).filter((pid) => !before.has(pid))
    const kb = started.reduce((sum, pid) => sum + pssKb(pid), 0)
    if (process.env.FRAMES_DEBUG) console.log(config.mode, config.count, started.map((pid) => `${pid}:${(pssKb(pid) / 1024).toFixed(0)}MB`).join(' '))
    if (!(run.interactive > 0)) throw new Error(`${config.mode} x${config.count}: no app became interactive within ${config.capMs} ms`)
    return { ...run, rendererMb: kb / 1024, renderers: started.length }
  } finally {
    await context.close()
  }
}

/** Runs every host at every length, interleaved (the order rotates each round), after `warmup` rounds. */
export async function runManyFramesBench(browser: Browser, url: string, config: ManyFramesConfig): Promise<ManyFramesSamples> {
  const cdp = await browser.newBrowserCDPSession()
  const samples = Object.fromEntries(
    FRAME_MODES.map((mode) => [mode, Object.fromEntries(FRAME_COUNTS.map((count) => [count, [] as ManyFramesRun[]]))]),
  ) as ManyFramesSamples
  const subjects: Record<string, () => Promise<number>> = {}
  for (const mode of FRAME_MODES) {
    for (const count of FRAME_COUNTS) {
      subjects[`${mode}:${count}`] = async () => {
        const run = await loadOnce(browser, cdp, url, { mode, count, quietMs: config.quietMs, capMs: config.capMs })
        samples[mode][count]!.push(run)
        return run.firstInteractiveMs
      }
    }
  }
  const measured = (mode: FramesMode, count: number) => samples[mode][count]!.slice(config.warmup)
  const stable = () =>
    GOAL_FIGURES.every((key) =>
      ratioStable(
        measured('kit', 50).map((run) => run[key]),
        measured('kit', 1).map((run) => run[key]),
        config.goal,
      ),
    )
  await interleave(subjects, { runs: config.runs, warmup: config.warmup, maxRuns: config.maxRuns, until: stable })
  // interleave() keeps only one figure; drop the warm-up rounds from the full figures too.
  for (const mode of FRAME_MODES) for (const count of FRAME_COUNTS) samples[mode][count] = samples[mode][count]!.slice(config.warmup)
  await cdp.detach()
  return samples
}

/**
 * The scroll row: a 50-app transcript opened at its newest message, once settled scrolled to its top
 * and back, the kit's lazy frame and the hand-written lazy floor interleaved (the order rotates each run).
 */
export async function runScrollBench(browser: Browser, url: string, config: ManyFramesConfig): Promise<ScrollSamples> {
  const cdp = await browser.newBrowserCDPSession()
  const samples: ScrollSamples = { kit: [], observed: [] }
  const subject = (mode: (typeof SCROLL_MODES)[number]) => async () => {
    const run = await loadOnce(browser, cdp, url, {
      mode,
      count: SCROLL_COUNT,
      quietMs: config.quietMs,
      capMs: config.capMs,
      scrollPxPerSecond: config.scroll.pxPerSecond,
    })
    if (!run.scroll) throw new Error(`${mode}: the page did not report its scroll`)
    samples[mode].push(run)
    return run.scroll.longTaskMs
  }
  await interleave({ kit: subject('kit'), observed: subject('observed') }, { runs: config.scroll.runs, warmup: 0 })
  await cdp.detach()
  return samples
}
