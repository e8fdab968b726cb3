// @module-tag security
import { parseJsonEventStream, uiMessageChunkSchema } from 'ai'
import { describe, expect, it } from 'vitest'
import { decodeAnswerNames, decodeElicitationNames, encodeAnswerNames, encodeElicitationNames } from './elicitation-name-stand-ins'
import type { RequestedSchema } from './protocol'
import type { ElicitationRequestData } from './wire'

// JSON.parse keeps `__proto__` as an own key, as a server's request arrives.
const schema = JSON.parse(
  '{"type":"object","properties":{"__proto__":{"type":"string","title":"Proto"},"mcp-hitl-name-0":{"type":"string"},"name":{"type":"string"}},"required":["__proto__","name"]}',
) as RequestedSchema

const data = (extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData => ({
  elicitationId: 'e1',
  message: 'Who?',
  requestedSchema: schema,
  mode: 'form',
  status: 'pending',
  ...extra,
})

/** What the AI SDK page makes of one SSE chunk: `ai`'s own parser (secure JSON, then the chunk schema). */
async function readOnPage(chunk: unknown): Promise<unknown[]> {
  const body = new Response(`data: ${JSON.stringify(chunk)}\n\n`).body as ReadableStream<Uint8Array>
  const read: unknown[] = []
  const reader = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) read.push(next.value)
  return read
}

describe('encodeElicitationNames / decodeElicitationNames', () => {
  it('puts a field named __proto__ under a stand-in that collides with no real name, in properties, required and the answer', () => {
    const content = JSON.parse('{"__proto__":"x","name":"Ada"}')
    const encoded = encodeElicitationNames(data({ status: 'accepted', response: { action: 'accept', content } }))
    expect(Object.keys(encoded.requestedSchema.properties)).toEqual(['mcp-hitl-name-1', 'mcp-hitl-name-0', 'name'])
    expect(encoded.requestedSchema.required).toEqual(['mcp-hitl-name-1', 'name'])
    expect(encoded.encodedNames).toEqual({ 'mcp-hitl-name-1': '__proto__' })
    expect(encoded.response?.content).toEqual({ 'mcp-hitl-name-1': 'x', name: 'Ada' })
    // As a key nowhere; only as a value of encodedNames.
    expect(JSON.stringify(encoded)).not.toContain('"__proto__":')
  })

  it('leaves data without such names as it is: the same object, no encodedNames', () => {
    const plain = data({ requestedSchema: { type: 'object', properties: { constructor: { type: 'string' }, prototype: { type: 'string' } } } as RequestedSchema })
    expect(encodeElicitationNames(plain)).toBe(plain)
    expect(decodeElicitationNames(plain)).toBe(plain)
  })

  it('round-trips: decoding gives every field its own name back, in order, and drops encodedNames', () => {
    const original = data({ status: 'accepted', response: { action: 'accept', content: JSON.parse('{"__proto__":"x","name":"Ada"}') } })
    const decoded = decodeElicitationNames(encodeElicitationNames(original))
    expect(decoded).toEqual(original)
    expect(Object.keys(decoded.requestedSchema.properties)).toEqual(['__proto__', 'mcp-hitl-name-0', 'name'])
    expect(Object.hasOwn(decoded.requestedSchema.properties, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(decoded.requestedSchema.properties)).toBe(Object.prototype)
    expect(Object.hasOwn(decoded.response?.content ?? {}, '__proto__')).toBe(true)
    expect(decoded).not.toHaveProperty('encodedNames')
  })

  it('the encoded part passes the AI SDK page\'s own stream parser, which drops the unencoded one', async () => {
    const part = (d: ElicitationRequestData) => ({ type: 'data-elicitation-request', id: d.elicitationId, data: d })
    expect(await readOnPage(part(data()))).toEqual([{ success: false, error: expect.anything(), rawValue: undefined }])
    const [read] = (await readOnPage(part(encodeElicitationNames(data())))) as [{ success: boolean; value: { data: ElicitationRequestData } }]
    expect(read.success).toBe(true)
    expect(Object.keys(decodeElicitationNames(read.value.data).requestedSchema.properties)).toEqual(['__proto__', 'mcp-hitl-name-0', 'name'])
  })

  it('decodes nothing from an encodedNames that is not a map of stand-ins to names, and never overwrites a field', () => {
    const encoded = encodeElicitationNames(data())
    for (const encodedNames of [null, 'x', ['__proto__'], { 'mcp-hitl-name-1': 3 }, { other: '__proto__' }, {}]) {
      const bad = { ...encoded, encodedNames } as unknown as ElicitationRequestData
      expect(decodeElicitationNames(bad)).toBe(bad)
    }
    // A stand-in naming a field that is there already stays a stand-in.
    const clash = { ...encoded, encodedNames: { 'mcp-hitl-name-1': 'name' } }
    expect(Object.keys(decodeElicitationNames(clash).requestedSchema.properties)).toEqual(['mcp-hitl-name-1', 'mcp-hitl-name-0', 'name'])
  })
})

describe('encodeAnswerNames / decodeAnswerNames', () => {
  it('moves an answer to and from the stand-ins of its schema, keeping every other key', () => {
    const answer = JSON.parse('{"__proto__":"x","name":"Ada","mcp-hitl-name-0":"y"}')
    const encoded = encodeAnswerNames(schema.properties, answer) as Record<string, unknown>
    expect(encoded).toEqual({ 'mcp-hitl-name-1': 'x', name: 'Ada', 'mcp-hitl-name-0': 'y' })
    const decoded = decodeAnswerNames(schema.properties, encoded) as Record<string, unknown>
    expect(Object.hasOwn(decoded, '__proto__')).toBe(true)
    expect(Object.entries(decoded).sort()).toEqual(Object.entries(answer).sort())
  })

  it('takes the real name over its stand-in when an answer has both, and passes anything else through', () => {
    const both = JSON.parse('{"__proto__":"real","mcp-hitl-name-1":"stand-in"}')
    expect(decodeAnswerNames(schema.properties, both)).toBe(both)
    expect(decodeAnswerNames(schema.properties, 'text')).toBe('text')
    expect(decodeAnswerNames([], { a: 1 })).toEqual({ a: 1 })
    const unrelated = { name: 'Ada' }
    expect(encodeAnswerNames(schema.properties, unrelated)).toBe(unrelated)
  })
})
