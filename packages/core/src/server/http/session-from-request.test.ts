import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
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
    expect(misuse(() => sessionFromCookie('bad name'))).toEqual({ code: 'misuse', message: expect.stringContaining('sessionFromCookie') })
  })
})

describe('sessionFromHeader', () => {
  it('reads the header, and nothing when it is missing or empty', () => {
    const get = sessionFromHeader('x-session-id')
    expect(get(withHeaders({ 'x-session-id': 's1' }))).toBe('s1')
    expect(get(withHeaders({ 'x-session-id': '' }))).toBeUndefined()
    expect(get(withHeaders({}))).toBeUndefined()
    expect(misuse(() => sessionFromHeader('x session'))).toEqual({ code: 'misuse', message: expect.stringContaining('sessionFromHeader') })
  })
})

function misuse(fn: () => unknown): { code: string; message: string } | undefined {
  try {
    fn()
  } catch (error) {
    if (McpHitlError.isInstance(error)) return { code: error.code, message: error.message }
    throw error
  }
  return undefined
}
