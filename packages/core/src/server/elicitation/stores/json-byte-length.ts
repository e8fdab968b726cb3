/**
 * The size the byte bounds of the broker and its stores count: the UTF-8 length of a value's JSON,
 * which is what a Redis store writes and close to what a memory store holds. Counted without
 * encoding (no allocation), so measuring a large record costs one pass over its JSON.
 */

/** UTF-8 byte length of `JSON.stringify(value)`; 0 for values JSON cannot represent. */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value)
  return json === undefined ? 0 : utf8ByteLength(json)
}

/** UTF-8 byte length of `text` (a lone surrogate counts as the 3-byte replacement character). */
export function utf8ByteLength(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}
