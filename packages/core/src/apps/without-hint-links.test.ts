import { describe, expect, it } from 'vitest'
import { buildAppDocument } from './app-document'
import { withoutHintLinks } from './without-hint-links'

describe('withoutHintLinks', () => {
  it('gives every link whose first rel holds a hint an empty rel first, however the markup spells it', () => {
    const cases = [
      '<link rel="preconnect" href="http://x">',
      "<LINK\tREL=' Prefetch\t' href=x>",
      '<link href=x rel="alternate\nnext">',
      '<link/rel=dns-prefetch href=x>',
      '<link rel = "modulepreload" href=x>',
      '<link rel=PRERENDER>',
      '<link rel=preload as=style href=x/>',
      '<link rel="pre&#99;onnect" href=x>',
      '<link rel="preconnect" href="x"',
      '<template shadowrootmode=closed><link rel=preconnect href=x></template>',
    ]
    for (const html of cases) expect(withoutHintLinks(html), html).toBe(html.replace(/^(.*?<link)/is, '$1 rel'))
  })

  it('leaves links without a hint, other tags and a later rel alone', () => {
    const cases = [
      '<link rel="stylesheet" href="a.css"><link rel=icon href=b>',
      '<link href=x>',
      '<link rel href=x rel=preconnect>',
      // Unquoted, the value ends at the space: "next" is an attribute of its own.
      '<link rel=alternate next>',
      '<link relx=preconnect rel=stylesheet>',
      '<linkx rel=preconnect>',
      '<link data-rel="preconnect" rel="author">',
      'text <link',
      '<p title="<link rel=stylesheet>">',
    ]
    for (const html of cases) expect(withoutHintLinks(html), html).toBe(html)
  })

  it('changes every hint link of a document and nothing else, and a second pass changes nothing', () => {
    const html = '<link rel=stylesheet href=a><link rel=preconnect href=b><script>var s = "<link rel=\'next\'>"</script><link rel=icon>'
    const once = withoutHintLinks(html)
    expect(once).toBe('<link rel=stylesheet href=a><link rel rel=preconnect href=b><script>var s = "<link rel rel=\'next\'>"</script><link rel=icon>')
    expect(withoutHintLinks(once)).toBe(once)
  })

  it("applies to the app's markup in buildAppDocument", () => {
    const out = buildAppDocument('<link rel="preconnect" href="http://x"><p>x', { csp: "default-src 'none'", parentOrigin: 'https://chat.example.com' })
    expect(out.endsWith('</script><link rel rel="preconnect" href="http://x"><p>x')).toBe(true)
  })
})
