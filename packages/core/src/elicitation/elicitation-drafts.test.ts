import { describe, expect, it } from 'vitest'
import { createElicitationDrafts, type DraftStorage } from './elicitation-drafts'
import type { RequestedSchema } from './protocol'

const SCHEMA: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    age: { type: 'integer', title: 'Age' },
    newsletter: { type: 'boolean', title: 'Newsletter' },
    topics: { type: 'array', title: 'Topics', items: { type: 'string', enum: ['ai', 'web'] } },
    password: { type: 'string', title: 'Password' },
    code: { type: 'string', title: 'One-time PIN' },
    hidden: { type: 'string', title: 'Recovery phrase', writeOnly: true },
  },
}

/** A Storage stand-in that records every write (the real sessionStorage runs in Chromium). */
function recordingStorage(): DraftStorage & { data: Map<string, string>; writes: string[] } {
  const data = new Map<string, string>()
  const writes: string[] = []
  return {
    data,
    writes,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      writes.push(`${key}=${value}`)
      data.set(key, value)
    },
    removeItem: (key) => void data.delete(key),
  }
}

describe('createElicitationDrafts', () => {
  it('keeps the non-sensitive values per elicitation and gives them back to a new instance (a reload)', () => {
    const storage = recordingStorage()
    const drafts = createElicitationDrafts({ storage })
    drafts.save('e1', SCHEMA, { name: 'Ada', age: 36, newsletter: true, topics: ['ai'], password: 'hunter2', code: '1234', hidden: 'x y z' })
    const reloaded = createElicitationDrafts({ storage })
    expect(reloaded.load('e1', SCHEMA)).toEqual({ name: 'Ada', age: 36, newsletter: true, topics: ['ai'] })
    expect(reloaded.load('e2', SCHEMA)).toBeUndefined()
  })

  it('never writes a sensitive value, an unknown field or a value of the wrong kind to the storage', () => {
    const storage = recordingStorage()
    const drafts = createElicitationDrafts({ storage })
    drafts.save('e1', SCHEMA, { password: 'hunter2', code: '1234', hidden: 'seed words', extra: 'leak', age: 'old', topics: [1] })
    drafts.save('e1', SCHEMA, { name: 'Ada', password: 'hunter2' })
    const written = storage.writes.join('\n')
    for (const secret of ['hunter2', '1234', 'seed words', 'leak', 'old']) expect(written).not.toContain(secret)
    expect(drafts.load('e1', SCHEMA)).toEqual({ name: 'Ada' })
  })

  it('drops a draft when asked (the elicitation settled), from memory and storage', () => {
    const storage = recordingStorage()
    const drafts = createElicitationDrafts({ storage })
    drafts.save('e1', SCHEMA, { name: 'Ada' })
    drafts.drop('e1')
    expect(drafts.load('e1', SCHEMA)).toBeUndefined()
    expect(createElicitationDrafts({ storage }).load('e1', SCHEMA)).toBeUndefined()
    expect([...storage.data.keys()]).toEqual(['mcp-hitl:draft:index'])
  })

  it('bounds each draft (maxLength) and their number (maxDrafts, oldest first)', () => {
    const storage = recordingStorage()
    const drafts = createElicitationDrafts({ storage, maxLength: 100, maxDrafts: 3 })
    drafts.save('big', SCHEMA, { name: 'x'.repeat(200) })
    expect(drafts.load('big', SCHEMA)).toBeUndefined()
    for (const id of ['a', 'b', 'c', 'd']) drafts.save(id, SCHEMA, { name: id })
    expect(drafts.load('a', SCHEMA)).toBeUndefined()
    expect(['b', 'c', 'd'].map((id) => drafts.load(id, SCHEMA)?.name)).toEqual(['b', 'c', 'd'])
    expect([...storage.data.keys()].filter((key) => key !== 'mcp-hitl:draft:index').sort()).toEqual([
      'mcp-hitl:draft:b',
      'mcp-hitl:draft:c',
      'mcp-hitl:draft:d',
    ])
  })

  it('re-checks what it reads: a tampered or outdated stored draft gives back only what fits the schema now', () => {
    const storage = recordingStorage()
    storage.setItem('mcp-hitl:draft:e1', JSON.stringify({ name: 'Ada', password: 'planted', age: 'x' }))
    storage.setItem('mcp-hitl:draft:e2', '{broken')
    const drafts = createElicitationDrafts({ storage })
    expect(drafts.load('e1', SCHEMA)).toEqual({ name: 'Ada' })
    expect(drafts.load('e2', SCHEMA)).toBeUndefined()
  })

  it('keeps a field named __proto__ as a field', () => {
    const schema = { type: 'object', properties: JSON.parse('{"__proto__": {"type": "string"}}') } as RequestedSchema
    const drafts = createElicitationDrafts({ storage: null })
    drafts.save('e1', schema, JSON.parse('{"__proto__": "kept"}'))
    const loaded = drafts.load('e1', schema)
    expect(Object.hasOwn(loaded ?? {}, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(loaded)).toBe(Object.prototype)
  })

  it('falls back to memory when the storage throws (quota, a sandboxed frame), and works without any storage', () => {
    const throwing: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    const drafts = createElicitationDrafts({ storage: throwing })
    drafts.save('e1', SCHEMA, { name: 'Ada' })
    expect(drafts.load('e1', SCHEMA)).toEqual({ name: 'Ada' })
    // Node has no sessionStorage: the default is memory only.
    const plain = createElicitationDrafts()
    plain.save('e1', SCHEMA, { name: 'Ada' })
    expect(plain.load('e1', SCHEMA)).toEqual({ name: 'Ada' })
  })
})
