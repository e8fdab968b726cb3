/**
 * The document an MCP App runs as: a kit-owned prefix, then the app's HTML unchanged.
 *
 * The prefix `<!doctype html><html><head><meta http-equiv="Content-Security-Policy">` comes
 * first, so the policy is in force before the parser reads one byte of the app's markup, whatever
 * that markup is: no leading character, unbalanced quote or odd comment can push the `<meta>` into
 * `<body>` (where browsers ignore it), because the kit no longer looks at the app's markup to place
 * it. The app's own doctype, `<html>` and `<head>` tags merge into the kit's (HTML parsing ignores
 * a second doctype and `<head>` and adds a second `<html>`'s attributes to the first).
 *
 * After the policy comes the guard, a classic script that runs before any app script:
 * - it removes the WebRTC constructors (`RTCPeerConnection` and every `RTC*` interface), which no
 *   CSP directive governs in Chromium (`webrtc` is not implemented), from the app's window and from
 *   every same-origin frame the app creates (about:blank and srcdoc children share its opaque
 *   origin and would hand it fresh constructors), and prefixes every nested `srcdoc` with itself;
 * - it opens a `MessageChannel` to the parent and hands over one port, before the app can post
 *   anything. The host then talks to the app only on that port, re-dispatched inside the document
 *   as ordinary `message` events from `window.parent`. A port belongs to its document: if the
 *   frame navigates or reloads, the port dies with the old document and no host message can reach
 *   the new one. A `pagehide` notice on the port tells the host at once.
 */
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD } from './sandbox-proxy-protocol'

/** Options of {@link buildAppDocument}. */
export interface AppDocumentOptions {
  /** The app's Content Security Policy (from `buildAppCsp`). */
  csp: string
  /**
   * Origin of the app frame's parent, given to the app as `event.origin` of host messages: the host
   * page's origin in srcdoc mode, the sandbox proxy's in the double-iframe mode.
   */
  parentOrigin: string
}

// Runs first in the app's document. Plain ES2017, no dependencies, no outer names: it prefixes
// nested srcdoc documents with its own source. Everything it calls later is captured up front, so
// app code that runs after it cannot redirect it.
const GUARD = `(function guard(config) {
  'use strict';
  var source = Function.prototype.toString.call(guard);
  var apply = Reflect.apply;
  var defineProperty = Object.defineProperty;
  var getDescriptor = Object.getOwnPropertyDescriptor;
  var ownNames = Object.getOwnPropertyNames;
  var RTC = /^(webkit)?RTC/;
  var seen = new WeakSet();
  var written = new WeakMap();
  var childPrefix = '<script>(' + source + ')({})<\\/script>';

  function scrub(w) {
    var names = ownNames(w);
    for (var i = 0; i < names.length; i++) {
      if (!RTC.test(names[i])) continue;
      try { defineProperty(w, names[i], { value: undefined, writable: false, configurable: false, enumerable: false }); } catch (e) {}
    }
  }
  function sameOrigin(w) {
    try { return !!w.document; } catch (e) { return false; }
  }
  // Every frame below w: scrubbed and guarded before app code can touch its globals.
  function sweep(w) {
    var n = 0;
    try { n = w.length; } catch (e) { return; }
    for (var i = 0; i < n; i++) {
      var child;
      try { child = w[i]; } catch (e) { continue; }
      if (!child || !sameOrigin(child)) continue;
      install(child);
      sweep(child);
    }
  }
  // A nested srcdoc document runs this guard before its own scripts.
  function prefixSrcdoc(frame) {
    var value = frame.getAttribute('srcdoc');
    if (value === null || written.get(frame) === value) return;
    var guarded = childPrefix + value;
    written.set(frame, guarded);
    frame.setAttribute('srcdoc', guarded);
  }
  // Open shadow roots hide their frames from querySelectorAll: look inside them too.
  function guardNode(node) {
    if (!node || node.nodeType !== 1) return;
    if (node.localName === 'iframe') prefixSrcdoc(node);
    if (node.shadowRoot) guardTree(node.shadowRoot);
    if (node.firstElementChild) guardTree(node);
  }
  function guardTree(root) {
    var all = root.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) {
      if (all[i].localName === 'iframe') prefixSrcdoc(all[i]);
      if (all[i].shadowRoot) guardTree(all[i].shadowRoot);
    }
  }
  // Insertions sweep synchronously, so app code reading window[0] right after one finds it scrubbed.
  function wrapMethod(proto, name, w) {
    var d = proto && getDescriptor(proto, name);
    if (!d || typeof d.value !== 'function') return;
    var original = d.value;
    d.value = function () {
      var result = apply(original, this, arguments);
      sweep(w);
      return result;
    };
    defineProperty(proto, name, d);
  }
  function wrapSetter(proto, name, w, transform) {
    var d = proto && getDescriptor(proto, name);
    if (!d || !d.set) return;
    var set = d.set;
    d.set = function (value) {
      var result = apply(set, this, [transform ? transform(this, value) : value]);
      sweep(w);
      return result;
    };
    defineProperty(proto, name, d);
  }
  function wrapGetter(proto, name, w) {
    var d = proto && getDescriptor(proto, name);
    if (!d || !d.get) return;
    var get = d.get;
    d.get = function () {
      sweep(w);
      return apply(get, this, []);
    };
    defineProperty(proto, name, d);
  }
  function observe(w, root) {
    new w.MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var r = records[i];
        if (r.type === 'attributes') guardNode(r.target);
        else for (var j = 0; j < r.addedNodes.length; j++) guardNode(r.addedNodes[j]);
      }
      sweep(w);
    }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['srcdoc'] });
  }
  function install(w) {
    if (seen.has(w)) return;
    seen.add(w);
    scrub(w);
    var i;
    var inserters = [
      [w.Node, ['appendChild', 'insertBefore', 'replaceChild']],
      [w.Element, ['append', 'prepend', 'after', 'before', 'replaceWith', 'insertAdjacentElement', 'insertAdjacentHTML', 'replaceChildren', 'setHTMLUnsafe', 'moveBefore']],
      [w.CharacterData, ['after', 'before', 'replaceWith']],
      [w.DocumentFragment, ['append', 'prepend', 'replaceChildren']],
      [w.Document, ['append', 'prepend', 'replaceChildren', 'write', 'writeln', 'execCommand', 'open']],
      [w.ShadowRoot, ['setHTMLUnsafe']],
      [w.Range, ['insertNode', 'surroundContents']],
    ];
    for (i = 0; i < inserters.length; i++) {
      var type = inserters[i][0];
      for (var j = 0; j < inserters[i][1].length; j++) if (type) wrapMethod(type.prototype, inserters[i][1][j], w);
    }
    wrapSetter(w.Element && w.Element.prototype, 'innerHTML', w);
    wrapSetter(w.Element && w.Element.prototype, 'outerHTML', w);
    wrapSetter(w.ShadowRoot && w.ShadowRoot.prototype, 'innerHTML', w);
    wrapSetter(w.HTMLIFrameElement && w.HTMLIFrameElement.prototype, 'srcdoc', w, function (frame, value) {
      var guarded = childPrefix + String(value);
      written.set(frame, guarded);
      return guarded;
    });
    var setAttribute = w.Element && getDescriptor(w.Element.prototype, 'setAttribute');
    if (setAttribute) {
      var originalSet = setAttribute.value;
      setAttribute.value = function (name, value) {
        if (this.localName === 'iframe' && String(name).toLowerCase() === 'srcdoc' && written.get(this) !== value) {
          value = childPrefix + String(value);
          written.set(this, value);
        }
        return apply(originalSet, this, [name, value]);
      };
      defineProperty(w.Element.prototype, 'setAttribute', setAttribute);
    }
    var frameTypes = [w.HTMLIFrameElement, w.HTMLFrameElement, w.HTMLObjectElement];
    for (i = 0; i < frameTypes.length; i++) {
      if (!frameTypes[i]) continue;
      wrapGetter(frameTypes[i].prototype, 'contentWindow', w);
      wrapGetter(frameTypes[i].prototype, 'contentDocument', w);
    }
    var svgTypes = [w.HTMLIFrameElement, w.HTMLObjectElement, w.HTMLEmbedElement];
    for (i = 0; i < svgTypes.length; i++) if (svgTypes[i]) wrapMethod(svgTypes[i].prototype, 'getSVGDocument', w);
    var attachShadow = w.Element && getDescriptor(w.Element.prototype, 'attachShadow');
    if (attachShadow) {
      var originalAttach = attachShadow.value;
      attachShadow.value = function () {
        var root = apply(originalAttach, this, arguments);
        observe(w, root);
        return root;
      };
      defineProperty(w.Element.prototype, 'attachShadow', attachShadow);
    }
    var open = getDescriptor(w, 'open');
    if (open && typeof open.value === 'function') {
      var originalOpen = open.value;
      open.value = function () {
        var opened = apply(originalOpen, this, arguments);
        if (opened && sameOrigin(opened)) { install(opened); sweep(opened); }
        return opened;
      };
      defineProperty(w, 'open', open);
    }
    observe(w, w.document);
  }

  install(window);
  var script = document.currentScript;
  if (script) script.remove();

  if (config.channel) {
    var channel = new MessageChannel();
    var port = channel.port1;
    var parentWindow = window.parent;
    var dispatch = EventTarget.prototype.dispatchEvent;
    var post = MessagePort.prototype.postMessage;
    var Message = MessageEvent;
    port.onmessage = function (event) {
      apply(dispatch, window, [new Message('message', { data: event.data, origin: config.parentOrigin, source: parentWindow })]);
    };
    // Capture phase, registered first: no app listener can stop it.
    window.addEventListener('pagehide', function () {
      apply(post, port, [{ jsonrpc: '2.0', method: config.leftMethod, params: {} }]);
    }, true);
    parentWindow.postMessage({ jsonrpc: '2.0', method: config.channelMethod, params: {} }, '*', [channel.port2]);
  }
})`

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The `srcdoc` of an app frame: the kit's doctype, `<head>`, CSP `<meta>` and guard script, then
 * `html` as the app wrote it (a leading byte-order mark dropped). Nothing in `html` is parsed
 * before the policy and the guard are in place.
 */
export function buildAppDocument(html: string, options: AppDocumentOptions): string {
  const config = JSON.stringify({
    channel: true,
    parentOrigin: options.parentOrigin,
    channelMethod: MCP_HITL_CHANNEL_METHOD,
    leftMethod: MCP_HITL_APP_LEFT_METHOD,
  }).replace(/</g, '\\u003c')
  const app = html.charCodeAt(0) === 0xfeff ? html.slice(1) : html
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}"><script>${GUARD}(${config});</script>${app}`
}
