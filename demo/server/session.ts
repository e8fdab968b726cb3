/**
 * The demo's notion of "who is calling": an unguessable id in an HttpOnly, SameSite=Strict cookie
 * this server signed (the kit's `createSignedSessionCookie`), so a made-up or altered cookie is no
 * session. A real app issues it when its auth signs the user in, and binds elicitations to that
 * user (the spec asks for user identity, not a bare session id).
 */
import { randomBytes } from 'node:crypto'
import { createSignedSessionCookie } from '@mcp-hitl/core/server'

/** Cookie that carries the session id. */
export const SESSION_COOKIE = 'hitl_session'

/**
 * The demo's sessions. `DEMO_SESSION_SECRET` keeps them across restarts; without it each process
 * signs with a secret of its own (the demo keeps its chats in memory anyway).
 */
export const sessions = createSignedSessionCookie({
  name: SESSION_COOKIE,
  secret: process.env.DEMO_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
  sameSite: 'Strict',
  // The demo serves plain HTTP on 127.0.0.1.
  secure: false,
})

/** The caller's session id, or undefined without a cookie this server signed. */
export const readSessionId = sessions.getSessionId
