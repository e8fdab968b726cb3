// @module-tag security
import { describe, expect, it } from 'vitest'
import { createSignedSessionCookie } from './signed-session-cookie'

const SECRET = 'a-test-secret-of-at-least-32-characters!'
const request = (cookie?: string) => new Request('http://app.test/api', cookie ? { headers: { cookie } } : {})
const cookieOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf(';'))

describe('createSignedSessionCookie', () => {
  it('accepts a cookie it issued and refuses what a caller made up, altered or brought from elsewhere', async () => {
    const sessions = createSignedSessionCookie({ name: 'sid', secret: SECRET })
    const { sessionId, setCookie } = await sessions.issue()
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(setCookie).toMatch(/^sid=[\w-]+\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/)
    expect(await sessions.getSessionId(request(cookieOf(setCookie)))).toBe(sessionId)
    const [id, signature] = cookieOf(setCookie).slice('sid='.length).split('.') as [string, string]
    const other = createSignedSessionCookie({ name: 'sid', secret: 'another-secret-of-at-least-32-characters' })
    const renamed = createSignedSessionCookie({ name: 'sid2', secret: SECRET })
    for (const cookie of [
      'sid=made-up-session-value',
      'sid=aaaaaaaaaaaaaaaaaaaaaaaa',
      `sid=${id}`,
      `sid=${id}x.${signature}`,
      `sid=${id}.${signature.slice(0, -1)}A`,
      `sid=${'b'.repeat(24)}.${signature}`,
      `sid=.${signature}`,
      'sid=',
    ]) {
      expect(await sessions.getSessionId(request(cookie)), cookie).toBeUndefined()
    }
    expect(await sessions.getSessionId(request())).toBeUndefined()
    expect(await other.getSessionId(request(cookieOf(setCookie)))).toBeUndefined()
    expect(await renamed.getSessionId(request(cookieOf(setCookie).replace('sid=', 'sid2=')))).toBeUndefined()
  })

  it('rotates secrets: the first signs, every one verifies', async () => {
    const before = createSignedSessionCookie({ name: 'sid', secret: SECRET })
    const { sessionId, setCookie } = await before.issue()
    const rotated = createSignedSessionCookie({ name: 'sid', secret: ['the-new-secret-of-at-least-32-characters', SECRET], secure: false, sameSite: 'Strict', maxAgeSeconds: 3600 })
    expect(await rotated.getSessionId(request(cookieOf(setCookie)))).toBe(sessionId)
    expect((await rotated.issue()).setCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=3600$/)
  })

  it('refuses to be built with a missing or short secret', () => {
    expect(() => createSignedSessionCookie({ name: 'sid', secret: '' })).toThrow(/at least 32 characters/)
    expect(() => createSignedSessionCookie({ name: 'sid', secret: 'short' })).toThrow(/openssl rand/)
    expect(() => createSignedSessionCookie({ name: 'sid', secret: [] })).toThrow(/secret/)
    expect(() => createSignedSessionCookie({ name: 'bad name', secret: SECRET })).toThrow(/not a cookie name/)
  })
})
