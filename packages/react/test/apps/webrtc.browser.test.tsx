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

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')

async function udpCollector(): Promise<{ port: number; packets: () => Promise<number> }> {
  const { port } = (await (await fetch(`${collector}/__udp`, { method: 'POST' })).json()) as { port: number }
  return { port, packets: async () => ((await (await fetch(`${collector}/__udp/${port}`)).json()) as { packets: number }).packets }
}

// Inside a document: `attempt(PC, vector)` starts ICE gathering towards the vector's collector
// and reports what happened; `report` reaches the host directly or through the app (children).
const ATTEMPT = `function attempt(PC, vector, send) {
  var port = PORTS[vector];
  if (typeof PC !== 'function') return send(vector, 'unavailable');
  try {
    var pc = new PC({ iceServers: [{ urls: 'stun:127.0.0.1:' + port }, { urls: 'turn:127.0.0.1:' + port + '?transport=udp', username: 'u', credential: 'c' }] });
    pc.createDataChannel('x');
    pc.createOffer().then(function (offer) { return pc.setLocalDescription(offer); }).catch(function () {});
    send(vector, 'created');
  } catch (e) { send(vector, 'threw ' + e.name); }
}`

// For constructors taken from a child window: a cross-origin child cannot even be read.
const REACH = `function reach(get, vector) {
  var PC;
  try { PC = get(); } catch (e) { return report(vector, 'unreachable (' + e.name + ')'); }
  attempt(PC, vector, report);
}`

// A child document: attempts with its own constructor and tells its parent, which relays.
// The child's own port is a number baked in, so the markup needs no further escaping.
let childPorts: Record<string, number> = {}
const childScript = (vector: string) =>
  `<script>var PORTS = {}; PORTS[${JSON.stringify(vector)}] = ${childPorts[vector] ?? 0}; ${ATTEMPT}; attempt(window.RTCPeerConnection, ${JSON.stringify(vector)}, function (v, r) { parent.postMessage({ method: 'test/rtc-child', params: { vector: v, result: r } }, '*'); });</script>`
// ... as an attribute value, and as a JS string literal (which must not end the app's script).
const childAttr = (vector: string) => childScript(vector).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
const childJs = (vector: string) => JSON.stringify(childScript(vector)).replace(/<\//g, '<\\/')

const vectors = (): { name: string; markup: string }[] => [
  { name: 'the app window', markup: `<script>attempt(window.RTCPeerConnection, 'the app window', report);</script>` },
  { name: 'webkitRTCPeerConnection', markup: `<script>attempt(window.webkitRTCPeerConnection, 'webkitRTCPeerConnection', report);</script>` },
  {
    name: 'about:blank child, window[0] right after appendChild',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); reach(function () { return window[window.length - 1].RTCPeerConnection; }, 'about:blank child, window[0] right after appendChild'); })();</script>`,
  },
  {
    name: 'about:blank child through contentWindow',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.append(f); reach(function () { return f.contentWindow.RTCPeerConnection; }, 'about:blank child through contentWindow'); })();</script>`,
  },
  {
    name: 'contentDocument.defaultView',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.prepend(f); reach(function () { if (!f.contentDocument) throw new DOMException('no contentDocument', 'SecurityError'); return f.contentDocument.defaultView.RTCPeerConnection; }, 'contentDocument.defaultView'); })();</script>`,
  },
  {
    name: 'parser-inserted iframe, then a script',
    markup: `<iframe id="parsed"></iframe><script>reach(function () { return window[window.length - 1].RTCPeerConnection; }, 'parser-inserted iframe, then a script');</script>`,
  },
  {
    name: 'innerHTML iframe, frames[n] at once',
    markup: `<div id="inner"></div><script>document.getElementById('inner').innerHTML = '<iframe></iframe>'; reach(function () { return frames[frames.length - 1].RTCPeerConnection; }, 'innerHTML iframe, frames[n] at once');</script>`,
  },
  {
    name: 'insertAdjacentHTML iframe',
    markup: `<script>document.body.insertAdjacentHTML('beforeend', '<iframe></iframe>'); reach(function () { return window[window.length - 1].RTCPeerConnection; }, 'insertAdjacentHTML iframe');</script>`,
  },
  {
    name: 'Range fragment iframe',
    markup: `<script>document.body.appendChild(document.createRange().createContextualFragment('<iframe></iframe>')); reach(function () { return window[window.length - 1].RTCPeerConnection; }, 'Range fragment iframe');</script>`,
  },
  {
    name: 'iframe in an attached shadow root',
    markup: `<div id="host"></div><script>(function () { var root = document.getElementById('host').attachShadow({ mode: 'closed' }); root.innerHTML = '<iframe></iframe>'; reach(function () { return window[window.length - 1].RTCPeerConnection; }, 'iframe in an attached shadow root'); })();</script>`,
  },
  {
    name: 'document.write into a child',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument; if (!d) return report('document.write into a child', 'unreachable (no contentDocument)'); d.open(); d.write(${childJs('document.write into a child')}); d.close(); })();</script>`,
  },
  {
    name: 'grandchild frame',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument; if (!d) return report('grandchild frame', 'unreachable (no contentDocument)'); var g = d.createElement('iframe'); d.body.appendChild(g); reach(function () { return f.contentWindow[0].RTCPeerConnection; }, 'grandchild frame'); })();</script>`,
  },
  { name: 'srcdoc child', markup: `<iframe srcdoc="${childAttr('srcdoc child')}"></iframe>` },
  {
    name: 'sandboxed srcdoc child',
    markup: `<iframe sandbox="allow-scripts" srcdoc="${childAttr('sandboxed srcdoc child')}"></iframe>`,
  },
  {
    name: 'srcdoc set by script after insertion',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); f.setAttribute('srcdoc', ${childJs('srcdoc set by script after insertion')}); })();</script>`,
  },
  {
    name: 'srcdoc property on a sandboxed child',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.sandbox = 'allow-scripts'; f.srcdoc = ${childJs('srcdoc property on a sandboxed child')}; document.body.appendChild(f); })();</script>`,
  },
  {
    name: 'srcdoc through an attribute node',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var a = document.createAttribute('srcdoc'); a.value = ${childJs('srcdoc through an attribute node')}; f.setAttributeNode(a); })();</script>`,
  },
  {
    name: 'srcdoc through setAttributeNS',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); f.setAttributeNS(null, 'srcdoc', ${childJs('srcdoc through setAttributeNS')}); })();</script>`,
  },
  {
    name: 'srcdoc rewritten through its Attr value',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.srcdoc = '<p>x</p>'; document.body.appendChild(f); f.attributes.srcdoc.value = ${childJs('srcdoc rewritten through its Attr value')}; })();</script>`,
  },
  {
    name: 'cloned guarded iframe with a new srcdoc',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.srcdoc = '<p>x</p>'; var c = f.cloneNode(true); c.attributes.srcdoc.nodeValue = ${childJs('cloned guarded iframe with a new srcdoc')}; document.body.appendChild(c); })();</script>`,
  },
  {
    name: 'srcdoc child in a declarative shadow root',
    markup: `<div><template shadowrootmode="open"><iframe srcdoc="${childAttr('srcdoc child in a declarative shadow root')}"></iframe></template></div>`,
  },
  {
    name: 'parser-inserted javascript: URL child',
    markup: `<iframe src="javascript:parent.postMessage({ method: 'test/rtc-child', params: { vector: 'parser-inserted javascript: URL child', result: typeof RTCPeerConnection === 'function' ? 'created' : 'unavailable' } }, '*')"></iframe>`,
  },
  {
    name: 'innerHTML javascript: URL child',
    markup: `<div id="jsinner"></div><script>document.getElementById('jsinner').innerHTML = '<iframe src="javascript:parent.postMessage({ method: \\'test/rtc-child\\', params: { vector: \\'innerHTML javascript: URL child\\', result: typeof RTCPeerConnection === \\'function\\' ? \\'created\\' : \\'unavailable\\' } }, \\'*\\')"></iframe>';</script>`,
  },
  {
    name: 'document.write srcdoc child',
    markup: `<script>document.write(${JSON.stringify(`<iframe srcdoc="${childAttr('document.write srcdoc child')}"></iframe>`).replace(/<\//g, '<\\/')});</script>`,
  },
  {
    name: 'javascript: URL child',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.src = 'javascript:' + encodeURIComponent("parent.postMessage({ method: 'test/rtc-child', params: { vector: 'javascript: URL child', result: typeof RTCPeerConnection === 'function' ? 'created' : 'unavailable' } }, '*')"); document.body.appendChild(f); })();</script>`,
  },
]

const VECTORS = vectors()

function appDocument(ports: Record<string, number>): string {
  const portsJson = JSON.stringify(ports)
  childPorts = ports
  const markup = vectors()
    .map((v) => v.markup)
    .join('\n')
  return `<!doctype html><html><head><title>webrtc</title></head><body><script>
var PORTS = ${portsJson};
function report(vector, result) { parent.postMessage({ jsonrpc: '2.0', method: 'test/rtc', params: { vector: vector, result: result } }, '*'); }
${ATTEMPT}
${REACH}
addEventListener('message', function (e) { if (e.data && e.data.method === 'test/rtc-child') report(e.data.params.vector, e.data.params.result); });
</script>
${markup}
<script>parent.postMessage({ jsonrpc: '2.0', method: 'test/ran', params: { case: 'webrtc' } }, '*');</script>
</body></html>`
}

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
        const server = memoryServer({ html: appDocument(ports) })
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
