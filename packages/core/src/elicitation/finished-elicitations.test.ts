import { describe, expect, it } from 'vitest'
import type { DraftStorage } from './elicitation-drafts'
import { createFinishedElicitations } from './finished-elicitations'

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) }
}

describe('createFinishedElicitations', () => {
  it('gives the ids back to a new instance over the same storage (a reload), and only ids', () => {
    const storage = memoryStorage()
    const finished = createFinishedElicitations({ storage })
    finished.add('a')
    finished.add('b')
    finished.add('a')
    const reloaded = createFinishedElicitations({ storage })
    expect([reloaded.has('a'), reloaded.has('b'), reloaded.has('c')]).toEqual([true, true, false])
    expect([...storage.data]).toEqual([['mcp-hitl:finished', '["a","b"]']])
  })

  it('keeps at most maxIds, dropping the oldest first', () => {
    const storage = memoryStorage()
    const finished = createFinishedElicitations({ storage, maxIds: 3 })
    for (const id of ['a', 'b', 'c', 'd', 'e']) finished.add(id)
    const reloaded = createFinishedElicitations({ storage, maxIds: 3 })
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => reloaded.has(id))).toEqual([false, false, true, true, true])
    expect(JSON.parse(storage.data.get('mcp-hitl:finished') ?? '[]')).toEqual(['c', 'd', 'e'])
  })

  it('keeps what another queue of the same tab stored under the same key', () => {
    const storage = memoryStorage()
    const one = createFinishedElicitations({ storage })
    const other = createFinishedElicitations({ storage })
    one.add('a')
    other.add('b')
    const reloaded = createFinishedElicitations({ storage })
    expect([reloaded.has('a'), reloaded.has('b')]).toEqual([true, true])
  })

  it('reads back only a bounded list of short strings, whatever the storage holds', () => {
    const storage = memoryStorage()
    storage.setItem('mcp-hitl:finished', JSON.stringify(['ok', 7, null, 'x'.repeat(10_000), { id: 'y' }, ...Array.from({ length: 500 }, (_, i) => `n${i}`)]))
    const finished = createFinishedElicitations({ storage, maxIds: 200 })
    expect(finished.has('ok')).toBe(false)
    expect(finished.has('n499')).toBe(true)
    expect(finished.has('n299')).toBe(false)
    storage.setItem('mcp-hitl:finished', '{not json')
    expect(createFinishedElicitations({ storage }).has('n499')).toBe(false)
  })

  it('given a storage that throws (quota, a sandboxed frame), keeps going in memory', () => {
    const throwing: DraftStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {},
    }
    const finished = createFinishedElicitations({ storage: throwing })
    finished.add('a')
    finished.add('b')
    expect([finished.has('a'), finished.has('b')]).toEqual([true, true])
  })

  it('with storage null, remembers in memory only', () => {
    const finished = createFinishedElicitations({ storage: null })
    finished.add('a')
    expect(finished.has('a')).toBe(true)
    expect(createFinishedElicitations({ storage: null }).has('a')).toBe(false)
  })
})
