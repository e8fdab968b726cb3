/**
 * The sandbox proxy of the MCP Apps double-iframe option, as an HTML string. Served from an origin
 * other than the host's and framed with `allow-scripts allow-same-origin`, it announces
 * `ui/notifications/sandbox-proxy-ready`, loads the app from `ui/notifications/sandbox-resource-ready
 * { html, sandbox?, csp?, permissions? }` into an inner `srcdoc` iframe (never same-origin with the
 * proxy), and relays every other message between host and app, each way checked by source window
 * and, from the host, by origin.
 *
 * The app's CSP is enforced by the HTTP header the proxy page is served with (the inner `srcdoc`
 * document inherits it; see `createSandboxProxyHandler`), plus the `<meta>` of the document the
 * host built with `buildAppDocument`. The header's `frame-src` also governs the inner frame's own
 * navigations, so an app cannot navigate itself anywhere it did not declare.
 *
 * When the app document hands over a port (`mcp-hitl/channel`, see `buildAppDocument`), host
 * messages go to the app on that port only, so they die with the document. A second document in
 * the inner frame (a navigation or reload) is removed and reported to the host as
 * `mcp-hitl/app-left`; the app can never speak the `mcp-hitl/` or `sandbox-` messages itself.
 */
import { McpHitlError } from '../errors'
import {
  MCP_HITL_APP_LEFT_METHOD,
  MCP_HITL_CHANNEL_METHOD,
  MCP_HITL_ESCAPE_METHOD,
  SANDBOX_PROXY_READY_METHOD,
  SANDBOX_RESOURCE_READY_METHOD,
} from './sandbox-proxy-protocol'

/** Options of {@link buildSandboxProxyPage}. */
export interface SandboxProxyPageOptions {
  /** Origins of the host pages that may embed and drive the proxy (exact origins, no wildcards). */
  allowedHostOrigins: string[]
}

/** Normalises host origins; throws `misuse` on wildcards, `null` or non-http(s) entries. */
export function normalizeHostOrigins(origins: string[]): string[] {
  if (!Array.isArray(origins) || origins.length === 0) {
    throw new McpHitlError(
      'createSandboxProxyHandler / buildSandboxProxyPage: allowedHostOrigins is empty; list the origins of the chat pages that embed the sandbox, e.g. ["https://chat.example.com"]',
      { code: 'misuse' },
    )
  }
  return origins.map((origin) => {
    let url: URL | undefined
    try {
      url = new URL(origin)
    } catch {
      url = undefined
    }
    if (!url || !['https:', 'http:'].includes(url.protocol) || origin.includes('*')) {
      throw new McpHitlError(
        `createSandboxProxyHandler / buildSandboxProxyPage: allowedHostOrigins entry "${origin}" is not an http(s) origin; write exact origins such as "https://chat.example.com" (no wildcards)`,
        { code: 'misuse' },
      )
    }
    return url.origin
  })
}

// Runs inside the proxy page. Plain ES2017, no dependencies; `ALLOWED` is injected as JSON.
const SCRIPT = `(function () {
  'use strict';
  if (window.self === window.top) return;
  var ancestors = window.location.ancestorOrigins;
  var host = ancestors && ancestors.length ? ancestors[0] : '';
  if (!host && document.referrer) { try { host = new URL(document.referrer).origin; } catch (e) { host = ''; } }
  if (ALLOWED.indexOf(host) === -1) { document.body.textContent = 'This sandbox may not be embedded here.'; return; }
  // What a host may give the app besides scripts. Never allow-downloads: files go through the
  // host's ui/download-file confirmation, never a navigation of the frame.
  var TOKENS = ['allow-forms', 'allow-modals', 'allow-pointer-lock', 'allow-popups'];
  var FEATURES = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  var inner = null;
  var port = null;
  function left() {
    if (inner) inner.remove();
    inner = null;
    if (port) port.close();
    port = null;
    window.parent.postMessage({ jsonrpc: '2.0', method: '${MCP_HITL_APP_LEFT_METHOD}', params: {} }, host);
  }
  function load(params) {
    if (!params || typeof params.html !== 'string') return;
    if (inner) inner.remove();
    if (port) port.close();
    port = null;
    var frame = document.createElement('iframe');
    inner = frame;
    frame.setAttribute('title', 'MCP App');
    frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
    // Only harmless tokens survive: never allow-same-origin (the app would own this proxy), never top navigation.
    var asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\\s+/) : [];
    var tokens = ['allow-scripts'];
    for (var i = 0; i < asked.length; i++) if (TOKENS.indexOf(asked[i]) !== -1 && tokens.indexOf(asked[i]) === -1) tokens.push(asked[i]);
    frame.setAttribute('sandbox', tokens.join(' '));
    var allow = [];
    var perms = params.permissions && typeof params.permissions === 'object' ? params.permissions : {};
    for (var key in FEATURES) if (Object.prototype.hasOwnProperty.call(perms, key) && perms[key]) allow.push(FEATURES[key]);
    if (allow.length) frame.setAttribute('allow', allow.join('; '));
    var loads = 0;
    frame.addEventListener('load', function () {
      loads++;
      if (loads > 1 && inner === frame) left();
    });
    frame.srcdoc = params.html;
    document.body.appendChild(frame);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    var method = data && typeof data === 'object' ? data.method : undefined;
    if (event.source === window.parent) {
      if (event.origin !== host) return;
      if (method === '${SANDBOX_RESOURCE_READY_METHOD}') return load(data.params);
      if (port) port.postMessage(data);
      else if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
    } else if (inner && event.source === inner.contentWindow) {
      if (method === '${MCP_HITL_CHANNEL_METHOD}' && event.ports.length) {
        // The document's first message; a second one means a second document.
        if (port) return left();
        port = event.ports[0];
        port.onmessage = function (message) {
          var notice = message.data && message.data.method;
          if (notice === '${MCP_HITL_APP_LEFT_METHOD}') left();
          // The person pressed Escape in the app (its guard says so; app code cannot reach this port).
          else if (notice === '${MCP_HITL_ESCAPE_METHOD}') window.parent.postMessage({ jsonrpc: '2.0', method: notice, params: {} }, host);
        };
        return;
      }
      // The app may not speak the proxy's handshake or the kit's frame messages.
      if (typeof method === 'string' && (method.indexOf('ui/notifications/sandbox-') === 0 || method.indexOf('mcp-hitl/') === 0)) return;
      window.parent.postMessage(data, host);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: '${SANDBOX_PROXY_READY_METHOD}', params: {} }, host);
})();`

/** The sandbox proxy page's HTML; serve it with `createSandboxProxyHandler` (CSP as an HTTP header). */
export function buildSandboxProxyPage(options: SandboxProxyPageOptions): string {
  // `<` escaped so an origin can never close the script element.
  const allowed = JSON.stringify(normalizeHostOrigins(options.allowedHostOrigins)).replace(/</g, '\\u003c')
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP App sandbox</title><style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}</style></head><body><script>var ALLOWED = ${allowed};\n${SCRIPT}</script></body></html>`
}
