/**
 * The WebRTC routes an app can try: its own window, every kind of nested frame (about:blank,
 * srcdoc, javascript: URLs, shadow roots, document.write), each starting ICE gathering towards its
 * own UDP collector. Shared by the Chromium suite (webrtc.browser.test.tsx) and the cross-browser one.
 */

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
const childScript = (childPorts: Record<string, number>, vector: string) =>
  `<script>var PORTS = {}; PORTS[${JSON.stringify(vector)}] = ${childPorts[vector] ?? 0}; ${ATTEMPT}; attempt(window.RTCPeerConnection, ${JSON.stringify(vector)}, function (v, r) { parent.postMessage({ method: 'test/rtc-child', params: { vector: v, result: r } }, '*'); });</script>`
// ... as an attribute value, and as a JS string literal (which must not end the app's script).
const childAttr = (ports: Record<string, number>, vector: string) => childScript(ports, vector).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
const childJs = (ports: Record<string, number>, vector: string) => JSON.stringify(childScript(ports, vector)).replace(/<\//g, '<\\/')

const vectors = (ports: Record<string, number>): { name: string; markup: string }[] => [
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
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument; if (!d) return report('document.write into a child', 'unreachable (no contentDocument)'); d.open(); d.write(${childJs(ports, 'document.write into a child')}); d.close(); })();</script>`,
  },
  {
    name: 'grandchild frame',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument; if (!d) return report('grandchild frame', 'unreachable (no contentDocument)'); var g = d.createElement('iframe'); d.body.appendChild(g); reach(function () { return f.contentWindow[0].RTCPeerConnection; }, 'grandchild frame'); })();</script>`,
  },
  { name: 'srcdoc child', markup: `<iframe srcdoc="${childAttr(ports, 'srcdoc child')}"></iframe>` },
  {
    name: 'sandboxed srcdoc child',
    markup: `<iframe sandbox="allow-scripts" srcdoc="${childAttr(ports, 'sandboxed srcdoc child')}"></iframe>`,
  },
  {
    name: 'srcdoc set by script after insertion',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); f.setAttribute('srcdoc', ${childJs(ports, 'srcdoc set by script after insertion')}); })();</script>`,
  },
  {
    name: 'srcdoc property on a sandboxed child',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.sandbox = 'allow-scripts'; f.srcdoc = ${childJs(ports, 'srcdoc property on a sandboxed child')}; document.body.appendChild(f); })();</script>`,
  },
  {
    name: 'srcdoc through an attribute node',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); var a = document.createAttribute('srcdoc'); a.value = ${childJs(ports, 'srcdoc through an attribute node')}; f.setAttributeNode(a); })();</script>`,
  },
  {
    name: 'srcdoc through setAttributeNS',
    markup: `<script>(function () { var f = document.createElement('iframe'); document.body.appendChild(f); f.setAttributeNS(null, 'srcdoc', ${childJs(ports, 'srcdoc through setAttributeNS')}); })();</script>`,
  },
  {
    name: 'srcdoc rewritten through its Attr value',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.srcdoc = '<p>x</p>'; document.body.appendChild(f); f.attributes.srcdoc.value = ${childJs(ports, 'srcdoc rewritten through its Attr value')}; })();</script>`,
  },
  {
    name: 'cloned guarded iframe with a new srcdoc',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.srcdoc = '<p>x</p>'; var c = f.cloneNode(true); c.attributes.srcdoc.nodeValue = ${childJs(ports, 'cloned guarded iframe with a new srcdoc')}; document.body.appendChild(c); })();</script>`,
  },
  {
    name: 'srcdoc child in a declarative shadow root',
    markup: `<div><template shadowrootmode="open"><iframe srcdoc="${childAttr(ports, 'srcdoc child in a declarative shadow root')}"></iframe></template></div>`,
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
    markup: `<script>document.write(${JSON.stringify(`<iframe srcdoc="${childAttr(ports, 'document.write srcdoc child')}"></iframe>`).replace(/<\//g, '<\\/')});</script>`,
  },
  {
    name: 'javascript: URL child',
    markup: `<script>(function () { var f = document.createElement('iframe'); f.src = 'javascript:' + encodeURIComponent("parent.postMessage({ method: 'test/rtc-child', params: { vector: 'javascript: URL child', result: typeof RTCPeerConnection === 'function' ? 'created' : 'unavailable' } }, '*')"); document.body.appendChild(f); })();</script>`,
  },
]

/** The name of every route to WebRTC the app document tries. */
export const WEBRTC_VECTORS: readonly string[] = vectors({}).map((v) => v.name)

/**
 * The app document: every route, each towards the UDP collector on `ports[route]`; it posts
 * `test/rtc { vector, result }` per route and `test/ran { case: 'webrtc' }` once parsed.
 */
export function webrtcAppDocument(ports: Record<string, number>): string {
  const portsJson = JSON.stringify(ports)
  const markup = vectors(ports)
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
