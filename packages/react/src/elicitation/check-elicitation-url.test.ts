// @module-tag security
import { describe, expect, it } from 'vitest'
import { checkElicitationUrl } from './check-elicitation-url'

describe('checkElicitationUrl', () => {
  it('allows https and reports the host', () => {
    const check = checkElicitationUrl('https://auth.example.com/connect?state=1')
    expect(check).toMatchObject({ ok: true, host: 'auth.example.com', warnings: [] })
  })

  it.each([
    ['http://example.com/', 'insecure'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,hi', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['not a url', 'invalid'],
    ['http://localhost:3000/cb', 'insecure'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(checkElicitationUrl(url)).toMatchObject({ ok: false, reason })
  })

  it('allows http://localhost only behind allowLocalhost', () => {
    expect(checkElicitationUrl('http://localhost:3000/cb', { allowLocalhost: true })).toMatchObject({ ok: true })
    expect(checkElicitationUrl('http://127.0.0.1:3000/cb', { allowLocalhost: true })).toMatchObject({ ok: true })
    expect(checkElicitationUrl('http://example.com/', { allowLocalhost: true })).toMatchObject({ ok: false })
  })

  it('warns on punycode, mixed scripts and user info', () => {
    expect(checkElicitationUrl('https://xn--pple-43d.com/').warnings).toEqual(['punycode'])
    // Cyrillic "а" inside a Latin name: shown as punycode by URL, and mixed scripts in the raw host.
    expect(checkElicitationUrl('https://p\u0430ypal.com/').warnings).toEqual(['punycode', 'mixed-script'])
    const userinfo = checkElicitationUrl('https://bank.com@evil.example/')
    expect(userinfo).toMatchObject({ ok: true, host: 'evil.example', warnings: ['userinfo'] })
  })
})
