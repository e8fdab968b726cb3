import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { createLiveFramePool, McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

const liveIndexes = () =>
  [...document.querySelectorAll('[data-mcp-hitl-lazy-app]')].flatMap((el, i) => (el.getAttribute('data-live') === 'true' ? [i] : []))
const iframeCount = () => document.querySelectorAll('[data-mcp-hitl-lazy-app] iframe').length

describe('McpAppFrame (lazy) in a long chat', () => {
  it('mounts frames only when scrolled near, and keeps at most the pool size live', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const pool = createLiveFramePool(2)
    const items = Array.from({ length: 6 }, () => activity())
    await render(
      <div data-testid="chat" style={{ height: 300, overflow: 'auto' }}>
        {items.map((content, i) => (
          <div key={content.resourceUri} style={{ height: 400 }}>
            <McpAppFrame content={content} transport={server.transport} pool={pool} activityId={`a${i}`} rootMargin="0px" />
          </div>
        ))}
      </div>,
    )
    const chat = document.querySelector<HTMLElement>('[data-testid="chat"]')!
    await vi.waitFor(() => expect(liveIndexes()).toEqual([0]))
    await vi.waitFor(() => expect(iframeCount()).toBe(1))
    chat.scrollTop = 1200
    await vi.waitFor(() => expect(liveIndexes()).toEqual([0, 3]))
    chat.scrollTop = 1950
    await vi.waitFor(() => expect(liveIndexes()).toEqual([3, 5]))
    await vi.waitFor(() => expect(iframeCount()).toBe(2))
    expect(pool.live()).toEqual(['a3', 'a5'])
    // Off-screen placeholders bring their app back on demand, evicting the least recent.
    document.querySelectorAll<HTMLButtonElement>('[data-part="show-app"]')[0]!.click()
    await vi.waitFor(() => expect(liveIndexes()).toEqual([0, 5]))
    await vi.waitFor(() => expect(iframeCount()).toBe(2))
    // Only live frames read their resource.
    expect(new Set(server.requests.map((r) => r.params?.uri))).toEqual(new Set([0, 3, 5].map((i) => items[i]!.resourceUri)))
  })

  it('McpAppFrame is lazy by default: a long chat keeps a bounded number of frames live, placeholders hold the expected height', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const items = Array.from({ length: 12 }, () => activity())
    await render(
      <div data-testid="chat" style={{ height: 300, overflow: 'auto' }}>
        {items.map((content) => (
          <McpAppFrame key={content.resourceUri} content={content} transport={server.transport} />
        ))}
      </div>,
    )
    const chat = document.querySelector<HTMLElement>('[data-testid="chat"]')!
    await vi.waitFor(() => expect(iframeCount()).toBeGreaterThan(0))
    // Not yet live: the placeholder already holds the frame's initial height, so nothing jumps.
    const last = [...document.querySelectorAll<HTMLElement>('[data-mcp-hitl-lazy-app]')].at(-1)!
    expect(last.getAttribute('data-live')).toBe('false')
    // (The host's label sits above it in every state, the live frame's too.)
    expect(last.querySelector<HTMLElement>('[data-part="placeholder"]')!.getBoundingClientRect().height).toBe(320)
    chat.scrollTop = chat.scrollHeight
    await vi.waitFor(() => expect(liveIndexes()).toContain(11))
    // The shared default pool keeps three live, whatever the chat's length.
    expect(liveIndexes().length).toBeLessThanOrEqual(3)
    await vi.waitFor(() => expect(iframeCount()).toBeLessThanOrEqual(3))
  })

  it('frames that come into view together mount one at a time, the latest in the chat first, so no task builds several', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const pool = createLiveFramePool(3)
    const items = Array.from({ length: 3 }, () => activity())
    // Each batch of DOM changes: the transcript indexes of the iframes it added.
    const batches: number[][] = []
    const observer = new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]).filter((node): node is HTMLIFrameElement => node instanceof HTMLIFrameElement)
      const boxes = [...document.querySelectorAll('[data-mcp-hitl-lazy-app]')]
      if (added.length) batches.push(added.map((frame) => boxes.findIndex((box) => box.contains(frame))))
    })
    observer.observe(document.body, { childList: true, subtree: true })
    // Hidden at first, then shown at once: the three come into view in the same observer task.
    await render(
      <div data-testid="chat" style={{ display: 'none' }}>
        {items.map((content, i) => (
          <McpAppFrame key={content.resourceUri} content={content} transport={server.transport} pool={pool} activityId={`s${i}`} sizing={{ height: 60 }} />
        ))}
      </div>,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(iframeCount()).toBe(0)
    document.querySelector<HTMLElement>('[data-testid="chat"]')!.style.display = 'block'
    await vi.waitFor(() => expect(iframeCount()).toBe(3))
    observer.disconnect()
    // One frame per batch of DOM changes, never several built at once; the latest in the chat first.
    expect(batches).toEqual([[2], [1], [0]])
  })

  it('reads each resource once: a frame evicted and shown again, and frames of one resource mounting together, read nothing again', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const reads = () => server.requests.filter((r) => r.method === 'resources/read').map((r) => r.params?.uri)
    const pool = createLiveFramePool(1)
    const [first, second] = [activity(), activity()]
    // Three results: two of them show the same app (a later call of the same tool).
    const items = [first, second, { ...first, toolInput: { city: 'Rome' } }]
    // One result on screen at a time: each goes live when scrolled to and evicts the one left behind (a pool of one).
    const screen = await render(
      <div data-testid="chat" style={{ height: 100, overflow: 'auto' }}>
        {items.map((content, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes
          <div key={i} style={{ height: 400 }}>
            <McpAppFrame content={content} transport={server.transport} pool={pool} activityId={`r${i}`} sizing={{ height: 60 }} rootMargin="0px" />
          </div>
        ))}
      </div>,
    )
    const chat = document.querySelector<HTMLElement>('[data-testid="chat"]')!
    await vi.waitFor(() => expect(liveIndexes()).toEqual([0]))
    await vi.waitFor(() => expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('ready'))
    for (const i of [1, 2, 0, 1, 2]) {
      chat.scrollTop = i * 400
      await vi.waitFor(() => expect(liveIndexes()).toEqual([i]))
      await vi.waitFor(() => expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('ready'))
    }
    expect(reads()).toEqual([first.resourceUri, second.resourceUri])

    await screen.unmount()
    const other = memoryServer({ html: '<!doctype html><p>app</p>' })
    const shared = activity()
    await render(
      <div>
        {[0, 1, 2].map((i) => (
          <McpAppFrame key={i} content={shared} transport={other.transport} eager />
        ))}
      </div>,
    )
    await vi.waitFor(() => expect(document.querySelectorAll('[data-mcp-hitl-app-frame][data-status="ready"]')).toHaveLength(3))
    expect(other.requests.filter((r) => r.method === 'resources/read')).toHaveLength(1)
  })

  it('twenty real apps scrolled out and back in: one ui/initialize per mounted frame, one resources/read per resource, none on a re-render', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(`const app = new App({ name: 'ScrollView', version: '1.0.0' }); app.connect().then(() => report('connected', {}));`) })
    const reads = () => server.requests.filter((r) => r.method === 'resources/read').map((r) => r.params?.uri)
    // Five apps, each shown by four results of the transcript.
    const items = Array.from({ length: 20 }, (_, i) => activity({ resourceUri: `ui://test/scroll-${i % 5}.html`, toolInput: { turn: i } }))
    // An iframe built for a result (not one moved to the parking box or back, which also adds it to a parent).
    const built = new Set<HTMLIFrameElement>()
    const mountedUris = new Set<string>()
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLIFrameElement) || built.has(node)) continue
          const index = [...document.querySelectorAll('[data-mcp-hitl-lazy-app]')].findIndex((box) => box.contains(node))
          if (index < 0) continue
          built.add(node)
          mountedUris.add(items[index]!.resourceUri)
        }
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
    onTestFinished(() => observer.disconnect())
    // A document loaded twice in one iframe would be a second ui/initialize of the same frame.
    const loads = new Map<EventTarget, number>()
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) loads.set(event.target, (loads.get(event.target) ?? 0) + 1)
    }
    document.addEventListener('load', onLoad, true)
    onTestFinished(() => document.removeEventListener('load', onLoad, true))
    const transcript = (onMessage: typeof rec.onMessage) => (
      <div>
        {items.map((content, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes
          <div key={`s${i}`} style={{ padding: '8px 0' }}>
            <p>Assistant turn {i}</p>
            <McpAppFrame content={content} transport={server.transport} activityId={`s${i}`} sizing={{ height: 200 }} handlers={{ onMessage }} />
          </div>
        ))}
      </div>
    )
    const screen = await render(transcript(rec.onMessage))
    const step = Math.round(window.innerHeight * 0.75)
    const scrollThrough = async (from: number, to: number) => {
      const direction = Math.sign(to - from)
      for (let y = from; direction * (to - y) > 0; y += direction * step) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      window.scrollTo(0, to)
    }
    const bottom = () => document.documentElement.scrollHeight - window.innerHeight
    await vi.waitFor(() => expect(rec.find('connected').length).toBeGreaterThan(0), { timeout: 10_000 })
    await scrollThrough(0, bottom())
    await scrollThrough(bottom(), 0)
    // Each iframe the page built loaded its app once, and no app connected more often than frames were built.
    await vi.waitFor(() => expect(document.querySelectorAll('[data-mcp-hitl-app-frame][data-status="ready"]').length).toBeGreaterThan(0))
    const mounts = () => built.size
    expect(mounts()).toBeGreaterThanOrEqual(items.length / 2)
    expect(Math.max(...loads.values())).toBe(1)
    expect(rec.find('connected').length).toBeLessThanOrEqual(mounts())
    // One read per resource, however often its frames were built again.
    expect(reads().length).toBe(new Set(reads()).size)
    expect(new Set(reads())).toEqual(mountedUris)
    // A re-render with new callbacks (as a chat re-renders on every token) re-initializes nothing,
    // once the frames the scroll left live have all connected (bounded wait for a quiet 600 ms).
    for (let quiet = 0, last = -1, tries = 0; quiet < 2 && tries < 30; tries++) {
      const now = rec.find('connected').length + mounts()
      quiet = now === last ? quiet + 1 : 0
      last = now
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    const before = rec.find('connected').length
    const framesBefore = mounts()
    await screen.rerender(transcript(rec.onMessage))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(rec.find('connected').length).toBe(before)
    expect(mounts()).toBe(framesBefore)
    expect(Math.max(...loads.values())).toBe(1)
  })

  it('eager opts out: every frame mounts at once', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const items = Array.from({ length: 5 }, () => activity())
    await render(
      <div style={{ height: 300, overflow: 'auto' }}>
        {items.map((content) => (
          <McpAppFrame key={content.resourceUri} content={content} transport={server.transport} eager />
        ))}
      </div>,
    )
    await vi.waitFor(() => expect(document.querySelectorAll('[data-mcp-hitl-app-frame] iframe')).toHaveLength(5))
    expect(document.querySelectorAll('[data-mcp-hitl-lazy-app]')).toHaveLength(0)
  })
})
