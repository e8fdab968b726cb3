/**
 * The document an MCP App runs as: a kit-owned prefix, then the app's HTML, unchanged but for links
 * whose `rel` holds a prefetch-type hint (see without-hint-links.ts).
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
import { withoutHintLinks } from './without-hint-links'

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
  // Everything the guard calls later is taken now, before any app code can redefine it: methods,
  // getters and setters of the DOM, and the string, regular expression and collection methods.
  var apply = Reflect.apply;
  var defineProperty = Object.defineProperty;
  var getDescriptor = Object.getOwnPropertyDescriptor;
  var names = Object.getOwnPropertyNames(window);
  var getter = function (proto, name) { var d = proto && getDescriptor(proto, name); return d ? d.get : undefined; };
  var call = function (fn, self) { return apply(fn, self, []); };
  var getAttribute = Element.prototype.getAttribute;
  var setAttribute = Element.prototype.setAttribute;
  var querySelectorAll = Element.prototype.querySelectorAll;
  var fragmentQuery = DocumentFragment.prototype.querySelectorAll;
  var documentQuery = Document.prototype.querySelectorAll;
  var replaceDocument = Document.prototype.replaceChildren;
  var createElementNS = Document.prototype.createElementNS;
  var isConnected = getter(Node.prototype, 'isConnected');
  var nodeTypeOf = getter(Node.prototype, 'nodeType');
  var parentOf = getter(Node.prototype, 'parentNode');
  var localNameOf = getter(Element.prototype, 'localName');
  var namespaceOf = getter(Element.prototype, 'namespaceURI');
  var shadowOf = getter(Element.prototype, 'shadowRoot');
  var hostOf = getter(ShadowRoot.prototype, 'host');
  var contentOf = getter(HTMLTemplateElement.prototype, 'content');
  var listLength = getter(NodeList.prototype, 'length');
  var rangeContainer = getter(Range.prototype, 'commonAncestorContainer');
  var recordType = getter(MutationRecord.prototype, 'type');
  var recordTarget = getter(MutationRecord.prototype, 'target');
  var recordAdded = getter(MutationRecord.prototype, 'addedNodes');
  var attrName = getter(Attr.prototype, 'localName');
  var attrNamespace = getter(Attr.prototype, 'namespaceURI');
  var attrOwner = getter(Attr.prototype, 'ownerElement');
  var attrValue = getter(Attr.prototype, 'value');
  var currentScriptOf = getter(Document.prototype, 'currentScript');
  var innerHTMLOf = getDescriptor(Element.prototype, 'innerHTML').set;
  var Observer = MutationObserver;
  var observeWith = MutationObserver.prototype.observe;
  var toStr = String;
  var indexOf = String.prototype.indexOf;
  var slice = String.prototype.slice;
  var toLower = String.prototype.toLowerCase;
  var charCodeAt = String.prototype.charCodeAt;
  var exec = RegExp.prototype.exec;
  var mapGet = WeakMap.prototype.get;
  var mapSet = WeakMap.prototype.set;
  var setHas = WeakSet.prototype.has;
  var setAdd = WeakSet.prototype.add;
  var iterator = Symbol.iterator;
  var HTML = 'http://www.w3.org/1999/xhtml';
  var childPrefix = '<script>(' + source + ')({})<\\/script>';
  var written = new WeakMap();
  var watched = new WeakSet();
  var relLists = new WeakMap();
  var attributeMaps = new WeakMap();
  // A document with no browsing context: what is parsed into it loads nothing and runs nothing.
  var inert = document.implementation.createHTMLDocument('');
  var test = function (pattern, text) { pattern.lastIndex = 0; return apply(exec, pattern, [text]) !== null; };

  // No CSP directive governs WebRTC in Chromium: the constructors go, for good.
  for (var i = 0; i < names.length; i++) {
    if (!test(/^(webkit)?RTC/, names[i])) continue;
    try { defineProperty(window, names[i], { value: undefined, writable: false, configurable: false, enumerable: false }); } catch (e) {}
  }

  // Nested frames of a sandboxed document have opaque origins of their own: the app cannot reach
  // their globals, but their own scripts would find fresh constructors. So every nested document
  // starts with this guard (srcdoc), and none starts as a javascript: URL, the one script source a
  // new frame can be given that no later navigation can (Chromium refuses those cross-origin).
  function guardedSrcdoc(value) {
    var text = toStr(value);
    return childPrefix + hintLinksFree(apply(indexOf, text, [childPrefix]) === 0 ? apply(slice, text, [childPrefix.length]) : text);
  }
  function isScriptUrl(value) {
    // The URL parser drops tabs and newlines anywhere, and leading spaces and controls.
    var text = toStr(value), url = '';
    for (var k = 0; k < text.length; k++) {
      var c = apply(charCodeAt, text, [k]);
      if (c !== 9 && c !== 10 && c !== 13) url += text[k];
    }
    return test(/^[\\u0000-\\u0020]*javascript:/i, url);
  }
  function guardFrame(frame) {
    var srcdoc = apply(getAttribute, frame, ['srcdoc']);
    if (srcdoc !== null && apply(mapGet, written, [frame]) !== srcdoc) {
      var next = guardedSrcdoc(srcdoc);
      apply(mapSet, written, [frame, next]);
      if (next !== srcdoc) apply(setAttribute, frame, ['srcdoc', next]);
    }
    var src = apply(getAttribute, frame, ['src']);
    if (src !== null && isScriptUrl(src)) apply(setAttribute, frame, ['src', 'about:blank']);
  }

  // Link hints fetch or connect outside the policy in Firefox: it queues rel=prefetch and rel=next
  // until no document of the process is loading and sends a queued one after its document is gone,
  // without that document's CSP; it opens rel=preconnect connections with no CSP check at all (and
  // engines differ on the rest). So no <link> the app can reach ever holds one of these tokens: the
  // guard drops them from every rel value written through the DOM, from every HTML string before it
  // is parsed, and from whatever the parser made at the next microtask; and it empties the document
  // when it goes, which cancels any prefetch still queued.
  var HINTS = ' prefetch next preload modulepreload preconnect dns-prefetch prerender ';
  var LINK_TAG = /<link[\\t\\n\\f\\r \\/>]/gi;
  var NOSCRIPT_TAG = /<noscript[\\t\\n\\f\\r \\/>]/i;
  var SHADOW_ROOT = /shadowrootmode/i;
  var LINK_START = /<(l(i(n(k)?)?)?)?$/i;
  function hintFree(value) {
    var text = toStr(value), kept = '', token = '', hint = false;
    for (var k = 0; k <= text.length; k++) {
      var c = k < text.length ? apply(charCodeAt, text, [k]) : 32;
      if (c !== 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) { token += text[k]; continue; }
      if (token && apply(indexOf, HINTS, [' ' + apply(toLower, token, []) + ' ']) !== -1) hint = true;
      else if (token) kept += (kept ? ' ' : '') + token;
      token = '';
    }
    return hint ? kept : text;
  }
  // The speculative parser acts on a hint in a nested document's markup before its guard runs
  // (Firefox preconnects then): each link whose first rel holds a hint gets an empty rel before it,
  // which the tokenizer keeps (without-hint-links.ts, the same scan for the app's own markup).
  function isSpace(c) { return c === 9 || c === 10 || c === 12 || c === 13 || c === 32; }
  function hintRelAt(html, i) {
    var n = html.length, c, start, name, value, quote;
    while (i < n) {
      c = apply(charCodeAt, html, [i]);
      if (isSpace(c) || c === 47) { i++; continue; }
      if (c === 62) return false;
      start = i++;
      while (i < n && !isSpace(c = apply(charCodeAt, html, [i])) && c !== 47 && c !== 62 && c !== 61) i++;
      name = apply(toLower, apply(slice, html, [start, i]), []);
      while (i < n && isSpace(apply(charCodeAt, html, [i]))) i++;
      value = '';
      if (i < n && apply(charCodeAt, html, [i]) === 61) {
        i++;
        while (i < n && isSpace(apply(charCodeAt, html, [i]))) i++;
        quote = apply(charCodeAt, html, [i]);
        if (quote === 34 || quote === 39) {
          start = ++i;
          while (i < n && apply(charCodeAt, html, [i]) !== quote) i++;
          value = apply(slice, html, [start, i++]);
        } else {
          start = i;
          while (i < n && !isSpace(c = apply(charCodeAt, html, [i])) && c !== 62) i++;
          value = apply(slice, html, [start, i]);
        }
      }
      if (name === 'rel') return apply(indexOf, value, ['&']) !== -1 || hintFree(value) !== value;
    }
    return true;
  }
  function hintLinksFree(html) {
    var out = '', last = 0, m;
    LINK_TAG.lastIndex = 0;
    while ((m = apply(exec, LINK_TAG, [html])) !== null) {
      var at = m.index + 5;
      if (hintRelAt(html, at)) { out += apply(slice, html, [last, at]) + ' rel'; last = at; }
    }
    return out + apply(slice, html, [last]);
  }
  function isLink(node) {
    return call(localNameOf, node) === 'link' && call(namespaceOf, node) === HTML;
  }
  function guardLink(link) {
    var rel = apply(getAttribute, link, ['rel']);
    var next = rel === null ? rel : hintFree(rel);
    if (next !== rel) apply(setAttribute, link, ['rel', next]);
  }
  function hasHintLink(root) {
    var type = call(nodeTypeOf, root);
    if (type === 1 && call(localNameOf, root) === 'template' && call(namespaceOf, root) === HTML) return hasHintLink(call(contentOf, root));
    var all = apply(type === 1 ? querySelectorAll : type === 9 ? documentQuery : fragmentQuery, root, ['link, template']);
    for (var k = 0, n = call(listLength, all); k < n; k++) {
      var el = all[k];
      if (isLink(el)) {
        var rel = apply(getAttribute, el, ['rel']);
        if (rel !== null && hintFree(rel) !== rel) return true;
      } else if (call(namespaceOf, el) === HTML && hasHintLink(el)) return true;
    }
    return false;
  }
  // The tokenizer keeps the first of two attributes with one name: an empty rel right after "<link"
  // wins over whatever rel the markup gives (no character reference can spell a tag name).
  function withoutHintRel(html, from) {
    var out = '', last = from || 0, m;
    LINK_TAG.lastIndex = 0;
    while ((m = apply(exec, LINK_TAG, [html])) !== null) {
      var at = m.index + 5;
      if (at < last) continue;
      out += apply(slice, html, [last, at]) + ' rel';
      last = at;
    }
    return out + apply(slice, html, [last]);
  }
  // Would parsing html as the children of an element named like context (namespace, local name)
  // make a link with a hint? Parsed the same way into an inert element to find out; the inert
  // document runs no script, so <noscript> would parse differently there: any means yes.
  function carriesHint(context, html) {
    if (!test(LINK_TAG, html)) return false;
    if (!context || test(NOSCRIPT_TAG, html)) return true;
    try {
      var probe = apply(createElementNS, inert, [call(namespaceOf, context), call(localNameOf, context)]);
      apply(innerHTMLOf, probe, [html]);
      return hasHintLink(probe);
    } catch (e) { return true; }
  }
  function parsed(context, value) {
    var html = value === null ? '' : toStr(value);
    return carriesHint(context, html) ? withoutHintRel(html) : html;
  }

  function guardElement(node) {
    var name = call(localNameOf, node);
    if (name === 'iframe' || name === 'frame') guardFrame(node);
    else if (name === 'link' && call(namespaceOf, node) === HTML) guardLink(node);
    else if (name === 'template' && call(namespaceOf, node) === HTML) guardRoot(call(contentOf, node));
    var root = call(shadowOf, node);
    if (root) guardRoot(root);
  }
  // Shadow roots and template contents are outside the document's observer: each gets its own.
  function guardRoot(root) {
    if (!apply(setHas, watched, [root])) { apply(setAdd, watched, [root]); observe(root); }
    guardTree(root);
  }
  function guardTree(node) {
    var type;
    try { type = call(nodeTypeOf, node); } catch (e) { return; }
    if (type !== 1 && type !== 11 && type !== 9) return;
    if (type === 1) guardElement(node);
    var all = apply(type === 1 ? querySelectorAll : type === 9 ? documentQuery : fragmentQuery, node, ['*']);
    for (var j = 0, n = call(listLength, all); j < n; j++) guardElement(all[j]);
  }
  // Nodes are guarded before they enter the document, so a new frame never starts unguarded. A
  // detached tree starts no frame: it is scanned once, when its root is inserted.
  function wrapInsert(proto, name, ofRange) {
    var d = proto && getDescriptor(proto, name);
    if (!d || typeof d.value !== 'function') return;
    var original = d.value;
    d.value = function () {
      var target = ofRange ? call(rangeContainer, this) : this;
      if (target && call(isConnected, target)) for (var k = 0; k < arguments.length; k++) guardTree(arguments[k]);
      return apply(original, this, arguments);
    };
    defineProperty(proto, name, d);
  }
  // Replaces a method (or, with key 'set', an accessor's setter) by make(original).
  function wrap(proto, name, make, key) {
    var d = proto && getDescriptor(proto, name);
    if (!d || typeof d[key || 'value'] !== 'function') return;
    d[key || 'value'] = make(d[key || 'value']);
    defineProperty(proto, name, d);
  }
  function wrapFrameAttribute(proto, name, transform) {
    wrap(proto, name, function (set) {
      return function (value) {
        var next = transform(value);
        if (name === 'srcdoc') apply(mapSet, written, [this, next]);
        return apply(set, this, [next]);
      };
    }, 'set');
  }
  var inserters = [
    [Node, ['appendChild', 'insertBefore', 'replaceChild']],
    [Element, ['append', 'prepend', 'after', 'before', 'replaceWith', 'insertAdjacentElement', 'replaceChildren', 'moveBefore']],
    [CharacterData, ['after', 'before', 'replaceWith']],
    [Document, ['append', 'prepend', 'replaceChildren']],
    [DocumentFragment, ['append', 'prepend', 'replaceChildren']],
    [Range, ['insertNode', 'surroundContents']],
  ];
  for (i = 0; i < inserters.length; i++) {
    for (var n = 0; n < inserters[i][1].length; n++) wrapInsert(inserters[i][0].prototype, inserters[i][1][n], inserters[i][0] === Range);
  }
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'srcdoc', guardedSrcdoc);
  wrapFrameAttribute(HTMLIFrameElement.prototype, 'src', function (value) { return isScriptUrl(value) ? 'about:blank' : value; });
  // An attribute written to an element, by name: the value the element gets.
  function attributeValue(element, name, value) {
    var attr = apply(toLower, toStr(name), []);
    if (attr === 'rel' && isLink(element)) return hintFree(value);
    var local = call(localNameOf, element);
    if (local === 'iframe' || local === 'frame') {
      if (attr === 'srcdoc') { value = guardedSrcdoc(value); apply(mapSet, written, [element, value]); }
      else if (attr === 'src' && isScriptUrl(value)) value = 'about:blank';
    }
    return value;
  }
  wrap(Element.prototype, 'setAttribute', function (original) {
    return function (name, value) { return apply(original, this, [name, attributeValue(this, name, value)]); };
  });
  wrap(Element.prototype, 'setAttributeNS', function (original) {
    return function (namespace, name, value) {
      return apply(original, this, [namespace, name, namespace === null || namespace === undefined || namespace === '' ? attributeValue(this, name, value) : value]);
    };
  });
  // Attribute nodes: a rel node's value is made hint-free as it joins a link, and when written while on one.
  var setAttrValue = getDescriptor(Attr.prototype, 'value').set;
  function adoptAttr(element, attr) {
    try {
      if (element && isLink(element) && call(attrName, attr) === 'rel' && call(attrNamespace, attr) === null) {
        var value = call(attrValue, attr), next = hintFree(value);
        if (next !== value) apply(setAttrValue, attr, [next]);
      }
    } catch (e) {}
  }
  wrap(Element.prototype, 'setAttributeNode', function (original) { return function (attr) { adoptAttr(this, attr); return apply(original, this, arguments); }; });
  wrap(Element.prototype, 'setAttributeNodeNS', function (original) { return function (attr) { adoptAttr(this, attr); return apply(original, this, arguments); }; });
  wrap(Element.prototype, 'attributes', function (get) {
    return function () { var map = apply(get, this, []); apply(mapSet, attributeMaps, [map, this]); return map; };
  }, 'get');
  wrap(NamedNodeMap.prototype, 'setNamedItem', function (original) { return function (attr) { adoptAttr(apply(mapGet, attributeMaps, [this]), attr); return apply(original, this, arguments); }; });
  wrap(NamedNodeMap.prototype, 'setNamedItemNS', function (original) { return function (attr) { adoptAttr(apply(mapGet, attributeMaps, [this]), attr); return apply(original, this, arguments); }; });
  function wrapAttrText(proto, name) {
    wrap(proto, name, function (set) {
      return function (value) {
        if (call(nodeTypeOf, this) === 2 && call(attrName, this) === 'rel' && call(attrNamespace, this) === null) {
          var owner = call(attrOwner, this);
          if (owner && isLink(owner)) value = hintFree(value);
        }
        return apply(set, this, [value]);
      };
    }, 'set');
  }
  wrapAttrText(Attr.prototype, 'value');
  wrapAttrText(Node.prototype, 'nodeValue');
  wrapAttrText(Node.prototype, 'textContent');
  // rel and relList: the property, the token list (remembered per link) and its methods.
  wrap(HTMLLinkElement.prototype, 'rel', function (set) { return function (value) { return apply(set, this, [hintFree(value)]); }; }, 'set');
  wrap(HTMLLinkElement.prototype, 'relList', function (set) { return function (value) { return apply(set, this, [hintFree(value)]); }; }, 'set');
  wrap(HTMLLinkElement.prototype, 'relList', function (get) {
    return function () { var list = apply(get, this, []); apply(mapSet, relLists, [list, this]); return list; };
  }, 'get');
  var listRemove = DOMTokenList.prototype.remove;
  var listContains = DOMTokenList.prototype.contains;
  var isHint = function (token) { return apply(indexOf, HINTS, [' ' + apply(toLower, toStr(token), []) + ' ']) !== -1; };
  wrap(DOMTokenList.prototype, 'add', function (original) {
    return function () {
      if (!apply(mapGet, relLists, [this])) return apply(original, this, arguments);
      var tokens = [], count = 0;
      for (var k = 0; k < arguments.length; k++) if (!isHint(arguments[k])) defineProperty(tokens, count++, { value: arguments[k], writable: true, enumerable: true, configurable: true });
      return apply(original, this, tokens);
    };
  });
  wrap(DOMTokenList.prototype, 'toggle', function (original) {
    return function (token) { return apply(mapGet, relLists, [this]) && isHint(token) ? false : apply(original, this, arguments); };
  });
  wrap(DOMTokenList.prototype, 'replace', function (original) {
    return function (token, replacement) {
      if (!apply(mapGet, relLists, [this]) || !isHint(replacement)) return apply(original, this, arguments);
      var had = apply(listContains, this, [token]);
      apply(listRemove, this, [token]);
      return had;
    };
  });
  wrap(DOMTokenList.prototype, 'value', function (set) {
    return function (value) { return apply(set, this, [apply(mapGet, relLists, [this]) ? hintFree(value) : value]); };
  }, 'set');
  // HTML strings, before the parser sees them. The context a string is parsed in decides what it
  // makes (inside an SVG <title> a <link> is HTML, inside an HTML <title> it is text).
  function ownContext(node) {
    try { return call(nodeTypeOf, node) === 1 ? node : call(hostOf, node); } catch (e) { return null; }
  }
  function parentContext(node) {
    var parent;
    try { parent = call(parentOf, node); } catch (e) { return null; }
    var type = parent ? call(nodeTypeOf, parent) : 0;
    return type === 1 ? parent : type === 11 ? inert.body : null;
  }
  function wrapParse(proto, name, contextOf, key) {
    wrap(proto, name, function (original) {
      return function (html) {
        if (!arguments.length) return apply(original, this, arguments);
        return apply(original, this, [parsed(contextOf(this), html), arguments[1]]);
      };
    }, key);
  }
  wrapParse(Element.prototype, 'innerHTML', ownContext, 'set');
  wrapParse(ShadowRoot.prototype, 'innerHTML', ownContext, 'set');
  wrapParse(Element.prototype, 'outerHTML', parentContext, 'set');
  // setHTMLUnsafe may build closed shadow roots that no script can look into: the probe, which
  // makes none, still sees their links.
  wrapParse(Element.prototype, 'setHTMLUnsafe', ownContext);
  wrapParse(ShadowRoot.prototype, 'setHTMLUnsafe', ownContext);
  wrapParse(Element.prototype, 'setHTML', ownContext);
  wrapParse(ShadowRoot.prototype, 'setHTML', ownContext);
  var documentContext = function () { return inert.documentElement; };
  wrapParse(Document, 'parseHTMLUnsafe', documentContext);
  wrapParse(Document, 'parseHTML', documentContext);
  wrap(Element.prototype, 'insertAdjacentHTML', function (original) {
    return function (position, html) {
      if (arguments.length < 2) return apply(original, this, arguments);
      var where = apply(toLower, toStr(position), []);
      var context = where === 'afterbegin' || where === 'beforeend' ? this : parentContext(this);
      if (context && call(localNameOf, context) === 'html' && call(namespaceOf, context) === HTML) context = inert.body;
      return apply(original, this, [position, parsed(context, html)]);
    };
  });
  // What other parsers make stays detached until inserted: scanned before it is returned.
  function scanResult(proto, name) {
    wrap(proto, name, function (original) {
      return function () { var result = apply(original, this, arguments); guardTree(result); return result; };
    });
  }
  scanResult(window.DOMParser && DOMParser.prototype, 'parseFromString');
  scanResult(Range.prototype, 'createContextualFragment');
  scanResult(window.XSLTProcessor && XSLTProcessor.prototype, 'transformToFragment');
  scanResult(window.XSLTProcessor && XSLTProcessor.prototype, 'transformToDocument');
  // document.write feeds the parser wherever it stands, so every link tag it writes loses its rel,
  // including one whose name is split across two writes of one script.
  var pending = '', pendingScript = null;
  function writeText(doc, text) {
    var script = doc === document ? call(currentScriptOf, doc) : null;
    var tail = doc === document && script === pendingScript ? pending : '';
    var stream = tail + text;
    var out = test(LINK_TAG, stream) ? withoutHintRel(stream, tail.length) : text;
    if (doc === document) {
      var m = apply(exec, LINK_START, [stream]);
      pending = m ? m[0] : '';
      pendingScript = script;
    }
    return out;
  }
  var nativeWrite = Document.prototype.write;
  function wrapWrite(name, end) {
    wrap(Document.prototype, name, function () {
      return function () {
        var text = '';
        for (var k = 0; k < arguments.length; k++) text += toStr(arguments[k]);
        var result = apply(nativeWrite, this, [writeText(this, text + end)]);
        if (this !== document) guardTree(this);
        return result;
      };
    });
  }
  wrapWrite('write', '');
  wrapWrite('writeln', '\\n');
  wrap(Document.prototype, 'execCommand', function (original) {
    return function (command, ui, value) {
      if (arguments.length < 3 || apply(toLower, toStr(command), []) !== 'inserthtml') return apply(original, this, arguments);
      return apply(original, this, [command, ui, parsed(null, value)]);
    };
  });

  // Whatever reaches the document another way (the parser, attribute nodes, declarative shadow
  // roots) is guarded at the next microtask, before any nested navigation can commit, and before
  // the document can go away with a prefetch queued.
  var filter = {};
  filter[iterator] = function () {
    var k = 0, list = ['srcdoc', 'src', 'rel'];
    return { next: function () { return k < list.length ? { value: list[k++], done: false } : { value: undefined, done: true }; } };
  };
  function observe(root) {
    var observer = new Observer(function (records) {
      for (var r = 0; r < records.length; r++) {
        if (call(recordType, records[r]) === 'attributes') guardTree(call(recordTarget, records[r]));
        else {
          var added = call(recordAdded, records[r]);
          for (var a = 0, n = call(listLength, added); a < n; a++) guardTree(added[a]);
        }
      }
    });
    apply(observeWith, observer, [root, { childList: true, subtree: true, attributes: true, attributeFilter: filter }]);
  }
  wrap(Element.prototype, 'attachShadow', function (original) {
    return function () {
      var root = apply(original, this, arguments);
      apply(setAdd, watched, [root]);
      observe(root);
      return root;
    };
  });
  observe(document);
  // Taking every node out of a document that goes cancels any prefetch still queued for it, in
  // closed declarative shadow roots too, which no script can reach. Registered before any app
  // listener, so it runs first; a document kept for the back-forward cache keeps its nodes.
  var persistedOf = getter(window.PageTransitionEvent && PageTransitionEvent.prototype, 'persisted');
  window.addEventListener('pagehide', function (event) {
    if (!event.isTrusted || (persistedOf && call(persistedOf, event))) return;
    try { apply(replaceDocument, document, []); } catch (e) {}
  }, true);

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
  const app = withoutHintLinks(html.charCodeAt(0) === 0xfeff ? html.slice(1) : html)
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}"><script>${GUARD}(${config});</script>${app}`
}
