/** What every suite gets: the engine's session, the test page, the peers on other ports (hostile-peers.global-setup.ts), and the matrix recorder. */
import type {} from '../packages/react/test/apps/hostile-peers.global-setup'
import { inject, onTestFailed } from 'vitest'
import type { conformance } from './conformance'
import type { EngineName, EngineSession } from './engines/engine-session'
import type { FrameLog, FrameSpec } from './page/frame-commands'

/** A suite's view of one engine. */
export interface SuiteContext {
  engine: EngineName
  /** The engine with the test page loaded and emptied (reloaded after a failed test); rejects with why the engine did not start. */
  page(): Promise<EngineSession>
  /** Reload the page before the next test (each describe starts on a fresh page). */
  reloadNext(): void
  record: ReturnType<typeof conformance>
  pageUrl: string
  collector: string
  /** The sandbox proxy page on its own origin. */
  proxyUrl: string
  /** Both sandbox modes: `proxyUrl` is what a frame spec takes. */
  modes: { mode: 'srcdoc' | 'proxy'; proxyUrl?: string }[]
}

/** Builds the context around a session that is still starting. */
export function suiteContext(engine: EngineName, started: () => Promise<EngineSession>, record: ReturnType<typeof conformance>): SuiteContext {
  const pageUrl = inject('crossBrowserPageUrl')
  const proxyUrl = inject('appsSandboxProxyUrl')
  let reload = true
  return {
    engine,
    record,
    pageUrl,
    proxyUrl,
    collector: inject('appsCollectorUrl'),
    modes: [{ mode: 'srcdoc' }, { mode: 'proxy', proxyUrl }],
    reloadNext: () => {
      reload = true
    },
    async page() {
      const session = await started()
      onTestFailed(() => {
        reload = true
      })
      if (reload) {
        await session.goto(pageUrl)
        // The page's module script defines the commands; a driver may report the navigation done before it ran.
        const ready = await pollUntil(() => session.call<boolean>('ready').catch(() => false), Boolean, 15_000)
        if (!ready) throw new Error(`${engine}: the test page ${pageUrl} loaded no commands within 15 s`)
        reload = false
      } else {
        await session.call('unmountAllFrames')
        await session.call('closeChat')
        await session.call('clearSignals')
      }
      return session
    },
  }
}

/** Polls `read` until `done` holds (or `timeoutMs` passed) and returns the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    value = await read()
  }
  return value
}

/**
 * Polls `read` until `done` holds, for as long as `progress` (a count that only grows, such as the
 * cases that reported) keeps growing: it gives up only after `stallMs` without any, so a batch that
 * a busy machine runs slowly is waited for, and one that stopped is not.
 */
export async function pollWhileProgressing<T>(read: () => Promise<T>, done: (value: T) => boolean, progress: (value: T) => number, stallMs = 15_000, intervalMs = 100): Promise<T> {
  let value = await read()
  let last = progress(value)
  let deadline = Date.now() + stallMs
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    value = await read()
    if (progress(value) > last) {
      last = progress(value)
      deadline = Date.now() + stallMs
    }
  }
  return value
}

/** Mounts a frame; its key. */
export const mountFrame = (session: EngineSession, spec: FrameSpec) => session.call<string>('mountFrame', spec)

/** Waits until the frame's app reported `kind` (`count` times) and returns its log. */
export async function waitForReport(session: EngineSession, key: string, kind: string, count = 1, timeoutMs = 15_000): Promise<FrameLog> {
  const log = await pollUntil(
    () => session.call<FrameLog>('frameLog', key),
    (l) => l.reports.filter((r) => r.kind === kind).length >= count,
    timeoutMs,
  )
  const seen = log.reports.filter((r) => r.kind === kind).length
  if (seen < count) throw new Error(`the app reported "${kind}" ${seen} times within ${timeoutMs} ms (wanted ${count}); it reported ${JSON.stringify(log.reports.map((r) => r.kind))}, refusals ${JSON.stringify(log.refused)}`)
  return log
}

/** A `test/*` signal the page received. */
export type Signal = { method: string; params: Record<string, unknown> }

/** The page's `test/*` signals of `method` (whose params contain `match`). */
export const signals = (session: EngineSession, method: string, match: Record<string, unknown> = {}) => session.call<Signal[]>('signals', method, match)

/** Sleeps: only to let an attack's late phases (timers, load handlers) run, never to time anything. */
export const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
