/**
 * Reads a request body up to a byte limit. `Content-Length` is only a hint (it may be missing or
 * lie, and chunked bodies have none), so the stream itself is counted and abandoned at the limit.
 */

/** Result of {@link readBodyWithLimit}: the text, or `too_large` once the limit is passed. */
export type ReadBodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' }

/** Reads `request`'s body as UTF-8 text, stopping as soon as more than `maxBytes` arrive. */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<ReadBodyResult> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {})
    return { ok: false, reason: 'too_large' }
  }
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return { ok: false, reason: 'too_large' }
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return { ok: true, text: new TextDecoder().decode(chunks[0]) }
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, text: new TextDecoder().decode(all) }
}
