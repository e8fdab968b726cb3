import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../errors'
import { buildAllowAttribute, buildSandboxAttribute, injectCspMeta } from './sandbox'

describe('buildSandboxAttribute', () => {
  it('defaults to allow-scripts only', () => {
    expect(buildSandboxAttribute()).toBe('allow-scripts')
  })
  it('adds forms and popups on request, never top navigation', () => {
    const value = buildSandboxAttribute({ allowForms: true, allowPopups: true })
    expect(value).toBe('allow-scripts allow-forms allow-popups')
    expect(value).not.toContain('top-navigation')
  })
  it('adds allow-same-origin for a proxy on a separate origin', () => {
    expect(buildSandboxAttribute({ sameOrigin: true })).toBe('allow-scripts allow-same-origin')
  })
  it('refuses allow-same-origin with srcdoc, naming the fix', () => {
    let error: unknown
    try {
      buildSandboxAttribute({ sameOrigin: true, srcdoc: true })
    } catch (e) {
      error = e
    }
    expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    expect((error as Error).message).toContain('sandbox proxy')
  })
})

describe('buildAllowAttribute', () => {
  it('grants nothing without a request or without host consent', () => {
    expect(buildAllowAttribute(undefined, { camera: {} })).toBe('')
    expect(buildAllowAttribute({ camera: {} })).toBe('')
    expect(buildAllowAttribute({ camera: {} }, {})).toBe('')
  })
  it('grants the intersection, with the Permissions-Policy feature names', () => {
    expect(
      buildAllowAttribute(
        { camera: {}, microphone: {}, clipboardWrite: {} },
        { microphone: {}, clipboardWrite: {}, geolocation: {} },
      ),
    ).toBe('microphone; clipboard-write')
  })
  it('grants all four when both sides agree', () => {
    const all = { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} }
    expect(buildAllowAttribute(all, all)).toBe('camera; microphone; geolocation; clipboard-write')
  })
  it('ignores unknown permissions and falsy markers', () => {
    const requested = { camera: false, usb: {}, geolocation: null } as unknown as Record<string, never>
    expect(buildAllowAttribute(requested, { camera: {}, geolocation: {}, usb: {} } as never)).toBe('')
  })
})

const CSP = "default-src 'none'"
const meta = (html: string) => injectCspMeta(html, CSP)
const expected = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`

describe('injectCspMeta', () => {
  it('puts the meta first in an existing head', () => {
    expect(meta('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body></body></html>')).toBe(
      `<!DOCTYPE html><html lang="en"><head>${expected}<title>x</title></head><body></body></html>`,
    )
  })
  it('is case-insensitive and tolerates attributes and whitespace', () => {
    expect(meta('\n  <!doctype HTML>\n<HTML data-x="a>b">\n <HEAD class=\'h\'>\n<script>1</script>')).toBe(
      `\n  <!doctype HTML>\n<HTML data-x="a>b">\n <HEAD class='h'>${expected}\n<script>1</script>`,
    )
  })
  it('without a head, inserts right after the html open tag', () => {
    expect(meta('<!doctype html><html><body>hi</body></html>')).toBe(
      `<!doctype html><html>${expected}<body>hi</body></html>`,
    )
  })
  it('without html or head, inserts after the doctype', () => {
    expect(meta('<!doctype html><script>steal()</script><p>x')).toBe(
      `<!doctype html>${expected}<script>steal()</script><p>x`,
    )
  })
  it('with a bare fragment, inserts at the very start', () => {
    expect(meta('<p>hello</p>')).toBe(`${expected}<p>hello</p>`)
  })
  it('is not fooled by "<head" inside a leading comment or script', () => {
    const html = '<!doctype html><!-- <head> --><script>var s = "<head>"</script><html><head></head>'
    const out = meta(html)
    expect(out.indexOf(expected)).toBe('<!doctype html>'.length)
    expect(out.indexOf(expected)).toBeLessThan(out.indexOf('<script>'))
  })
  it('escapes the policy so it cannot close the attribute', () => {
    const out = injectCspMeta('<head>', 'a"><script>alert(1)</script>&')
    expect(out).toBe(
      '<head><meta http-equiv="Content-Security-Policy" content="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;">',
    )
    expect(out).not.toContain('<script>')
  })
  it('keeps comments before the doctype in front, so the page stays in standards mode', () => {
    expect(meta('<!-- built by x --><!-- <head> -->\n<!DOCTYPE html><p>x')).toBe(
      `<!-- built by x --><!-- <head> -->\n<!DOCTYPE html>${expected}<p>x`,
    )
    // Without a doctype, a leading comment does not count: the meta goes first.
    expect(meta('<!-- c --><p>x')).toBe(`${expected}<!-- c --><p>x`)
  })
  it('handles many leading comments without a doctype in one pass', () => {
    const html = `${'<!-- a --> -->'.repeat(5000)}<p>x`
    expect(meta(html)).toBe(`${expected}${html}`)
  })
  it('keeps a byte order mark in front', () => {
    expect(meta('\uFEFF<head>')).toBe(`\uFEFF<head>${expected}`)
  })
  it('leaves the rest of the document untouched', () => {
    const html = '<html><head><meta charset="utf-8"></head><body>é</body></html>'
    expect(meta(html).replace(expected, '')).toBe(html)
  })
})
