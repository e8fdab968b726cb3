import { describe, expect, it } from 'vitest'
import { buildAppDocument } from './app-document'
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD } from './sandbox-proxy-protocol'

const options = { csp: "default-src 'none'", parentOrigin: 'https://chat.example.com' }
const PREFIX = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><script>`

describe('buildAppDocument', () => {
  it('starts with the kit doctype, head and CSP meta, whatever the app markup starts with', () => {
    for (const html of ['\u00A0<!doctype html><p>x', "<html data-x=a'><head>", '<!---><script>1</script>', '<plaintext>', '']) {
      expect(buildAppDocument(html, options).startsWith(PREFIX)).toBe(true)
    }
  })

  it('keeps the app markup unchanged after the guard, dropping only a leading byte-order mark', () => {
    const html = '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>é</body></html>'
    expect(buildAppDocument(html, options).endsWith(`;</script>${html}`)).toBe(true)
    expect(buildAppDocument(`\uFEFF${html}`, options).endsWith(`;</script>${html}`)).toBe(true)
  })

  it('escapes the policy so it cannot close the attribute', () => {
    const out = buildAppDocument('', { ...options, csp: 'a"><script>alert(1)</script>&' })
    expect(out).toContain('content="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"')
  })

  it('passes the channel methods and parent origin to the guard, with "<" escaped', () => {
    const out = buildAppDocument('', { ...options, parentOrigin: 'https://x.example</script><script>alert(1)' })
    expect(out).toContain(MCP_HITL_CHANNEL_METHOD)
    expect(out).toContain(MCP_HITL_APP_LEFT_METHOD)
    // One script element: the origin cannot end it.
    expect(out.match(/<\/script>/g)).toHaveLength(1)
  })
})
