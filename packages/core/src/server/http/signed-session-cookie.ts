/**
 * A session cookie the server signs, for apps without a session store of their own: `issue()` makes
 * an unguessable id and its `Set-Cookie`, and `getSessionId` accepts only a value this server
 * signed (HMAC-SHA-256 of the cookie's name and the id with your secret, checked by Web Crypto's
 * constant-time verify). A made-up or altered value is no session, so whoever invents cookie values
 * gets 403, not a fresh session and a fresh rate-limit bucket per invented value.
 *
 * Signed is not signed in: issue the cookie when your auth signs the user in, or bind the id to
 * the user in your own store. Fetch-API and Web Crypto only, so it runs on Node, Deno, Bun and
 * edge runtimes alike.
 */
import { McpHitlError } from '../../errors'
import { sessionFromCookie } from './session-from-request'
import type { GetSessionId } from './session-resolver'

/** Options of {@link createSignedSessionCookie}. */
export interface SignedSessionCookieOptions {
  /** The cookie's name. */
  name: string
  /**
   * The signing secret, at least 32 characters (e.g. `openssl rand -base64 32`), from your
   * configuration; several to rotate: the first signs, every one verifies.
   */
  secret: string | readonly string[]
  /** `Secure` on the cookie. Default true; false only for plain-HTTP development on localhost. */
  secure?: boolean
  /** `SameSite`. Default `Lax`. */
  sameSite?: 'Strict' | 'Lax'
  /** `Path`. Default `/`. */
  path?: string
  /** `Max-Age` in seconds; a session cookie (gone with the browser) without it. */
  maxAgeSeconds?: number
}

/** A signed session cookie: who is calling, and how to hand a caller a session. */
export interface SignedSessionCookie {
  /** For the kit's handlers: the session id when the cookie carries this server's signature, else undefined (403). */
  getSessionId: GetSessionId
  /** A new session: its id and the `Set-Cookie` header value that carries it, signed. */
  issue(): Promise<{ sessionId: string; setCookie: string }>
}

const API = 'createSignedSessionCookie'
const MIN_SECRET = 32
const ID = /^[A-Za-z0-9_-]{16,128}$/
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const encoder = new TextEncoder()

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

/** Creates the cookie's `getSessionId` and `issue`; throws `misuse` for a missing or short secret. */
export function createSignedSessionCookie(options: SignedSessionCookieOptions): SignedSessionCookie {
  const read = sessionFromCookie(options?.name)
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...(options.secret ?? [])]
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== 'string' || secret.length < MIN_SECRET)) {
    throw new McpHitlError(
      `${API}: secret must be at least ${MIN_SECRET} characters from your configuration (e.g. SESSION_SECRET=$(openssl rand -base64 32)); an empty or short one would let anyone sign cookies`,
      { code: 'misuse' },
    )
  }
  const keys = secrets.map((secret) =>
    crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
  )
  // The name is signed too: a value issued for one cookie is no good in another.
  const signed = (id: string) => encoder.encode(`${options.name}.${id}`)
  const attributes = [
    `Path=${options.path ?? '/'}`,
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(options.secure === false ? [] : ['Secure']),
    ...(options.maxAgeSeconds !== undefined ? [`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`] : []),
  ].join('; ')

  return {
    async getSessionId(request) {
      const value = await read(request)
      if (!value) return undefined
      const dot = value.lastIndexOf('.')
      const id = value.slice(0, dot)
      const signature = value.slice(dot + 1)
      if (dot < 0 || !ID.test(id) || !SIGNATURE.test(signature)) return undefined
      const bytes = fromBase64url(signature)
      for (const key of keys) if (await crypto.subtle.verify('HMAC', await key, bytes, signed(id))) return id
      return undefined
    },
    async issue() {
      const sessionId = base64url(crypto.getRandomValues(new Uint8Array(18)))
      const signature = base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await (keys[0] as Promise<CryptoKey>), signed(sessionId))))
      return { sessionId, setCookie: `${options.name}=${sessionId}.${signature}; ${attributes}` }
    },
  }
}
