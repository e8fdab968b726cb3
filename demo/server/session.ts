/**
 * The demo's notion of "who is calling": a random id in an HttpOnly, SameSite=Strict cookie.
 * A real app binds elicitations to its signed-in user instead (the spec asks for user identity,
 * not a bare session id); swap `readSessionId` for your auth.
 */
import { randomBytes } from 'node:crypto'

/** Cookie that carries the session id. */
export const SESSION_COOKIE = 'hitl_session'

/** The caller's session id, or undefined without a well-formed cookie. */
export function readSessionId(request: Request): string | undefined {
  const cookie = request.headers.get('cookie') ?? ''
  for (const pair of cookie.split(';')) {
    const [name, value] = pair.trim().split('=')
    if (name === SESSION_COOKIE && value && /^[A-Za-z0-9_-]{22,64}$/.test(value)) return value
  }
  return undefined
}

/** A fresh unguessable session id. */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url')
}

/** `Set-Cookie` value for a session id. */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`
}
