import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { defaultAppRequestPacers, McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => {
  cleanup()
  defaultAppRequestPacers.reset()
})
// The host's sentences isolate the names an app gave itself.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2068\u2069]/g, '')

const root = () => document.querySelector<HTMLElement>('[data-mcp-hitl-app-frame]')
function iframe(): HTMLIFrameElement {
  const frame = document.querySelector<HTMLIFrameElement>('[data-mcp-hitl-app-frame] iframe')
  expect(frame).not.toBeNull()
  return frame!
}
const never = { request: () => new Promise<never>(() => {}) }

// An app that asks for full screen as soon as it has its result.
const WANTS_FULLSCREEN = `const app = new App({ name: 'Big board', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
app.ontoolresult = async () => report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
app.connect();`

describe('McpAppFrame host chrome (real ext-apps App)', () => {
  it('names the frame after the tool and server, then after the app once it says its name', async () => {
    const server = memoryServer({ html: appHtml(`const app = new App({ name: 'forecast', title: 'Forecast', version: '1' }, {}); app.connect();`) })
    await render(<McpAppFrame content={activity({ toolName: 'show_weather', serverName: 'Weather server' })} transport={server.transport} />)
    await vi.waitFor(() => iframe())
    expect(['App: show_weather from Weather server', 'App: Forecast (show_weather) from Weather server']).toContain(iframe().title)
    await vi.waitFor(() => expect(iframe().title).toBe('App: Forecast (show_weather) from Weather server'), { timeout: 10_000 })
    await expect.element(page.getByTitle('App: Forecast (show_weather) from Weather server')).toBeInTheDocument()
  })

  it('reserves the expected height while loading: the initial height, a fixed one, or the last one of that app', async () => {
    const first = await render(<McpAppFrame content={activity()} transport={never} />)
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading app')
    expect(document.querySelector<HTMLElement>('[data-part="status"]')!.getBoundingClientRect().height).toBe(320)
    await first.unmount()
    const fixed = await render(<McpAppFrame content={activity()} transport={never} sizing={{ height: 500 }} />)
    await vi.waitFor(() => expect(document.querySelector<HTMLElement>('[data-part="status"]')!.getBoundingClientRect().height).toBe(500))
    await fixed.unmount()
    // The same app shown before at 209 px: its next frame waits at 209 px, and is 209 px when ready.
    const content = activity()
    const server = memoryServer({
      html: appHtml(`document.getElementById('root').style.height = '209px';
const app = new App({ name: 'Board', version: '1' }, {}, { autoResize: true }); app.connect();`),
    })
    const shown = await render(<McpAppFrame content={content} transport={server.transport} />)
    await vi.waitFor(() => expect(iframe().style.height).toBe('209px'), { timeout: 10_000 })
    await shown.unmount()
    await render(<McpAppFrame content={{ ...content }} transport={never} />)
    await vi.waitFor(() => expect(document.querySelector<HTMLElement>('[data-part="status"]')!.getBoundingClientRect().height).toBe(209))
  })

  it('shows the reason of a failure with Retry, and the app after the retry', async () => {
    const server = memoryServer({ html: appHtml(`const app = new App({ name: 'A', version: '1' }, {}); app.connect();`) })
    server.failNextReads(1)
    await render(<McpAppFrame content={activity()} transport={server.transport} />)
    await expect.element(page.getByRole('alert')).toHaveTextContent('Could not load the app: upstream unavailable')
    await userEvent.click(page.getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(root()?.getAttribute('data-status')).toBe('ready'), { timeout: 10_000 })
  })

  it('asks the person before an app fills the screen: Not now keeps it inline and tells the app so', async () => {
    const rec = recorder()
    const onDisplayModeChange = vi.fn()
    const server = memoryServer({ html: appHtml(WANTS_FULLSCREEN) })
    await render(
      <McpAppFrame
        content={activity({ serverName: 'Boards' })}
        transport={server.transport}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
        handlers={{ onMessage: rec.onMessage, onDisplayModeChange }}
      />,
    )
    const question = page.getByRole('dialog')
    await expect.element(question).toBeVisible()
    // The host's words, then the app's claim; the question takes no focus.
    expect(plain(question.element().querySelector('[data-part="display-mode-request-text"]')?.textContent)).toBe(
      'An app from Boards asks to open in full screen. It calls itself “Big board”.',
    )
    expect(document.activeElement).toBe(document.body)
    expect(root()?.getAttribute('data-display-mode')).toBe('inline')
    await userEvent.click(page.getByRole('button', { name: 'Not now' }))
    await rec.waitFor('fullscreen')
    expect(rec.find('fullscreen')[0]?.data).toEqual({ mode: 'inline' })
    expect(root()?.getAttribute('data-display-mode')).toBe('inline')
    expect(onDisplayModeChange).not.toHaveBeenCalled()
    expect(document.querySelector('[data-part="display-mode-request"]')).toBeNull()
  })

  it('after Allow, keeps a host bar naming the app and server above the app in full screen', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(WANTS_FULLSCREEN) })
    await render(
      <McpAppFrame
        content={activity({ serverName: 'Boards' })}
        transport={server.transport}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
        handlers={{ onMessage: rec.onMessage }}
      />,
    )
    await userEvent.click(page.getByRole('button', { name: 'Allow' }))
    await rec.waitFor('fullscreen')
    expect(rec.find('fullscreen')[0]?.data).toEqual({ mode: 'fullscreen' })
    await vi.waitFor(() => expect(root()?.getAttribute('data-display-mode')).toBe('fullscreen'))
    const bar = document.querySelector<HTMLElement>('[data-part="host-bar"]')!
    expect(plain(bar.textContent)).toContain('App from Boards, calls itself “Big board”')
    // The bar is the host's, above the frame and outside it.
    expect(bar.getBoundingClientRect().bottom).toBeLessThanOrEqual(iframe().getBoundingClientRect().top)
    expect(bar.getBoundingClientRect().top).toBe(0)
    await userEvent.click(page.getByRole('button', { name: 'Exit full screen' }))
    await vi.waitFor(() => expect(root()?.getAttribute('data-display-mode')).toBe('inline'))
  })

  it('grants full screen without asking when the host opts out with its own onDisplayModeRequest', async () => {
    const rec = recorder()
    const onDisplayModeRequest = vi.fn(() => true)
    const server = memoryServer({ html: appHtml(WANTS_FULLSCREEN) })
    await render(
      <McpAppFrame
        content={activity()}
        transport={server.transport}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
        handlers={{ onMessage: rec.onMessage, onDisplayModeRequest }}
      />,
    )
    await rec.waitFor('fullscreen')
    expect(rec.find('fullscreen')[0]?.data).toEqual({ mode: 'fullscreen' })
    expect(onDisplayModeRequest).toHaveBeenCalledExactlyOnceWith('fullscreen', { signal: expect.any(AbortSignal) })
    expect(document.querySelector('[data-part="display-mode-request"]')).toBeNull()
  })

  it('takes the person into the app after Allow and back where they were after full screen, by keyboard', async () => {
    await page.viewport(1000, 640)
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Big board', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
document.getElementById('root').innerHTML = '<button id="b">In the app</button>';
document.getElementById('b').addEventListener('click', async () => report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' })));
app.connect().then(() => report('connected', null));`),
    })
    await render(
      <McpAppFrame content={activity({ serverName: 'Boards' })} transport={server.transport} sizing={{ displayModes: ['inline', 'fullscreen'] }} handlers={{ onMessage: rec.onMessage }} eager />,
    )
    await rec.waitFor('connected')
    await page.frameLocator(page.elementLocator(iframe())).getByRole('button', { name: 'In the app' }).click()
    const allow = page.getByRole('button', { name: 'Allow' })
    await expect.element(allow).toBeVisible()
    expect(document.activeElement).toBe(iframe())
    // Tab from the app: Stop requests, Not now, then Allow once it is ready.
    await userEvent.keyboard('{Tab}{Tab}{Tab}')
    expect(document.activeElement).toBe(allow.element())
    await expect.poll(() => allow.element().getAttribute('data-armed')).toBe('true')
    await userEvent.keyboard('{Enter}')
    await rec.waitFor('fullscreen')
    await vi.waitFor(() => expect(root()?.dataset.displayMode).toBe('fullscreen'))
    await vi.waitFor(() => expect(document.activeElement).toBe(iframe()))
    await userEvent.click(page.getByRole('button', { name: 'Exit full screen' }))
    await vi.waitFor(() => expect(root()?.dataset.displayMode).toBe('inline'))
    await vi.waitFor(() => expect(document.activeElement).toBe(iframe()))
  })
})
