/**
 * Ready-made `getSessionId` readers. They only read a value and take whatever a caller sends, a
 * made-up one included: use them only behind your own check of the value (a session store lookup),
 * or use `createSignedSessionCookie`, whose `getSessionId` accepts only values this server signed.
 */
import { McpHitlError } from '../../errors'
import type { GetSessionId } from './session-resolver'

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** Reads the session id from the cookie `name` (undefined when absent or empty). */
export function sessionFromCookie(name: string): GetSessionId {
  if (typeof name !== 'string' || !COOKIE_NAME.test(name)) {
    throw new McpHitlError(
      `sessionFromCookie: ${JSON.stringify(name)} is not a cookie name; use the name your app sets, made of letters, digits and !#$%&'*+-.^_\`|~ only`,
      { code: 'misuse' },
    )
  }
  return (request) => {
    const header = request.headers.get('cookie')
    if (!header) return undefined
    for (const pair of header.split(';')) {
      const index = pair.indexOf('=')
      if (index < 0 || pair.slice(0, index).trim() !== name) continue
      const raw = pair.slice(index + 1).trim().replace(/^"(.*)"$/, '$1')
      try {
        return decodeURIComponent(raw) || undefined
      } catch {
        return undefined
      }
    }
    return undefined
  }
}

/** Reads the session id from the request header `name` (undefined when absent or empty). */
export function sessionFromHeader(name: string): GetSessionId {
  if (typeof name !== 'string' || !COOKIE_NAME.test(name)) {
    throw new McpHitlError(`sessionFromHeader: ${JSON.stringify(name)} is not a header name; pass one such as 'x-session-id'`, {
      code: 'misuse',
    })
  }
  return (request) => request.headers.get(name) || undefined
}
