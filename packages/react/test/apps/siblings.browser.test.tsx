// @module-tag security
/**
 * Two app frames on one page: a hostile one posts a forged `tool-result` (and a forged
 * `sandbox-resource-ready`) to every window it can reach: in srcdoc mode the sibling through
 * `parent.frames`, behind proxies the sibling's inner app through `top.frames[i][0]`. Posting to a
 * window one can name cannot be prevented; the kit's document guard drops such messages before any
 * app listener, so even a view that does not check `event.source` sees only its host, whose
 * messages come from `window.parent` with the parent's origin; and no proxy obeys anyone but its host.
 */
import { describe, expect, inject, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, memoryServer, recorder } from './fixtures'
import { HOSTILE_SIBLING, VICTIM_SIBLING, type VictimReport } from './sibling-apps'

const proxyUrl = inject('appsSandboxProxyUrl')

describe('sibling app frames (Chromium)', () => {
  for (const { mode, sandbox } of [
    { mode: 'srcdoc', sandbox: {} },
    { mode: 'proxy', sandbox: { proxyUrl } },
  ]) {
    it(`${mode} mode: a sibling's forged messages are told apart from the host's, and the App ignores them`, { timeout: 20_000 }, async () => {
      const rec = recorder()
      const taken: unknown[] = []
      const onTaken = (event: MessageEvent) => {
        if ((event.data as { method?: string })?.method === 'test/taken-over') taken.push(event.data)
      }
      window.addEventListener('message', onTaken)
      try {
        const victimServer = memoryServer({ html: VICTIM_SIBLING })
        const hostileServer = memoryServer({ html: HOSTILE_SIBLING })
        const victim = activity()
        await render(
          <>
            <McpAppFrame content={victim} transport={victimServer.transport} sandbox={sandbox} handlers={{ onMessage: rec.onMessage }} />
            <McpAppFrame content={activity()} transport={hostileServer.transport} sandbox={sandbox} handlers={{ onMessage: rec.onMessage }} />
          </>,
        )
        await rec.waitFor('sent')
        const sent = rec.find('sent')[0]!.data as { targets: number; sent: number }
        expect(sent.sent).toBeGreaterThan(0)
        await rec.waitFor('victim')
        const report = rec.find('victim')[0]!.data as VictimReport
        // The App saw the host's result once, never the forged one.
        expect(report.results).toEqual(['sunny'])
        const fromHost = report.seen.filter((m) => m.fromParent)
        const fromSibling = report.seen.filter((m) => !m.fromParent)
        expect(fromHost.map((m) => m.text)).toEqual(['sunny'])
        expect(fromHost.every((m) => m.origin !== 'null')).toBe(true)
        // Not one forgery reached even the careless listener.
        expect(fromSibling).toEqual([])
        // No sandbox proxy loaded HTML from anyone but its host.
        expect(taken).toEqual([])
        console.info(`siblings ${mode}`, JSON.stringify({ targets: sent.targets, sent: sent.sent, forgedSeen: fromSibling.length, hostSeen: fromHost.length }))
      } finally {
        window.removeEventListener('message', onTaken)
        cleanup()
      }
    })
  }
})
