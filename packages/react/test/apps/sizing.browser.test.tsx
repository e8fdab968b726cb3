import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

function iframe(): HTMLIFrameElement {
  const frame = document.querySelector<HTMLIFrameElement>('[data-mcp-hitl-app-frame] iframe')
  expect(frame).not.toBeNull()
  return frame!
}

// A view laid out by `css`, reporting its size (autoResize) and every context it gets.
const view = (css: string, body = '') =>
  appHtml(`const style = document.createElement('style'); style.textContent = ${JSON.stringify(css)}; document.head.appendChild(style);
document.getElementById('root').innerHTML = ${JSON.stringify(body)};
const app = new App({ name: 'Sized', version: '1' }, {}, { autoResize: true });
app.onhostcontextchanged = (p) => report('context', p);
app.connect().then(() => report('connected', app.getHostContext()));`)

// Sizes settle within a few animation frames; wait until the height has not changed for a while.
async function settledHeight(): Promise<string> {
  let last = ''
  let same = 0
  await vi.waitFor(
    () => {
      const now = iframe().style.height
      same = now === last ? same + 1 : 0
      last = now
      expect(same).toBeGreaterThanOrEqual(5)
    },
    { timeout: 10_000, interval: 50 },
  )
  return last
}

describe('McpAppFrame sizing (real ext-apps App)', () => {
  it('gives a full-viewport app (height: 100vh) the initial height, not a thin strip', async () => {
    const rec = recorder()
    const server = memoryServer({ html: view('#graph{height:100vh;background:#eee}', '<div id="graph"></div>') })
    const first = await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('connected')
    expect(await settledHeight()).toBe('320px')
    const tall = memoryServer({ html: view('#graph{height:100vh}', '<div id="graph"></div>') })
    await first.unmount()
    await render(<McpAppFrame content={activity()} transport={tall.transport} sizing={{ initialHeight: 560 }} />)
    expect(await settledHeight()).toBe('560px')
  })

  it('stops an app that grows with its frame (a header above 100vh) long before the cap: no resize loop', async () => {
    const server = memoryServer({ html: view('header{height:40px}#graph{height:100vh}', '<header>Wiki</header><div id="graph"></div>') })
    await render(<McpAppFrame content={activity()} transport={server.transport} sizing={{ maxHeight: 5000 }} />)
    const height = Number.parseInt(await settledHeight(), 10)
    expect(height).toBeGreaterThanOrEqual(320)
    expect(height).toBeLessThanOrEqual(320 + 3 * 40)
  })

  it('keeps a fixed height whatever the app reports, and tells the app that height', async () => {
    const rec = recorder()
    const server = memoryServer({ html: view('#root{height:240px}') })
    await render(<McpAppFrame content={activity()} transport={server.transport} sizing={{ height: 400 }} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('connected')
    expect(await settledHeight()).toBe('400px')
    expect(rec.find('connected')[0]?.data).toMatchObject({ containerDimensions: { height: 400 } })
    expect((rec.find('connected')[0]!.data as { containerDimensions: object }).containerDimensions).not.toHaveProperty('maxHeight')
  })

  it('follows the app within minHeight and maxHeight', async () => {
    const small = memoryServer({ html: view('#root{height:50px}') })
    const first = await render(<McpAppFrame content={activity()} transport={small.transport} sizing={{ minHeight: 120 }} />)
    expect(await settledHeight()).toBe('120px')
    await first.unmount()
    const big = memoryServer({ html: view('#root{height:900px}') })
    await render(<McpAppFrame content={activity()} transport={big.transport} sizing={{ maxHeight: 600 }} />)
    expect(await settledHeight()).toBe('600px')
  })

  it("sends the real container's width and follows it, through other context changes", async () => {
    const rec = recorder()
    const server = memoryServer({ html: view('#root{height:100px}') })
    const content = activity()
    const frame = (width: number, theme: 'light' | 'dark') => (
      <div style={{ width }}>
        <McpAppFrame content={content} transport={server.transport} theme={theme} handlers={{ onMessage: rec.onMessage }} />
      </div>
    )
    const screen = await render(frame(480, 'light'))
    await rec.waitFor('connected')
    expect(rec.find('connected')[0]?.data).toMatchObject({ containerDimensions: { width: 480, maxHeight: 800 } })
    await screen.rerender(frame(360, 'light'))
    const widths = () => rec.find('context').map((r) => (r.data as { containerDimensions?: { width?: number } }).containerDimensions?.width)
    await vi.waitFor(() => expect(widths()).toContain(360))
    await screen.rerender(frame(360, 'dark'))
    await vi.waitFor(() => expect(rec.find('context').some((r) => (r.data as { theme?: string }).theme === 'dark')).toBe(true))
    // The theme change did not take the measured width back.
    expect(rec.find('context').filter((r) => (r.data as { containerDimensions?: unknown }).containerDimensions).at(-1)?.data).toMatchObject({
      containerDimensions: { width: 360, maxHeight: 800 },
    })
  })

  it("keeps the host's own containerDimensions instead of overwriting them (the spec's width or maxWidth)", async () => {
    const rec = recorder()
    const server = memoryServer({ html: view('#root{height:100px}') })
    const content = activity()
    const frame = (theme: 'light' | 'dark') => (
      <div style={{ width: 480 }}>
        <McpAppFrame
          content={content}
          transport={server.transport}
          theme={theme}
          hostContext={{ containerDimensions: { maxWidth: 900 } }}
          handlers={{ onMessage: rec.onMessage }}
        />
      </div>
    )
    const screen = await render(frame('light'))
    await rec.waitFor('connected')
    expect((rec.find('connected')[0]!.data as { containerDimensions: unknown }).containerDimensions).toEqual({ maxWidth: 900, maxHeight: 800 })
    await screen.rerender(frame('dark'))
    await vi.waitFor(() => expect(rec.find('context').some((r) => (r.data as { theme?: string }).theme === 'dark')).toBe(true))
    for (const r of rec.find('context')) {
      const dims = (r.data as { containerDimensions?: unknown }).containerDimensions
      if (dims) expect(dims).toEqual({ maxWidth: 900, maxHeight: 800 })
    }
  })
})
