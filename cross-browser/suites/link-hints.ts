/**
 * Link hints (prefetch, next, preload, modulepreload, preconnect, dns-prefetch, prerender) in either
 * sandbox mode. Firefox queues a prefetch while any document of its process is loading and sends it
 * once none is, after the frame that asked is gone and without its CSP; it opens preconnects with no
 * CSP check. Each test holds a document load open on the page for as long as the frame lives, so
 * the queue is kept whatever the machine's speed, then removes the frame and ends the load. The
 * control runs the same hints in a frame with the kit's policy alone (no guard) and from the page
 * itself; the kit's frames then run every way of writing a hint (link-hint-vectors.ts): no link the
 * app can read keeps a hint token, the HTTP collector receives nothing and the TCP collector accepts
 * no connection.
 */
import { describe, expect } from 'vitest'
import { collected } from '../../packages/react/test/apps/fixtures'
import {
  LINK_HINT_VECTORS,
  type LinkHintReport,
  linkHintAppDocument,
  OPTIONAL_LINK_HINT_VECTORS,
  UNREADABLE_LINK_HINT_VECTORS,
} from '../../packages/react/test/apps/link-hint-vectors'
import type { EngineSession } from '../engines/engine-session'
import { mountFrame, pollUntil, type SuiteContext, settle, signals } from '../suite-context'

const HINTS = ['prefetch', 'next', 'preload', 'modulepreload', 'preconnect', 'dns-prefetch', 'prerender']
// Hints that open a connection and may send nothing on it: their links point at a TCP collector.
const CONNECTING = ['preconnect', 'dns-prefetch']
const hintIn = (rel: string | null) => (rel ?? '').split(/[\t\n\f\r ]+/).find((token) => HINTS.includes(token.toLowerCase()))

export function linkHintsSuite(ctx: SuiteContext) {
  const origin = new URL(ctx.pageUrl).origin
  const run = `xb-hints-${ctx.engine}-${Date.now().toString(36)}`
  const tcpCollector = async () => ((await (await fetch(`${origin}/__tcp`, { method: 'POST' })).json()) as { port: number }).port
  const connections = async (port: number) => ((await (await fetch(`${origin}/__tcp/${port}`)).json()) as { connections: number }).connections
  // The page's document load stays open while `body` runs; the frame goes first, then the load ends.
  const whileLoading = async (session: EngineSession, id: string, body: () => Promise<() => Promise<void>>) => {
    await session.call('holdLoad', `${origin}/__hold?id=${encodeURIComponent(id)}`)
    const remove = await body()
    await remove()
    await fetch(`${origin}/__release?id=${encodeURIComponent(id)}`)
    await session.call('dropHolds')
    // The engine's queue runs once nothing loads; what it would send is out by then.
    await settle(1000)
  }
  // HTTP hints name the case in their path (Firefox prefetches rel=next only for a URL without a
  // query); connecting hints point at a TCP collector of their own, which is how they are told apart.
  const hrefFor = (tag: string, rel: string, ports: Map<string, number>) => (vector: string) =>
    CONNECTING.includes(rel) ? `http://127.0.0.1:${ports.get(vector)}/x/${tag}/${encodeURIComponent(vector)}` : `${ctx.collector}/x/${tag}/${encodeURIComponent(vector)}`
  const portsFor = async (rel: string, vectors: readonly string[]) => {
    const ports = new Map<string, number>()
    if (CONNECTING.includes(rel)) for (const vector of vectors) ports.set(vector, await tcpCollector())
    return ports
  }
  // The connecting hints' vectors whose collector accepted a connection.
  const connected = async (ports: Map<string, number>) => {
    const seen: string[] = []
    for (const [vector, port] of ports) if ((await connections(port)) > 0) seen.push(vector)
    return seen
  }

  describe('no link hint leaves an app frame', () => {
    for (const { mode, proxyUrl } of ctx.modes) {
      ctx.record.test('link-hints', mode, "control: the page's own hints reach the collectors; what the kit's policy alone lets through is noted", async () => {
        const session = await ctx.page()
        const tag = `${run}-control-${mode}`
        const page: Record<string, boolean> = {}
        const bare: Record<string, boolean> = {}
        for (const rel of HINTS) {
          const ports = await portsFor(rel, ['page', 'bare'])
          const pageHref = hrefFor(`${tag}-page-${rel}`, rel, ports)('page')
          const bareHref = hrefFor(`${tag}-bare-${rel}`, rel, ports)('bare')
          await whileLoading(session, `${tag}-${rel}`, async () => {
            await session.call('pageHint', rel, pageHref)
            const key = await session.call<string>('mountBareFrame', {
              proxyUrl,
              html: `<link rel="${rel}" href="${bareHref}"><script>parent.postMessage({ jsonrpc: '2.0', method: 'test/ran', params: { case: ${JSON.stringify(`${tag}-${rel}`)} } }, '*');</script>`,
            })
            const ran = await pollUntil(() => signals(session, 'test/ran', { case: `${tag}-${rel}` }), (s) => s.length > 0)
            expect(ran, `the bare frame's script for rel=${rel} ran`).toHaveLength(1)
            return () => session.call('unmountBareFrame', key)
          })
          const reached = await connected(ports)
          page[rel] = reached.includes('page') || (await collected(ctx.collector, `${tag}-page-${rel}`)).length > 0
          bare[rel] = reached.includes('bare') || (await collected(ctx.collector, `${tag}-bare-${rel}`)).length > 0
        }
        const reached = HINTS.filter((rel) => page[rel])
        ctx.record.note('link-hints', mode, `the page's own hints that reached a collector: ${reached.join(', ') || 'none'}`)
        const leaked = HINTS.filter((rel) => bare[rel])
        ctx.record.note('link-hints', mode, `without the guard, the kit's policy alone let through: ${leaked.join(', ') || 'nothing'}`)
        // The collectors see what the engine does with a hint: at least one kind of hint is acted on.
        expect(reached.length, 'no hint from the page itself reached a collector').toBeGreaterThan(0)
      }, 120_000)

      for (const rel of HINTS) {
        ctx.record.test('link-hints', mode, `rel=${rel}, every way of writing it: no readable link keeps it, nothing reaches a collector`, async () => {
          const session = await ctx.page()
          const tag = `${run}-${mode}-${rel}`
          const ports = await portsFor(rel, LINK_HINT_VECTORS)
          const html = linkHintAppDocument({ rel, tag, href: hrefFor(tag, rel, ports) })
          let reports: LinkHintReport[] = []
          await whileLoading(session, tag, async () => {
            const key = await mountFrame(session, { proxyUrl, html, eager: true })
            const ran = await pollUntil(() => signals(session, 'test/ran', { case: tag }), (s) => s.length > 0, 30_000)
            expect(ran, 'the app document posted test/ran').toHaveLength(1)
            expect(ran[0]?.params.missing, 'nested frames that never ran').toEqual([])
            reports = (await signals(session, 'test/hint-rel', { tag })).map((s) => s.params as unknown as LinkHintReport)
            return () => session.call('unmountFrame', key)
          })
          const byVector = new Map(reports.map((r) => [r.vector, r]))
          for (const vector of LINK_HINT_VECTORS.filter((v) => !UNREADABLE_LINK_HINT_VECTORS.includes(v))) {
            const report = byVector.get(vector)
            expect(report, `${vector}: no report`).toBeDefined()
            if (report?.threw) {
              // The engine lacks the API: there is no such way to write a hint here.
              ctx.record.note('link-hints', mode, `${vector}: the engine lacks the API (${report.threw})`)
              continue
            }
            if (!OPTIONAL_LINK_HINT_VECTORS.includes(vector)) expect(report?.made, `${vector}: made no link`).toBe(true)
            expect(hintIn(report?.sync ?? null), `${vector}: rel right after it was written`).toBeUndefined()
            expect(hintIn(report?.later ?? null), `${vector}: rel a task later`).toBeUndefined()
          }
          expect(await collected(ctx.collector, tag)).toEqual([])
          expect(await connected(ports), 'vectors whose TCP collector accepted a connection').toEqual([])
        }, 120_000)
      }
    }
  })
}
