import { describe, expect, it } from 'vitest'
import { MCP_APP_MIME_TYPE, type ProxiedMCPRequest } from '../protocol'
import type { McpProxyTransport } from '../transports/types'
import { createAppResourceCache } from './app-resource-cache'

// A server behind a transport that counts its reads; `hold` keeps the answers back until `release`.
function server(html: (uri: string) => string = (uri) => `<!doctype html><p>${uri}</p>`) {
  const reads: ProxiedMCPRequest[] = []
  const aborted: string[] = []
  let held: (() => void)[] | undefined
  let failures = 0
  const transport: McpProxyTransport = {
    async request(request, init) {
      reads.push(request)
      const uri = String(request.params?.uri)
      init?.signal?.addEventListener('abort', () => aborted.push(uri))
      if (held) await new Promise<void>((resolve) => held!.push(resolve))
      if (init?.signal?.aborted) throw init.signal.reason
      if (failures > 0) {
        failures--
        throw new Error('upstream unavailable')
      }
      return { contents: [{ uri, mimeType: MCP_APP_MIME_TYPE, text: html(uri) }] }
    },
  }
  return {
    transport,
    reads,
    aborted,
    hold: () => {
      held = []
    },
    release: () => {
      const waiting = held ?? []
      held = undefined
      for (const resolve of waiting) resolve()
    },
    failNext: (n: number) => {
      failures = n
    },
  }
}

const app = (n: number, serverId = 'weather') => ({ resourceUri: `ui://weather/${n}.html`, serverHash: 'hash-1', serverId })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createAppResourceCache', () => {
  it('reads a resource once: a frame that comes back gets it without a resources/read', async () => {
    const s = server()
    const cache = createAppResourceCache()
    const first = await cache.read(s.transport, app(1))
    expect(cache.peek(s.transport, app(1))).toBe(first)
    await expect(cache.read(s.transport, app(1))).resolves.toBe(first)
    expect(s.reads).toHaveLength(1)
    // Another server with the same URI is another resource.
    await cache.read(s.transport, app(1, 'other'))
    expect(s.reads).toHaveLength(2)
  })

  it('shares one read between frames of one resource that mount together', async () => {
    const s = server()
    const cache = createAppResourceCache()
    s.hold()
    const both = Promise.all([cache.read(s.transport, app(1)), cache.read(s.transport, app(1), { signal: new AbortController().signal })])
    await tick()
    s.release()
    const [a, b] = await both
    expect(a).toBe(b)
    expect(s.reads).toHaveLength(1)
  })

  it('keeps no failure: the next read (a retry) asks the server again', async () => {
    const s = server()
    const cache = createAppResourceCache()
    s.failNext(1)
    await expect(cache.read(s.transport, app(1))).rejects.toThrow('upstream unavailable')
    expect(cache.peek(s.transport, app(1))).toBeUndefined()
    await expect(cache.read(s.transport, app(1))).resolves.toMatchObject({ uri: 'ui://weather/1.html' })
    expect(s.reads).toHaveLength(2)
  })

  it('aborts the read only once no caller waits, a task later, so a caller that comes right back joins it', async () => {
    const s = server()
    const cache = createAppResourceCache()
    s.hold()
    const gone = new AbortController()
    const leaving = cache.read(s.transport, app(1), { signal: gone.signal })
    gone.abort(new Error('unmounted'))
    // StrictMode's remount, in the same task: the read goes on for it.
    const back = cache.read(s.transport, app(1), { signal: new AbortController().signal })
    await expect(leaving).rejects.toThrow('unmounted')
    await tick()
    expect(s.aborted).toEqual([])
    s.release()
    await expect(back).resolves.toMatchObject({ uri: 'ui://weather/1.html' })
    expect(s.reads).toHaveLength(1)

    s.hold()
    const alone = new AbortController()
    const read = cache.read(s.transport, app(2), { signal: alone.signal })
    alone.abort(new Error('unmounted'))
    await expect(read).rejects.toThrow('unmounted')
    await tick()
    expect(s.aborted).toEqual(['ui://weather/2.html'])
    s.release()
  })

  it('holds at most maxEntries resources, least recently used out first', async () => {
    const s = server()
    const cache = createAppResourceCache({ maxEntries: 2 })
    await cache.read(s.transport, app(1))
    await cache.read(s.transport, app(2))
    // Used again: the most recent now, so 2 goes first.
    await cache.read(s.transport, app(1))
    await cache.read(s.transport, app(3))
    expect(cache.peek(s.transport, app(2))).toBeUndefined()
    expect(cache.peek(s.transport, app(1))).toBeDefined()
    expect(cache.peek(s.transport, app(3))).toBeDefined()
    expect(s.reads).toHaveLength(3)
  })

  it('holds at most maxBytes, and never a resource larger than that', async () => {
    const s = server((uri) => (uri.endsWith('big.html') ? 'x'.repeat(10_000) : 'x'.repeat(1_000)))
    const cache = createAppResourceCache({ maxBytes: 5_000 })
    const big = { ...app(0), resourceUri: 'ui://weather/big.html' }
    await cache.read(s.transport, big)
    expect(cache.peek(s.transport, big)).toBeUndefined()
    // About 2 KB each in memory: two fit, the third pushes the oldest out.
    await cache.read(s.transport, app(1))
    await cache.read(s.transport, app(2))
    await cache.read(s.transport, app(3))
    expect(cache.peek(s.transport, app(1))).toBeUndefined()
    expect(cache.peek(s.transport, app(2))).toBeDefined()
    expect(cache.peek(s.transport, app(3))).toBeDefined()
  })

  it('keeps what one transport read to that transport: another backend or session reads its own', async () => {
    const a = server((uri) => `a ${uri}`)
    const b = server((uri) => `b ${uri}`)
    const cache = createAppResourceCache()
    await cache.read(a.transport, app(1))
    await expect(cache.read(b.transport, app(1))).resolves.toMatchObject({ html: 'b ui://weather/1.html' })
    expect([a.reads.length, b.reads.length]).toEqual([1, 1])
    cache.evict(b.transport, app(1))
    expect(cache.peek(b.transport, app(1))).toBeUndefined()
    expect(cache.peek(a.transport, app(1))).toBeDefined()
    cache.clear()
    expect(cache.peek(a.transport, app(1))).toBeUndefined()
  })
})
