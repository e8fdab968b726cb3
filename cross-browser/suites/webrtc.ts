/**
 * WebRTC from an app: every route of the Chromium suite (its own window, every kind of nested
 * frame), in both sandbox modes, each towards its own UDP collector on 127.0.0.1. No route may
 * start a peer connection and no collector may receive a packet. The control first shows that the
 * test page itself reaches a collector, or that the engine exposes no WebRTC at all.
 */
import { describe, expect } from 'vitest'
import { WEBRTC_VECTORS, webrtcAppDocument } from '../../packages/react/test/apps/webrtc-vectors'
import { mountFrame, pollUntil, type SuiteContext, settle, signals } from '../suite-context'

async function udpCollector(collector: string): Promise<{ port: number; packets: () => Promise<number> }> {
  const { port } = (await (await fetch(`${collector}/__udp`, { method: 'POST' })).json()) as { port: number }
  return { port, packets: async () => ((await (await fetch(`${collector}/__udp/${port}`)).json()) as { packets: number }).packets }
}

export function webrtcSuite(ctx: SuiteContext) {
  describe('WebRTC from an app', () => {
    let pageHasWebRtc: boolean | undefined
    for (const { mode, proxyUrl } of ctx.modes) {
      ctx.record.test('no-webrtc', mode, "control: the test page's own peer connection reaches a UDP collector, or the engine has no WebRTC", async () => {
        const session = await ctx.page()
        const udp = await udpCollector(ctx.collector)
        const started = await session.call<'unavailable' | 'started'>('pageWebRtc', udp.port)
        pageHasWebRtc = started === 'started'
        if (started === 'unavailable') {
          ctx.record.note('no-webrtc', mode, 'this build exposes no RTCPeerConnection even to the page itself, so no route can exist; Safari, which has WebRTC, is not measured by this cell')
          return
        }
        expect(await pollUntil(udp.packets, (n) => n > 0, 10_000)).toBeGreaterThan(0)
      })

      ctx.record.test('no-webrtc', mode, 'no realm the app can reach opens a peer connection, and no UDP packet leaves', async () => {
        const session = await ctx.page()
        const collectors = await Promise.all(WEBRTC_VECTORS.map(() => udpCollector(ctx.collector)))
        const ports = Object.fromEntries(WEBRTC_VECTORS.map((name, i) => [name, collectors[i]!.port]))
        await mountFrame(session, { proxyUrl, html: webrtcAppDocument(ports) })
        const ran = await pollUntil(() => signals(session, 'test/ran', { case: 'webrtc' }), (s) => s.length > 0, 20_000)
        expect(ran.length, 'the app document ran').toBeGreaterThan(0)
        // Children report after their own documents load; one that never runs never reports.
        await settle(3000)
        const reported = Object.fromEntries((await signals(session, 'test/rtc')).map((s) => [s.params.vector, String(s.params.result)]))
        const results = Object.fromEntries(WEBRTC_VECTORS.map((name) => [name, reported[name] ?? 'never ran']))
        const packets = Object.fromEntries(await Promise.all(WEBRTC_VECTORS.map(async (name, i) => [name, await collectors[i]!.packets()] as const)))
        for (const name of WEBRTC_VECTORS) expect(results[name], name).toMatch(/^(unavailable|unreachable \(SecurityError\)|unreachable \(no contentDocument\)|never ran)$/)
        expect(packets).toEqual(Object.fromEntries(WEBRTC_VECTORS.map((name) => [name, 0])))
        if (pageHasWebRtc === false) ctx.record.note('no-webrtc', mode, 'every route reports "unavailable" because the engine has none')
      }, 60_000)
    }
  })
}
