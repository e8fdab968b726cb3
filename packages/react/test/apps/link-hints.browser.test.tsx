// @module-tag security
/**
 * An app tries to keep a link hint (prefetch, next, preload, modulepreload, preconnect,
 * dns-prefetch, prerender): Firefox sends a queued prefetch after its document is gone without the
 * document's CSP and opens preconnects with no CSP check, so the kit's guard takes the hint off every
 * link. Every way of writing one (link-hint-vectors.ts), in both sandbox modes in real Chromium: no
 * link the app can read holds a hint token, neither right after it was written nor later, and the
 * collector on another port receives nothing. The same vectors run in Firefox and WebKit in the
 * cross-browser suite, where the queued prefetch is reproduced.
 */
import { describe, expect, inject, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, collected, memoryServer, signals } from './fixtures'
import { LINK_HINT_VECTORS, type LinkHintReport, linkHintAppDocument, OPTIONAL_LINK_HINT_VECTORS, UNREADABLE_LINK_HINT_VECTORS } from './link-hint-vectors'

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')
const RUN = `hints-${Date.now().toString(36)}`
const HINTS = ['prefetch', 'next', 'preload', 'modulepreload', 'preconnect', 'dns-prefetch', 'prerender']
const MODES = [
  { mode: 'srcdoc', sandbox: {} },
  { mode: 'proxy', sandbox: { proxyUrl } },
]
const hintIn = (rel: string | null) => (rel ?? '').split(/[\t\n\f\r ]+/).find((token) => HINTS.includes(token.toLowerCase()))

describe('no link in an app keeps a prefetch-type hint (Chromium)', () => {
  for (const { mode, sandbox } of MODES) {
    for (const rel of HINTS) {
      it(`rel=${rel} [${mode}]: every readable link is hint-free at once and later, and nothing reaches the collector`, async () => {
        const tag = `${RUN}-${mode}-${rel}`
        // A path without a query: Firefox prefetches rel=next only then.
        const html = linkHintAppDocument({ rel, tag, href: (vector) => `${collector}/x/${tag}/${encodeURIComponent(vector)}` })
        const seen = signals()
        try {
          const screen = await render(<McpAppFrame content={activity()} transport={memoryServer({ html }).transport} sandbox={sandbox} eager />)
          await seen.waitFor('test/ran', { case: tag }, 20_000)
          expect(seen.of('test/ran', { case: tag })[0]?.params.missing, 'nested frames that never ran').toEqual([])
          const reports = seen.of('test/hint-rel', { tag }).map((s) => s.params as unknown as LinkHintReport)
          const byVector = new Map(reports.map((r) => [r.vector, r]))
          for (const vector of LINK_HINT_VECTORS.filter((v) => !UNREADABLE_LINK_HINT_VECTORS.includes(v))) {
            const report = byVector.get(vector)
            expect(report, `${vector}: no report`).toBeDefined()
            expect(report?.threw, `${vector}: threw`).toBeUndefined()
            if (!OPTIONAL_LINK_HINT_VECTORS.includes(vector)) expect(report?.made, `${vector}: made no link`).toBe(true)
            expect(hintIn(report?.sync ?? null), `${vector}: rel right after it was written`).toBeUndefined()
            expect(hintIn(report?.later ?? null), `${vector}: rel a task later`).toBeUndefined()
          }
          screen.unmount()
          await new Promise((resolve) => setTimeout(resolve, 500))
          expect(await collected(collector, tag)).toEqual([])
        } finally {
          seen.stop()
        }
      }, 60_000)
    }
  }
})
