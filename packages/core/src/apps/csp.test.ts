// @module-tag security
import { describe, expect, it } from 'vitest'
import { normalizeCspDomain, resolveAppCsp } from './csp'

function directives(policy: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of policy.split(';')) {
    const [name, ...rest] = part.trim().split(/\s+/)
    if (name) map.set(name, rest.join(' '))
  }
  return map
}

describe('resolveAppCsp: the policy', () => {
  it("given no metadata, allows nothing beyond inline code and data: (no 'self': it would mean the host's origin)", () => {
    const d = directives(resolveAppCsp(undefined).policy)
    expect(d.get('default-src')).toBe("'none'")
    expect(d.get('script-src')).toBe("'unsafe-inline'")
    expect(d.get('style-src')).toBe("'unsafe-inline'")
    expect(d.get('img-src')).toBe('data:')
    expect(d.get('font-src')).toBe('data:')
    expect(d.get('media-src')).toBe('data:')
    expect(d.get('connect-src')).toBe("'none'")
    expect(d.get('frame-src')).toBe("'none'")
    expect(d.get('base-uri')).toBe("'none'")
    expect(d.get('object-src')).toBe("'none'")
    expect(d.get('form-action')).toBe("'none'")
  })

  it('given declared domains, allows each only in its own directives', () => {
    const d = directives(
      resolveAppCsp({
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.com'],
      }).policy,
    )
    expect(d.get('connect-src')).toBe('https://api.example.com wss://live.example.com')
    expect(d.get('script-src')).toBe("'unsafe-inline' https://cdn.example.com")
    expect(d.get('img-src')).toBe('data: https://cdn.example.com')
    expect(d.get('font-src')).toBe('data: https://cdn.example.com')
    expect(d.get('frame-src')).toBe('https://www.youtube.com')
    expect(d.get('base-uri')).toBe('https://base.example.com')
    expect(d.get('default-src')).toBe("'none'")
  })

  it('normalises to the origin: lowercase, default port dropped, path and query removed, duplicates merged', () => {
    const { domains } = resolveAppCsp({
      connectDomains: ['HTTPS://API.Example.COM:443/v1/path?q=1#x', 'https://api.example.com', 'api.example.com'],
      resourceDomains: ['https://cdn.example.com:8443/'],
    })
    expect(domains.connectDomains).toEqual(['https://api.example.com'])
    expect(domains.resourceDomains).toEqual(['https://cdn.example.com:8443'])
  })

  it('converts internationalised hosts to punycode', () => {
    expect(resolveAppCsp({ connectDomains: ['https://bücher.example'] }).domains.connectDomains).toEqual([
      'https://xn--bcher-kva.example',
    ])
  })

  it.each([
    ['wildcard host', 'https://*.example.com'],
    ['bare wildcard', '*'],
    ['semicolon smuggling a directive', "https://a.com; script-src 'unsafe-eval'"],
    ['semicolon without space', 'https://a.com;script-src'],
    ['quote keyword', "'unsafe-eval'"],
    ['double quote', 'https://a.com"'],
    ['space separated list', 'https://a.com https://b.com'],
    ['tab', 'https://a.com\thttps://b.com'],
    ['newline', 'https://a.com\nscript-src *'],
    ['comma', 'https://a.com,https://b.com'],
    ['http scheme', 'http://api.example.com'],
    ['ws scheme', 'ws://api.example.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['blob scheme', 'blob:https://a.com/x'],
    ['credentials', 'https://user:pass@a.com'],
    ['empty string', ''],
    ['angle bracket', 'https://a.com/<script>'],
    ['backslash', 'https:\\\\a.com'],
    ['not a URL', 'https://'],
  ])('rejects %s', (_name, value) => {
    const { domains, rejected, policy } = resolveAppCsp({ connectDomains: [value] })
    expect(domains.connectDomains).toEqual([])
    expect(rejected).toHaveLength(1)
    expect(rejected[0]).toMatchObject({ kind: 'connectDomains', value })
    expect(directives(policy).get('connect-src')).toBe("'none'")
    expect(policy).not.toContain('unsafe-eval')
  })

  it('rejects non-string entries and a non-array list, keeping the valid ones', () => {
    const { domains, rejected } = resolveAppCsp({
      connectDomains: [42, null, { url: 'https://a.com' }, 'https://ok.example.com'] as unknown as string[],
      frameDomains: 'https://x.com' as unknown as string[],
    })
    expect(domains.connectDomains).toEqual(['https://ok.example.com'])
    expect(domains.frameDomains).toEqual([])
    expect(rejected.map((r) => r.reason)).toEqual([
      'not a non-empty string',
      'not a non-empty string',
      'not a non-empty string',
      'not an array',
    ])
  })

  it('accepts wss only for connect-src', () => {
    const { domains, rejected } = resolveAppCsp({ resourceDomains: ['wss://cdn.example.com'] })
    expect(domains.resourceDomains).toEqual([])
    expect(rejected[0]?.reason).toContain('wss:')
  })

  it('accepts http/ws localhost only behind allowLocalhost', () => {
    const csp = { connectDomains: ['http://localhost:3000', 'ws://127.0.0.1:9000', 'http://evil.example.com'] }
    expect(resolveAppCsp(csp).domains.connectDomains).toEqual([])
    const dev = resolveAppCsp(csp, { allowLocalhost: true })
    expect(dev.domains.connectDomains).toEqual(['http://localhost:3000', 'ws://127.0.0.1:9000'])
    expect(dev.rejected.map((r) => r.value)).toEqual(['http://evil.example.com'])
  })

  it('intersects with the host policy and reports what the host refused', () => {
    const { domains, rejected, policy } = resolveAppCsp(
      { connectDomains: ['https://api.example.com', 'https://tracker.example.net'], frameDomains: ['https://x.com'] },
      { allowConnectDomains: ['https://API.example.com/'], allowFrameDomains: [] },
    )
    expect(domains.connectDomains).toEqual(['https://api.example.com'])
    expect(domains.frameDomains).toEqual([])
    expect(rejected).toEqual([
      { kind: 'connectDomains', value: 'https://tracker.example.net', reason: 'not allowed by the host policy' },
      { kind: 'frameDomains', value: 'https://x.com', reason: 'not allowed by the host policy' },
    ])
    expect(directives(policy).get('frame-src')).toBe("'none'")
  })

  it('a host policy never widens what the resource declared', () => {
    const { domains } = resolveAppCsp(undefined, { allowConnectDomains: ['https://api.example.com'] })
    expect(domains.connectDomains).toEqual([])
  })

  it('every emitted directive is well-formed (no stray separators)', () => {
    const policy = resolveAppCsp({ connectDomains: ['https://a.com', 'https://b.com:8080'] }).policy
    for (const part of policy.split('; ')) expect(part).toMatch(/^[a-z-]+( [^;,\s]+)+$/)
  })
})

describe('normalizeCspDomain', () => {
  it('treats a bare host as https', () => {
    expect(normalizeCspDomain('Api.Example.com', 'connectDomains')).toEqual({
      ok: true,
      origin: 'https://api.example.com',
    })
  })
  it('keeps IPv6 literals and non-default ports', () => {
    expect(normalizeCspDomain('https://[2001:db8::1]:8443', 'resourceDomains')).toEqual({
      ok: true,
      origin: 'https://[2001:db8::1]:8443',
    })
  })
  it('rejects overly long input', () => {
    expect(normalizeCspDomain(`https://${'a'.repeat(3000)}.com`, 'connectDomains').ok).toBe(false)
  })
})
