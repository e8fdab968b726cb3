/**
 * Elicitation ids are bearer-like: whoever holds one (and owns the session) may answer. They come
 * from the platform CSPRNG (`globalThis.crypto`, present in Node 20+, Deno, Bun and edge runtimes),
 * 128 random bits as base64url, never from `Math.random`.
 */

const ID_BYTES = 16

/** A fresh unguessable elicitation id: 128 random bits, base64url, 22 characters. */
export function createElicitationId(): string {
  const bytes = new Uint8Array(ID_BYTES)
  globalThis.crypto.getRandomValues(bytes)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
