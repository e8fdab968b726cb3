import { describe, expect, it } from 'vitest'
import { utf8ByteLength } from './utf8-byte-length'

describe('utf8ByteLength', () => {
  it('counts what TextEncoder writes, for every width and for lone surrogates', () => {
    const encoder = new TextEncoder()
    for (const text of ['', 'ascii', 'é', '€ budget', '😀', 'a😀b', '\uD800', '\uD800x', '\uDC00', 'x\uD800']) {
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(encoder.encode(text).length)
    }
  })
})
