/**
 * One engine's whole cross-browser suite: starts the engine once (its failure, with the reason and
 * the fix, fails the first test and every other test with it: never a silent skip), then registers
 * every suite against it and records the matrix cells.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conformance } from './conformance'
import type { EngineName, EngineSession } from './engines/engine-session'
import { launchEngine } from './engines/launch-engine'
import { pollUntil, suiteContext } from './suite-context'
import { cspFirstSuite } from './suites/csp-first'
import { elicitationDialogSuite } from './suites/elicitation-dialog'
import { hostBridgeSuite } from './suites/host-bridge'
import { isolationSuite } from './suites/isolation'
import { linkHintsSuite } from './suites/link-hints'
import { navigationSuite } from './suites/navigation'
import { siblingsSuite } from './suites/siblings'
import { webrtcSuite } from './suites/webrtc'

/** Registers the suite for `engine` in the calling test file. */
export function defineCrossBrowserSuite(engine: EngineName) {
  const record = conformance(engine, inject('crossBrowserRunId'))
  let launched: Promise<EngineSession> | undefined
  const started = () => {
    launched ??= launchEngine(engine).then(
      async (session) => {
        record.results.version = session.version
        record.results.userAgent = await session.userAgent()
        return session
      },
      (error: unknown) => {
        record.results.unavailable = error instanceof Error ? error.message : String(error)
        throw error
      },
    )
    return launched
  }
  beforeAll(() => {
    // Started here, awaited by each test: a failure becomes each test's failure, with the reason.
    started().catch(() => {})
  })
  afterAll(async () => {
    const session = await launched?.catch(() => undefined)
    await session?.close()
  })
  const ctx = suiteContext(engine, started, record)

  describe(engine, () => {
    it(`${engine} starts and loads the test page`, { timeout: 90_000 }, async () => {
      const session = await started().catch((error: unknown) => {
        console.error(`\n${error instanceof Error ? error.message : String(error)}\n`)
        throw error
      })
      await session.goto(ctx.pageUrl)
      // The page's module script defines the commands; WebKit's driver may report its first load done before it ran.
      expect(await pollUntil(() => session.call<boolean>('ready').catch(() => false), Boolean)).toBe(true)
      ctx.reloadNext()
    })
    for (const suite of [hostBridgeSuite, isolationSuite, cspFirstSuite, linkHintsSuite, webrtcSuite, siblingsSuite, navigationSuite, elicitationDialogSuite]) {
      describe.sequential(suite.name.replace(/Suite$/, ''), () => {
        beforeAll(() => ctx.reloadNext())
        suite(ctx)
      })
    }
  })
}
