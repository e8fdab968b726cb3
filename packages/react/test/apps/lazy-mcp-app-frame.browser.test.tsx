import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { createLiveFramePool, LazyMcpAppFrame } from '../../src/apps'
import { activity, memoryServer } from './fixtures'

afterEach(() => cleanup())

const liveIndexes = () =>
  [...document.querySelectorAll('[data-mcp-hitl-lazy-app]')].flatMap((el, i) => (el.getAttribute('data-live') === 'true' ? [i] : []))
const iframeCount = () => document.querySelectorAll('[data-mcp-hitl-lazy-app] iframe').length

describe('LazyMcpAppFrame in a long chat', () => {
  it('mounts frames only when scrolled near, and keeps at most the pool size live', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    const pool = createLiveFramePool(2)
    const items = Array.from({ length: 6 }, () => activity())
    await render(
      <div data-testid="chat" style={{ height: 300, overflow: 'auto' }}>
        {items.map((content, i) => (
          <div key={content.resourceUri} style={{ height: 400 }}>
            <LazyMcpAppFrame content={content} transport={server.transport} pool={pool} activityId={`a${i}`} rootMargin="0px" />
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
})
