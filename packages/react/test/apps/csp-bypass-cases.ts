/**
 * The markup cases of the CSP-bypass suite: each once made the CSP `<meta>` land in `<body>` (where
 * browsers ignore it) or tries to get around the policy from inside the document. `html(script)`
 * wraps the attack script; `BASE_TAG` in the result is replaced by the case's tag. Shared by the
 * Chromium suite (csp-bypass.browser.test.tsx) and the cross-browser one.
 */

/** One markup case: its name, and the document around `script`. */
export type CspBypassCase = { name: string; html: (script: string) => string }

/** Every case; one of them points `<base href>` and a loosening `<meta>` at `collector`. */
export function cspBypassCases(collector: string): CspBypassCase[] {
  const doc = (script: string) => `<!doctype html><html><head><title>app</title></head><body><p>app</p><script>${script}</script></body></html>`
  const body = (script: string) => `<p>app</p><script>${script}</script>`

  const SPACES = [0x0b, 0xa0, 0x1680, ...Array.from({ length: 11 }, (_, i) => 0x2000 + i), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0x85, 0x180e, 0x200b]
  const CONTROLS = [0x00, 0x01, 0x08, 0x0e, 0x1f, 0x7f]

  const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
  return [
    ...SPACES.map((code): CspBypassCase => ({ name: `leading ${hex(code)}`, html: (s) => String.fromCharCode(code) + doc(s) })),
    { name: 'leading BOM', html: (s) => `\uFEFF${doc(s)}` },
    { name: 'BOM then U+00A0', html: (s) => `\uFEFF\u00A0${doc(s)}` },
    ...CONTROLS.map((code): CspBypassCase => ({ name: `leading control ${hex(code)}`, html: (s) => String.fromCharCode(code) + doc(s) })),
    { name: 'U+00A0 between doctype and html', html: (s) => `<!doctype html>\u00A0<html><head></head><body>${body(s)}</body></html>` },
    // The quote pairs with a later one, so a markup matcher reads the script as an attribute value.
    { name: "unbalanced ' in <html>", html: (s) => `<!doctype html><html data-x=a'><head></head><body>${body(s)}<p title='>'></p></body></html>` },
    { name: 'unbalanced " in <html>', html: (s) => `<!doctype html><html data-x=a"><head></head><body>${body(s)}<p title=">"></p></body></html>` },
    { name: 'unbalanced quote in <head>', html: (s) => `<html><head data-x=a'>${body(s)}` },
    // HTML ends `<!--->` at once; a matcher that looks for `-->` reads up to the later comment.
    { name: '<!---> (comment that ends at once)', html: (s) => `<!---><script>${s}</script><!-- x --><!doctype html><html><head></head><body></body></html>` },
    { name: '<!--> (comment that ends at once)', html: (s) => `<!--><head></head>${body(s)}` },
    { name: 'comment closed by --!>', html: (s) => `<!-- x --!><head></head>${body(s)}` },
    { name: 'unterminated-looking <!-- in a doctype', html: (s) => `<!doctype html <!--><html><head></head><body>${body(s)}</body></html>` },
    { name: '<![CDATA[ prefix', html: (s) => `<![CDATA[ <head> ]]>${body(s)}` },
    { name: '<?xml prefix', html: (s) => `<?xml version="1.0"?><head></head>${body(s)}` },
    { name: '<script> before <head>', html: (s) => `<script>var head = "<head>";</script><head></head>${body(s)}` },
    { name: 'script first, no head', html: (s) => `<script>${s}</script>` },
    { name: '<template> holding a <head>', html: (s) => `<template><head><meta charset="utf-8"></template>${body(s)}` },
    { name: '<noscript><plaintext>', html: (s) => `<noscript><plaintext></noscript>${body(s)}` },
    { name: '<title> holding a <head>', html: (s) => `<title><head></title>${body(s)}` },
    { name: '<body> first', html: (s) => `<body><head></head>${body(s)}</body>` },
    { name: 'text first', html: (s) => `hello${doc(s)}` },
    {
      name: 'a second <meta http-equiv> loosening the policy',
      html: (s) =>
        `<meta http-equiv="Content-Security-Policy" content="default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; connect-src *; img-src *"><meta http-equiv="Content-Security-Policy" content="connect-src ${collector}">${body(s)}`,
    },
    { name: 'a loosening <meta> in <body>', html: (s) => `<body><meta http-equiv="Content-Security-Policy" content="connect-src *">${body(s)}</body>` },
    {
      name: '<base href> to the collector, then relative URLs',
      html: (s) => `<base href="${collector}/"><head></head><body><img src="x?case=BASE_TAG&via=base-img"><script src="x?case=BASE_TAG&via=base-script"></script>${body(s)}</body>`,
    },
  ]
}
