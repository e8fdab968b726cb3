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
 *   CSP directive governs in Chromium (`webrtc` is not implemented). Nested frames of the sandboxed
 *   app get opaque origins of their own, so the app cannot take constructors from them, but their
 *   own scripts could use them: every nested `srcdoc` is prefixed with the guard, and no nested
 *   frame may start as a `javascript:` URL;
 * - it opens a `MessageChannel` to the parent and hands over one port, before the app can post
 *   anything. The host then talks to the app only on that port, re-dispatched inside the document
 *   as ordinary `message` events from `window.parent`. A port belongs to its document: if the
 *   frame navigates or reloads, the port dies with the old document and no host message can reach
 *   the new one. A `pagehide` notice on the port tells the host at once;
 * - it drops, before any app listener, every browser-delivered `message` from a window that is
 *   neither the parent nor one of the app's own frames (a sibling app can name this window);
 * - it tells the host on the port when the person presses Escape in the document (a trusted key
 *   press, read through getters captured before app code runs): keys inside a frame never reach
 *   the host page, and Escape must leave full screen however the app handles its keys.
 */
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD, MCP_HITL_ESCAPE_METHOD } from './sandbox-proxy-protocol'

/** Options of {@link buildAppDocument}. */
export interface AppDocumentOptions {
  /** The app's Content Security Policy (the `policy` of `resolveAppCsp`). */
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
  var names = Object.getOwnPropertyNames(window);
  var getAttribute = Element.prototype.getAttribute;
  var setAttribute = Element.prototype.setAttribute;
  var querySelectorAll = Element.prototype.querySelectorAll;
  var fragmentQuery = DocumentFragment.prototype.querySelectorAll;
  var isConnected = Object.getOwnPropertyDescriptor(Node.prototype, 'isConnected').get;
  var rangeContainer = Object.getOwnPropertyDescriptor(Range.prototype, 'commonAncestorContainer').get;
  var childPrefix = '<script>(' + source + ')({})<\\/script>';
  var written = new WeakMap();

  // No CSP directive governs WebRTC in Chromium: the constructors go, for good.
  for (var i = 0; i < names.length; i++) {
    if (!/^(webkit)?RTC/.test(names[i])) continue;
    try { defineProperty(window, names[i], { value: undefined, writable: false, configurable: false, enumerable: false }); } catch (e) {}
  }

  // Nested frames of a sandboxed document have opaque origins of their own: the app cannot reach
  // their globals, but their own scripts would find fresh constructors. So every nested document
  // starts with this guard (srcdoc), and none starts as a javascript: URL, the one script source a
  // new frame can be given that no later navigation can (Chromium refuses those cross-origin).
  function guardedSrcdoc(value) {
    var text = String(value);
    return text.indexOf(childPrefix) === 0 ? text : childPrefix + text;
  }
  function isScriptUrl(value) {
    return /^[\\u0000-\\u0020]*javascript:/i.test(String(value).replace(/[\\t\\n\\r]/g, ''));
  }
  function guardFrame(frame) {
    var srcdoc = apply(getAttribute, frame, ['srcdoc']);
    if (srcdoc !== null && written.get(frame) !== srcdoc) {
      var next = guardedSrcdoc(srcdoc);
      written.set(frame, next);
      if (next !== srcdoc) apply(setAttribute, frame, ['srcdoc', next]);
    }
    var src = apply(getAttribute, frame, ['src']);
    if (src !== null && isScriptUrl(src)) apply(setAttribute, frame, ['src', 'about:blank']);
  }
  function guardTree(node) {
    if (!node || (node.nodeType !== 1 && node.nodeType !== 11)) return;
    if (node.localName === 'iframe' || node.localName === 'frame') guardFrame(node);
    if (node.shadowRoot) guardTree(node.shadowRoot);
    var all = apply(node.nodeType === 1 ? querySelectorAll : fragmentQuery, node, ['*']);
    for (var j = 0; j < all.length; j++) {
      if (all[j].localName === 'iframe' || all[j].localName === 'frame') guardFrame(all[j]);
      if (all[j].shadowRoot) guardTree(all[j].shadowRoot);
    }
  }
  // Nodes are guarded before they enter the document, so a new frame never starts unguarded. A
  // detached tree starts no frame: it is scanned once, when its root is inserted.
  function wrapInsert(proto, name, ofRange) {
    var d = proto && getDescriptor(proto, name);
    if (!d || typeof d.value !== 'function') return;
    var original = d.value;
    d.value = function () {
      var target = ofRange ? apply(rangeContainer, this, []) : this;
      if (target && apply(isConnected, target, [])) for (var k = 0; k < arguments.length; k++) guardTree(arguments[k]);
      return apply(original, this, arguments);
    };
    defineProperty(proto, name, d);
  }
  function wrapFrameAttribute(proto, name, transform) {
    var d = proto && getDescriptor(proto, name);
    if (!d || !d.set) return;
    var set = d.set;
    d.set = function (value) {
      var next = transform(value);
      if (name === 'srcdoc') written.set(this, next);
      return apply(set, this, [next]);
    };
    defineProperty(proto, name, d);
  }
  var inserters = [
    [Node, ['appendChild', 'insertBefore', 'replaceChild']],
    [Element, ['append', 'prepend', 'after', 'before', 'replaceWith', 'insertAdjacentElement', 'replaceChildren', 'moveBefore']],
    [CharacterData, ['after', 'before', 'replaceWith']],
    [Document, ['append', 'prepend', 'replaceChildren']],
    [Range, ['insertNode', 'surroundContents']],
  ];
  for (i = 0; i < inserters.length; i++) {
    for (var n = 0; n < inserters[i][1].length; n++) wrapInsert(inserters[i][0].prototype, inserters[i][1][n], inserters[i][0] === Range);
  }
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'srcdoc', guardedSrcdoc);
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'src', function (value) { return isScriptUrl(value) ? 'about:blank' : value; });
  var setAttr = getDescriptor(Element.prototype, 'setAttribute');
  setAttr.value = function (name, value) {
    var attr = String(name).toLowerCase();
    if (this.localName === 'iframe' || this.localName === 'frame') {
      if (attr === 'srcdoc') { value = guardedSrcdoc(value); written.set(this, value); }
      else if (attr === 'src' && isScriptUrl(value)) value = 'about:blank';
    }
    return apply(setAttribute, this, [name, value]);
  };
  defineProperty(Element.prototype, 'setAttribute', setAttr);
  // Whatever reaches the document another way (the parser, attribute nodes, declarative shadow
  // roots) is guarded at the next microtask, before any nested navigation can commit.
  function observe(root) {
    new MutationObserver(function (records) {
      for (var r = 0; r < records.length; r++) {
        if (records[r].type === 'attributes') guardTree(records[r].target);
        else for (var a = 0; a < records[r].addedNodes.length; a++) guardTree(records[r].addedNodes[a]);
      }
    }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['srcdoc', 'src'] });
  }
  var attachShadow = getDescriptor(Element.prototype, 'attachShadow');
  var originalAttach = attachShadow.value;
  attachShadow.value = function () {
    var root = apply(originalAttach, this, arguments);
    observe(root);
    return root;
  };
  defineProperty(Element.prototype, 'attachShadow', attachShadow);
  observe(document);

  var script = document.currentScript;
  if (script) script.remove();

  if (config.channel) {
    var channel = new MessageChannel();
    var port = channel.port1;
    var parentWindow = window.parent;
    var dispatch = EventTarget.prototype.dispatchEvent;
    var post = MessagePort.prototype.postMessage;
    var Message = MessageEvent;
    // Firefox refuses a cross-origin WindowProxy as MessageEventInit.source ("could not be converted
    // to any of: WindowProxy, MessagePort, ServiceWorker"), which would leave the app deaf to its
    // host: there the event gets the parent as its own source property instead.
    var hostMessage = function (data) {
      try {
        return new Message('message', { data: data, origin: config.parentOrigin, source: parentWindow });
      } catch (e) {
        var message = new Message('message', { data: data, origin: config.parentOrigin });
        defineProperty(message, 'source', { value: parentWindow, enumerable: true });
        return message;
      }
    };
    port.onmessage = function (event) {
      apply(dispatch, window, [hostMessage(event.data)]);
    };
    // Capture phase, registered first: no app listener can stop it.
    window.addEventListener('pagehide', function () {
      apply(post, port, [{ jsonrpc: '2.0', method: config.leftMethod, params: {} }]);
    }, true);
    // Escape is the host's way out of full screen, and keys inside this frame never reach the host
    // page: tell it. First in line on the window's capture phase, so no app listener runs before;
    // the key is read through getters taken before any app code, which cannot redefine them for us.
    var keyOf = getDescriptor(KeyboardEvent.prototype, 'key').get;
    var repeatOf = getDescriptor(KeyboardEvent.prototype, 'repeat').get;
    window.addEventListener('keydown', function (event) {
      if (event.isTrusted && apply(keyOf, event, []) === 'Escape' && !apply(repeatOf, event, [])) {
        apply(post, port, [{ jsonrpc: '2.0', method: config.escapeMethod, params: {} }]);
      }
    }, true);
    // Other windows can name this one (a sibling app through parent.frames, or top.frames[i][0]
    // behind a proxy) and post to it. Before any app listener, drop every message that comes from
    // neither the parent nor one of the app's own frames: a view that forgets to check
    // event.source still never sees a sibling's forgery. The host's own messages are the events
    // dispatched above, which are not browser-delivered and pass.
    var stop = Event.prototype.stopImmediatePropagation;
    var ownFrame = function (source, w, depth) {
      if (depth > 8) return false;
      var count = 0;
      try { count = w.length; } catch (e) { return false; }
      for (var f = 0; f < count && f < 64; f++) {
        var child;
        try { child = w[f]; } catch (e) { continue; }
        if (child === source || ownFrame(source, child, depth + 1)) return true;
      }
      return false;
    };
    window.addEventListener('message', function (event) {
      if (!event.isTrusted) return;
      var source = event.source;
      if (source === parentWindow || source === window || ownFrame(source, window, 0)) return;
      apply(stop, event, []);
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
    escapeMethod: MCP_HITL_ESCAPE_METHOD,
  }).replace(/</g, '\\u003c')
  const app = html.charCodeAt(0) === 0xfeff ? html.slice(1) : html
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}"><script>${GUARD}(${config});</script>${app}`
}
