/**
 * The size the byte bounds of the broker and its stores count: the UTF-8 length of a value's JSON,
 * which is what a Redis store writes and close to what a memory store holds. Counted without
 * encoding (no allocation), so measuring a large record costs one pass over its JSON.
 */
import { utf8ByteLength } from '../../../utf8-byte-length'

/** UTF-8 byte length of `JSON.stringify(value)`; 0 for values JSON cannot represent. */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value)
  return json === undefined ? 0 : utf8ByteLength(json)
}
