/**
 * Reads a request body up to a byte limit and a deadline. `Content-Length` is only a hint (it may be
 * missing or lie, and chunked bodies have none), so the stream itself is counted and abandoned at
 * the limit. The deadline stops a slow-loris client, which would otherwise hold the handler (and
 * its memory) until the server's own request timeout, 300 s by default in Node.
 */

/** Limits of {@link readBodyWithLimit}. */
export interface BodyLimits {
  /** Largest accepted body in bytes. */
  maxBytes: number
  /** How long the whole body may take to arrive, in ms. */
  timeoutMs: number
}

/** Result of {@link readBodyWithLimit}: the text, or why there is none. */
export type ReadBodyResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'too_large' | 'timeout' | 'not_utf8' | 'unreadable' }

const TIMED_OUT = Symbol('timed out')

/** Reads `request`'s body as UTF-8 text, stopping once more than `maxBytes` arrive or `timeoutMs` passes. */
export async function readBodyWithLimit(request: Request, limits: BodyLimits): Promise<ReadBodyResult> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await request.body?.cancel().catch(() => {})
    return { ok: false, reason: 'too_large' }
  }
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), limits.timeoutMs)
  })
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline])
      if (next === TIMED_OUT) {
        void reader.cancel().catch(() => {})
        return { ok: false, reason: 'timeout' }
      }
      if (next.done) break
      size += next.value.byteLength
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {})
        return { ok: false, reason: 'too_large' }
      }
      chunks.push(next.value)
    }
  } catch {
    return { ok: false, reason: 'unreadable' }
  } finally {
    clearTimeout(timer)
  }
  const all = chunks.length === 1 ? chunks[0]! : concat(chunks, size)
  try {
    // Fatal: bytes that are not UTF-8 are a malformed body, not text with replacement characters.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(all) }
  } catch {
    return { ok: false, reason: 'not_utf8' }
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return all
}
