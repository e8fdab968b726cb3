// @module-tag security
/**
 * WebRTC is a way out that CSP does not govern (Chromium 156 does not implement the `webrtc`
 * directive): an app that opens an RTCPeerConnection with an ICE server of its choosing sends STUN
 * and TURN packets (UDP) wherever it likes. Every realm the app can reach is tried here, in both
 * sandbox modes, each against its own UDP collector on 127.0.0.1, which must receive nothing.
 */
import { describe, expect, inject, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, memoryServer, signals } from './fixtures'
import { WEBRTC_VECTORS, webrtcAppDocument } from './webrtc-vectors'

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')

async function udpCollector(): Promise<{ port: number; packets: () => Promise<number> }> {
  const { port } = (await (await fetch(`${collector}/__udp`, { method: 'POST' })).json()) as { port: number }
  return { port, packets: async () => ((await (await fetch(`${collector}/__udp/${port}`)).json()) as { packets: number }).packets }
}

const VECTORS = WEBRTC_VECTORS.map((name) => ({ name }))

describe('WebRTC from an app (Chromium)', () => {
  it('the UDP collector works: the test page itself reaches it', async () => {
    const udp = await udpCollector()
    const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${udp.port}` }] })
    pc.createDataChannel('x')
    await pc.setLocalDescription(await pc.createOffer())
    await expect.poll(udp.packets, { timeout: 10_000 }).toBeGreaterThan(0)
    pc.close()
  })

  for (const { mode, sandbox } of [
    { mode: 'srcdoc', sandbox: {} },
    { mode: 'proxy', sandbox: { proxyUrl } },
  ]) {
    it(`${mode} mode: no realm the app can reach opens a peer connection, and no UDP packet leaves`, { timeout: 30_000 }, async () => {
      const collectors = await Promise.all(VECTORS.map(() => udpCollector()))
      const ports = Object.fromEntries(VECTORS.map((v, i) => [v.name, collectors[i]!.port]))
      const seen = signals()
      try {
        const server = memoryServer({ html: webrtcAppDocument(ports) })
        await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} />)
        await seen.waitFor('test/ran', { case: 'webrtc' })
        // Children report after their own documents load; one that never runs never reports.
        await new Promise((resolve) => setTimeout(resolve, 3000))
        const reported = Object.fromEntries(seen.of('test/rtc').map((s) => [s.params.vector, String(s.params.result)]))
        const results = Object.fromEntries(VECTORS.map((v) => [v.name, reported[v.name] ?? 'never ran']))
        const packets = Object.fromEntries(await Promise.all(VECTORS.map(async (v, i) => [v.name, await collectors[i]!.packets()] as const)))
        console.info(`webrtc ${mode}`, JSON.stringify({ results, packets }))
        for (const v of VECTORS) expect(results[v.name], v.name).toMatch(/^(unavailable|unreachable \(SecurityError\)|unreachable \(no contentDocument\)|never ran)$/)
        expect(packets).toEqual(Object.fromEntries(VECTORS.map((v) => [v.name, 0])))
      } finally {
        seen.stop()
        cleanup()
      }
    })
  }
})
