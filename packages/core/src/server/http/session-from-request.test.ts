import { describe, expect, it } from 'vitest'
import { sessionFromCookie, sessionFromHeader } from './session-from-request'

const withHeaders = (headers: Record<string, string>) => new Request('http://local/', { headers })

describe('sessionFromCookie', () => {
  it('finds the named cookie among others, decoded, and nothing for absent or empty ones', () => {
    const get = sessionFromCookie('sid')
    expect(get(withHeaders({ cookie: 'theme=dark; sid=abc%3D%3D; other=1' }))).toBe('abc==')
    expect(get(withHeaders({ cookie: 'xsid=nope; sid="quoted"' }))).toBe('quoted')
    expect(get(withHeaders({ cookie: 'sid=; theme=dark' }))).toBeUndefined()
    expect(get(withHeaders({ cookie: 'sid=%E0%A4%A' }))).toBeUndefined()
    expect(get(withHeaders({}))).toBeUndefined()
    expect(() => sessionFromCookie('bad name')).toThrow(TypeError)
  })
})

describe('sessionFromHeader', () => {
  it('reads the header, and nothing when it is missing or empty', () => {
    const get = sessionFromHeader('x-session-id')
    expect(get(withHeaders({ 'x-session-id': 's1' }))).toBe('s1')
    expect(get(withHeaders({ 'x-session-id': '' }))).toBeUndefined()
    expect(get(withHeaders({}))).toBeUndefined()
  })
})
