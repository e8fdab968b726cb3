/**
 * Every way an app can make a link hint (`<link rel=prefetch>`, `preconnect`, ...): in its markup,
 * through each DOM property, method and attribute node, through every HTML string parser, by
 * inserting where no wrapper can see (an option put into a select by index), from nested frames the
 * app removes while their hint waits, and after redefining the built-ins a guard would rely on.
 * Shared by the Chromium suite (link-hints.browser.test.tsx) and the cross-browser one.
 */

/** What a vector left: whether it made a link, and the link's `rel` right after and a task later. */
export interface LinkHintReport {
  vector: string
  made: boolean
  sync: string | null
  later: string | null
  /** The name of the error the vector threw (the engine lacks the API). */
  threw?: string
}

/** Vectors whose API may make no link at all (a sanitizer that drops links, editing without focus): where they do, the link is checked. */
export const OPTIONAL_LINK_HINT_VECTORS: readonly string[] = ['setHTML', 'execCommand insertHTML']

// Vectors whose link the app's own markup makes: no script runs before the parser binds them.
const MARKUP: { name: string; markup: (rel: string, href: (vector: string) => string, id: (vector: string) => string) => string }[] = [
  { name: 'markup link', markup: (r, h, id) => `<link rel="${r}" href="${h('markup link')}" id="${id('markup link')}">` },
  {
    name: 'markup link, odd case and spacing',
    markup: (r, h, id) => `<link rel=" ${r.toUpperCase()}\t" href="${h('markup link, odd case and spacing')}" id="${id('markup link, odd case and spacing')}">`,
  },
  { name: 'markup link with another token', markup: (r, h, id) => `<link rel="alternate ${r}" href="${h('markup link with another token')}" id="${id('markup link with another token')}">` },
  { name: 'markup link in an SVG title', markup: (r, h, id) => `<svg><title><link rel="${r}" href="${h('markup link in an SVG title')}" id="${id('markup link in an SVG title')}"></title></svg>` },
  { name: 'declarative shadow root (open)', markup: (r, h) => `<div><template shadowrootmode="open"><link rel="${r}" href="${h('declarative shadow root (open)')}"></template></div>` },
  { name: 'declarative shadow root (closed)', markup: (r, h) => `<div><template shadowrootmode="closed"><link rel="${r}" href="${h('declarative shadow root (closed)')}"></template></div>` },
  {
    name: 'markup template content, cloned in',
    markup: (r, h, id) => `<template id="tpl-clone"><link rel="${r}" href="${h('markup template content, cloned in')}" id="${id('markup template content, cloned in')}"></template>`,
  },
  {
    name: 'markup template content, put into a select by index',
    markup: (r, h, id) =>
      `<template id="tpl-option"><option><link rel="${r}" href="${h('markup template content, put into a select by index')}" id="${id('markup template content, put into a select by index')}"></option></template>`,
  },
  {
    name: 'document.write while parsing',
    markup: (r, h, id) =>
      `<script>document.write(${JSON.stringify(`<link rel="${r}" href="${h('document.write while parsing')}" id="${id('document.write while parsing')}">`)});</script>`,
  },
  {
    name: 'document.write, tag name split across two writes',
    markup: (r, h, id) =>
      `<script>document.write('<li'); document.write(${JSON.stringify(`nk rel="${r}" href="${h('document.write, tag name split across two writes')}" id="${id('document.write, tag name split across two writes')}">`)});</script>`,
  },
]

// Script vectors: `R` is the rel token, `H(v)` the vector's URL, `tag(v)` its markup with an id,
// `report(v, link)` sends what its link holds.
const SCRIPT: { name: string; body: string }[] = [
  { name: 'rel property, then appended', body: `var l = make(v); l.rel = R; document.head.appendChild(l); report(v, l);` },
  { name: 'rel property after insertion', body: `var l = make(v); document.head.appendChild(l); l.rel = R; report(v, l);` },
  { name: 'setAttribute after insertion', body: `var l = make(v); document.head.append(l); l.setAttribute('REL', R); report(v, l);` },
  { name: 'setAttributeNS after insertion', body: `var l = make(v); document.head.prepend(l); l.setAttributeNS(null, 'rel', R); report(v, l);` },
  { name: 'relList.add', body: `var l = make(v); document.head.appendChild(l); l.relList.add('x', R); report(v, l);` },
  { name: 'relList.toggle', body: `var l = make(v); document.head.appendChild(l); l.relList.toggle(R); report(v, l);` },
  { name: 'relList.replace', body: `var l = make(v); l.rel = 'x'; document.head.appendChild(l); l.relList.replace('x', R); report(v, l);` },
  { name: 'relList.value', body: `var l = make(v); document.head.appendChild(l); l.relList.value = R; report(v, l);` },
  { name: 'relList assigned', body: `var l = make(v); document.head.appendChild(l); l.relList = R; report(v, l);` },
  {
    name: 'attribute node (setAttributeNode)',
    body: `var l = make(v); document.head.appendChild(l); var a = document.createAttribute('rel'); a.value = R; l.setAttributeNode(a); report(v, l);`,
  },
  {
    name: 'attributes.setNamedItem',
    body: `var l = make(v); document.head.appendChild(l); var a = document.createAttribute('rel'); a.value = R; l.attributes.setNamedItem(a); report(v, l);`,
  },
  { name: 'attribute node value rewritten', body: `var l = make(v); l.rel = 'x'; document.head.appendChild(l); l.attributes.rel.value = R; report(v, l);` },
  { name: 'attribute node nodeValue rewritten', body: `var l = make(v); l.rel = 'x'; document.head.appendChild(l); l.getAttributeNode('rel').nodeValue = R; report(v, l);` },
  { name: 'attribute node textContent rewritten', body: `var l = make(v); l.rel = 'x'; document.head.appendChild(l); l.getAttributeNode('rel').textContent = R; report(v, l);` },
  { name: 'innerHTML', body: `var d = document.createElement('div'); document.body.appendChild(d); d.innerHTML = tag(v); report(v, byId(v));` },
  { name: 'outerHTML', body: `var d = document.createElement('div'); document.body.appendChild(d); d.outerHTML = tag(v); report(v, byId(v));` },
  { name: 'insertAdjacentHTML', body: `document.body.insertAdjacentHTML('beforeend', tag(v)); report(v, byId(v));` },
  { name: 'setHTMLUnsafe', body: `var d = document.createElement('div'); document.body.appendChild(d); d.setHTMLUnsafe(tag(v)); report(v, byId(v));` },
  {
    name: 'setHTMLUnsafe, link in a closed shadow root',
    body: `var d = document.createElement('div'); document.body.appendChild(d); d.setHTMLUnsafe('<div><template shadowrootmode="closed">' + tag(v) + '</template></div>'); report(v, null);`,
  },
  { name: 'setHTML', body: `var d = document.createElement('div'); document.body.appendChild(d); d.setHTML(tag(v)); report(v, byId(v));` },
  {
    name: 'SVG innerHTML, link in a title',
    body: `var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg'); document.body.appendChild(s); s.innerHTML = '<title>' + tag(v) + '</title>'; report(v, byId(v));`,
  },
  { name: 'Range fragment', body: `document.body.appendChild(document.createRange().createContextualFragment(tag(v))); report(v, byId(v));` },
  {
    name: 'DOMParser, link adopted',
    body: `var doc = new DOMParser().parseFromString(tag(v), 'text/html'); var l = doc.querySelector('link'); document.body.appendChild(l); report(v, l);`,
  },
  {
    name: 'DOMParser link in an option, put into a select by index',
    body: `var doc = new DOMParser().parseFromString(tag(v), 'text/html'); var o = document.createElement('option'); o.appendChild(doc.querySelector('link')); select()[select().length] = o; report(v, byId(v));`,
  },
  {
    name: 'option holding a link, put into a select by index',
    body: `var o = document.createElement('option'); var l = make(v); l.rel = R; o.appendChild(l); select()[select().length] = o; report(v, l);`,
  },
  {
    name: 'template innerHTML, content put into a select by index',
    body: `var t = document.createElement('template'); t.innerHTML = '<option>' + tag(v) + '</option>'; select()[select().length] = t.content.firstChild; report(v, byId(v));`,
  },
  {
    name: 'markup template content, cloned in',
    body: `document.head.appendChild(document.getElementById('tpl-clone').content.cloneNode(true)); report(v, byId(v));`,
  },
  {
    name: 'markup template content, put into a select by index',
    body: `select()[select().length] = document.getElementById('tpl-option').content.firstChild; report(v, byId(v));`,
  },
  {
    name: 'closed shadow root (attachShadow)',
    body: `var d = document.createElement('div'); document.body.appendChild(d); var root = d.attachShadow({ mode: 'closed' }); var l = make(v); l.rel = R; root.append(l); report(v, l);`,
  },
  {
    name: 'closed shadow root innerHTML',
    body: `var d = document.createElement('div'); document.body.appendChild(d); var root = d.attachShadow({ mode: 'closed' }); root.innerHTML = tag(v); report(v, root.getElementById(id(v)));`,
  },
  {
    name: 'execCommand insertHTML',
    body: `var d = document.createElement('div'); d.contentEditable = 'true'; document.body.appendChild(d); d.focus(); getSelection().selectAllChildren(d); document.execCommand('insertHTML', false, tag(v)); report(v, byId(v));`,
  },
]

// Nested documents the app removes as soon as they ran, while their hints may still wait in a
// queue: each makes one link by innerHTML and one by appendChild (the vector's URL) and has one in its
// markup (`<vector>, markup link`). `nestedPrefix` runs first in the nested document, to redefine
// built-ins there; `poison` runs in the app just while it writes the frame's srcdoc.
const NESTED: { name: string; nestedPrefix?: string; poison?: string }[] = [
  { name: 'nested srcdoc frame, removed once it ran' },
  {
    name: 'nested frame written after the app redefined String.prototype.indexOf and WeakMap.prototype.get',
    poison: `String.prototype.indexOf = function () { return 0; }; WeakMap.prototype.get = function (k) { return k && k.getAttribute ? k.getAttribute('srcdoc') : undefined; };`,
  },
  {
    name: 'nested frame that redefined NodeList, MutationRecord, Element, String and RegExp built-ins',
    nestedPrefix: `Object.defineProperty(NodeList.prototype, 'length', { get: function () { return 0; } });
Object.defineProperty(MutationRecord.prototype, 'addedNodes', { get: function () { return document.createDocumentFragment().childNodes; } });
Object.defineProperty(Element.prototype, 'localName', { get: function () { return 'div'; } });
String.prototype.toLowerCase = function () { return 'x'; };
String.prototype.indexOf = function () { return -1; };
RegExp.prototype.exec = function () { return null; };
WeakMap.prototype.get = function () { return undefined; };`,
  },
]
const nestedMarkup = (name: string) => `${name}, markup link`

/**
 * The vectors whose link the HTML parser binds into a live document before any script of that
 * document runs: no script-side guard can act before the engine sees them.
 */
export const PARSED_LINK_HINT_VECTORS: readonly string[] = [
  'markup link',
  'markup link, odd case and spacing',
  'markup link with another token',
  'markup link in an SVG title',
  'declarative shadow root (open)',
  'declarative shadow root (closed)',
  ...NESTED.map((n) => nestedMarkup(n.name)),
]

/** The name of every vector. */
export const LINK_HINT_VECTORS: readonly string[] = [
  ...new Set([...MARKUP.map((v) => v.name), ...SCRIPT.map((v) => v.name), ...NESTED.flatMap((n) => [n.name, nestedMarkup(n.name)])]),
]

/** Vectors whose link no script of the app can read (closed shadow roots, nested frames): only the engine's requests tell. */
export const UNREADABLE_LINK_HINT_VECTORS: readonly string[] = [
  'declarative shadow root (closed)',
  'setHTMLUnsafe, link in a closed shadow root',
  ...NESTED.flatMap((n) => [n.name, nestedMarkup(n.name)]),
]

const WRITES = ['document.write while parsing', 'document.write, tag name split across two writes']
// Reported by the script that moves them in, not where the markup leaves them.
const MOVED = ['markup template content, cloned in', 'markup template content, put into a select by index']

/**
 * The app document: every vector, its link pointing at `href(vector)` with `rel`. It posts
 * `test/hint-rel { tag, vector, sync, later }` per readable vector (`threw` when the vector threw),
 * then `test/ran { case: tag, missing }` once every nested frame ran and was removed (after 5 s at
 * most; `missing` names those that never reported).
 */
export function linkHintAppDocument(options: { rel: string; href: (vector: string) => string; tag: string }): string {
  const { rel, href, tag } = options
  const names = LINK_HINT_VECTORS
  const id = (vector: string) => `hint-${names.indexOf(vector)}`
  const hrefs = Object.fromEntries(names.map((n) => [n, href(n)]))
  const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const head = MARKUP.filter((m) => !WRITES.includes(m.name)).map((m) => m.markup(rel, href, id))
  const writes = MARKUP.filter((m) => WRITES.includes(m.name)).map((m) => m.markup(rel, href, id))
  const readMarkup = MARKUP.filter((m) => !UNREADABLE_LINK_HINT_VECTORS.includes(m.name) && !MOVED.includes(m.name) && m.name !== 'declarative shadow root (open)')
  const scripts = SCRIPT.map(
    (s) => `try { (function (v) { ${s.body} })(${js(s.name)}); } catch (e) { post('test/hint-rel', { tag: TAG, vector: ${js(s.name)}, made: false, sync: null, later: null, threw: String(e && e.name) }); }`,
  )
  const nested = NESTED.map((n) => {
    const html = `<body><script>${n.nestedPrefix ?? ''}
var d = document.createElement('div'); document.body.appendChild(d); d.innerHTML = ${js(`<link rel="${rel}" href="${href(n.name)}">`)};
var l = document.createElement('link'); l.rel = ${js(rel)}; l.href = ${js(href(n.name))}; document.head.appendChild(l);
parent.postMessage({ nestedRan: ${js(n.name)} }, '*');
</script><link rel="${rel}" href="${href(nestedMarkup(n.name))}">`
    return `(function () {
    var f = document.createElement('iframe');
    f.setAttribute('data-nested', ${js(n.name)});
    var indexOf = String.prototype.indexOf, get = WeakMap.prototype.get;
    ${n.poison ?? ''}
    f.srcdoc = ${js(html)};
    String.prototype.indexOf = indexOf;
    WeakMap.prototype.get = get;
    document.body.appendChild(f);
  })();`
  })
  return `<!doctype html><html><head><title>link hints</title>
${head.join('\n').replace('<div><template shadowrootmode="open">', '<div id="dsd-open"><template shadowrootmode="open">')}
</head><body><select id="hint-select"></select>
${writes.join('\n')}
<script>
(function () {
  var TAG = ${js(tag)}, R = ${js(rel)}, HREFS = ${js(hrefs)}, NAMES = ${js(names)};
  var post = function (method, params) { parent.postMessage({ jsonrpc: '2.0', method: method, params: params }, '*'); };
  var id = function (v) { return 'hint-' + NAMES.indexOf(v); };
  var byId = function (v) { return document.getElementById(id(v)); };
  var make = function (v) { var l = document.createElement('link'); l.href = HREFS[v]; l.id = id(v); return l; };
  var tag = function (v) { return '<link rel="' + R + '" href="' + HREFS[v] + '" id="' + id(v) + '">'; };
  var select = function () { return document.getElementById('hint-select'); };
  var relOf = function (l) { return l ? l.getAttribute('rel') : null; };
  var report = function (v, l) {
    var sync = relOf(l);
    setTimeout(function () { post('test/hint-rel', { tag: TAG, vector: v, made: !!l, sync: sync, later: relOf(l) }); }, 0);
  };
  ${readMarkup.map((m) => `report(${js(m.name)}, byId(${js(m.name)}));`).join('\n  ')}
  var open = document.getElementById('dsd-open');
  report('declarative shadow root (open)', open && open.shadowRoot ? open.shadowRoot.querySelector('link') : null);
  ${scripts.join('\n  ')}
  var waiting = ${js(NESTED.map((n) => n.name))};
  var done = false;
  var finish = function () { if (done) return; done = true; setTimeout(function () { post('test/ran', { case: TAG, missing: waiting }); }, 50); };
  addEventListener('message', function (event) {
    var name = event.data && event.data.nestedRan;
    var at = waiting.indexOf(name);
    if (at === -1) return;
    waiting.splice(at, 1);
    var frames = document.querySelectorAll('iframe[data-nested]');
    for (var i = 0; i < frames.length; i++) if (frames[i].getAttribute('data-nested') === name) frames[i].remove();
    if (!waiting.length) finish();
  });
  ${nested.join('\n  ')}
  setTimeout(finish, 5000);
})();
</script></body></html>`
}
