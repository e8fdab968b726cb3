import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame, type McpAppFrameProps } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

// A view that reports every host-to-view event it receives, in order.
const PROBE = `
const app = new App({ name: 'ProbeView', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen', 'pip'] });
app.ontoolinput = (p) => report('tool-input', p);
app.ontoolresult = (p) => report('tool-result', p);
app.ontoolcancelled = (p) => report('tool-cancelled', p);
app.onhostcontextchanged = (p) => report('host-context-changed', p);
app.onteardown = async () => { await report('teardown', {}); return {}; };
`

// Polled through the DOM: a locator built from an element filters by its text, which changes.
async function expectRootAttribute(name: string, value: string) {
  await vi.waitFor(() => expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute(name)).toBe(value), { timeout: 10_000 })
}

function iframe(): HTMLIFrameElement {
  const frames = document.querySelectorAll<HTMLIFrameElement>('[data-mcp-hitl-app-frame] iframe')
  expect(frames).toHaveLength(1)
  return frames[0]!
}

describe('McpAppFrame with the real ext-apps App', () => {
  it('handshakes, then sends tool-input and tool-result once each, in order, under StrictMode', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(`${PROBE} app.connect().then(() => report('connected', app.getHostContext()));`) })
    const content = activity()
    const props: McpAppFrameProps = { content, transport: server.transport, theme: 'light', locale: 'fr-FR', handlers: { onMessage: rec.onMessage } }
    const screen = await render(
      <StrictMode>
        <McpAppFrame {...props} />
      </StrictMode>,
    )
    await rec.waitFor('tool-result')
    expect(rec.find('tool-input')).toEqual([{ kind: 'tool-input', data: { arguments: { city: 'Paris' } } }])
    expect(rec.find('tool-result')).toEqual([{ kind: 'tool-result', data: content.result }])
    expect(rec.kinds().indexOf('tool-input')).toBeLessThan(rec.kinds().indexOf('tool-result'))
    await rec.waitFor('connected')
    expect(rec.find('connected')[0]?.data).toMatchObject({
      theme: 'light',
      locale: 'fr-FR',
      platform: 'web',
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      containerDimensions: { maxHeight: 800 },
    })
    expect(rec.find('connected')[0]).toMatchObject({ data: { timeZone: expect.any(String) } })

    // A theme change reaches the app as host-context-changed with the changed key only; it also
    // serves as a barrier: nothing was replayed before it.
    await screen.rerender(
      <StrictMode>
        <McpAppFrame {...props} theme="dark" />
      </StrictMode>,
    )
    await rec.waitFor('host-context-changed')
    expect(rec.find('host-context-changed')).toEqual([{ kind: 'host-context-changed', data: { theme: 'dark' } }])
    expect(rec.find('tool-input')).toHaveLength(1)
    expect(rec.find('tool-result')).toHaveLength(1)
    expect(rec.find('teardown')).toHaveLength(0)
    expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('ready')
  })

  it('runs the app in a sandboxed srcdoc iframe with the CSP meta first and a title', async () => {
    const server = memoryServer({ html: appHtml(`${PROBE} app.connect();`), meta: { csp: { connectDomains: ['https://api.example.com'] } } })
    await render(<McpAppFrame content={activity({ resourceUri: 'ui://weather/view.html' })} transport={server.transport} />)
    await vi.waitFor(() => iframe())
    const frame = iframe()
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts')
    // Named by the resource and server at first, then by the name the app gives in its handshake.
    expect(frame.title).toBe('App: ui://weather/view.html from test-server')
    await vi.waitFor(() => expect(frame.title).toBe('App: ProbeView from test-server'), { timeout: 10_000 })
    expect(frame.srcdoc.startsWith('<!doctype html><html><head><meta http-equiv="Content-Security-Policy"')).toBe(true)
    expect(frame.srcdoc).toContain('connect-src https://api.example.com')
    expect(frame.hasAttribute('allow')).toBe(false)
    expect(server.requests[0]).toEqual({ serverHash: 'hash-1', serverId: 'test-server', method: 'resources/read', params: { uri: 'ui://weather/view.html' } })
  })

  it('sends empty arguments for a tool without input, and cancellation instead of a result', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(`${PROBE} app.connect();`) })
    const content = activity({ toolInput: undefined as unknown as Record<string, unknown> })
    await render(<McpAppFrame content={content} transport={server.transport} cancelled="user action" handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('tool-cancelled')
    expect(rec.reports).toEqual([
      { kind: 'tool-input', data: { arguments: {} } },
      { kind: 'tool-cancelled', data: { reason: 'user action' } },
    ])
  })

  it('round-trips callServerTool through the transport, with failures as errors', async () => {
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Calc', version: '1' }, {});
app.ontoolresult = async () => {
  const sum = await app.callServerTool({ name: 'add', arguments: { a: 2, b: 3 } });
  report('sum', sum);
  try { await app.callServerTool({ name: 'explode', arguments: {} }); report('no-error', {}); }
  catch (e) { report('explode-error', { message: e.message, code: e.code }); }
  const missing = await app.callServerTool({ name: 'missing', arguments: {} });
  report('missing', missing);
};
app.connect();`),
      tools: {
        add: ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }], structuredContent: { sum: Number(a) + Number(b) } }),
        explode: () => {
          throw new Error('tool relay failed')
        },
      },
    })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('missing')
    expect(rec.find('sum')[0]?.data).toEqual({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } })
    expect(rec.find('explode-error')[0]?.data).toMatchObject({ code: -32603 })
    expect(rec.find('explode-error')[0]).toMatchObject({ data: { message: expect.stringContaining('tool relay failed') } })
    expect(rec.find('missing')[0]?.data).toMatchObject({ isError: true })
    expect(server.requests.filter((r) => r.method === 'tools/call').map((r) => [r.serverId, r.serverHash, r.params?.name])).toEqual([
      ['test-server', 'hash-1', 'add'],
      ['test-server', 'hash-1', 'explode'],
      ['test-server', 'hash-1', 'missing'],
    ])
  })

  it('opens http(s) links through onOpenLink and delivers ui/message and model context', async () => {
    const rec = recorder()
    const onOpenLink = vi.fn(() => true)
    const onUpdateModelContext = vi.fn()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Links', version: '1' }, {});
app.ontoolresult = async () => {
  report('open', await app.openLink({ url: 'https://example.com/docs' }));
  await app.updateModelContext({ structuredContent: { selected: 3 } });
  await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Book the 9:40 train' }] });
};
app.connect();`),
    })
    await render(
      <McpAppFrame
        content={activity()}
        transport={server.transport}
        handlers={{ onMessage: rec.onMessage, onOpenLink, onUpdateModelContext }}
      />,
    )
    await vi.waitFor(() => expect(rec.other).toHaveLength(1), { timeout: 10_000 })
    expect(onOpenLink).toHaveBeenCalledExactlyOnceWith('https://example.com/docs')
    expect(rec.find('open')[0]?.data).toEqual({})
    expect(onUpdateModelContext).toHaveBeenCalledExactlyOnceWith({ structuredContent: { selected: 3 } })
    expect(rec.other[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Book the 9:40 train' }] })
  })

  it('opens links in a new window with noopener,noreferrer by default', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Links', version: '1' }, {});
app.ontoolresult = async () => report('open', await app.openLink({ url: 'https://example.com/a?b=1' }));
app.connect();`),
    })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('open')
    expect(open).toHaveBeenCalledExactlyOnceWith('https://example.com/a?b=1', '_blank', 'noopener,noreferrer')
  })

  it('follows the reported height up to maxHeight and never sets the width', async () => {
    const rec = recorder()
    const view = (height: number) =>
      appHtml(`document.getElementById('root').style.height = '${height}px';
const app = new App({ name: 'Tall', version: '1' }, {}, { autoResize: true });
app.ontoolresult = () => report('result', {});
app.connect();`)
    const small = memoryServer({ html: view(240) })
    const screen = await render(<McpAppFrame content={activity()} transport={small.transport} handlers={{ onMessage: rec.onMessage }} />)
    await vi.waitFor(() => expect(iframe().style.height).toBe('240px'), { timeout: 10_000 })
    expect(iframe().style.width).toBe('')
    await screen.unmount()
    const tall = memoryServer({ html: view(5000) })
    await render(<McpAppFrame content={activity()} transport={tall.transport} handlers={{ onMessage: rec.onMessage }} sizing={{ maxHeight: 300 }} />)
    await vi.waitFor(() => expect(iframe().style.height).toBe('300px'), { timeout: 10_000 })
    expect(iframe().getBoundingClientRect().width).toBeLessThanOrEqual(document.body.getBoundingClientRect().width)
  })

  it('switches display mode only to what host and app allow, and the host can exit', async () => {
    const rec = recorder()
    const onDisplayModeChange = vi.fn()
    const server = memoryServer({
      html: appHtml(`${PROBE}
app.ontoolresult = async () => {
  report('pip', await app.requestDisplayMode({ mode: 'pip' }));
  report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
};
app.connect();`),
    })
    await render(
      <McpAppFrame
        content={activity()}
        transport={server.transport}
        handlers={{ onMessage: rec.onMessage, onDisplayModeChange }}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
      />,
    )
    await rec.waitFor('pip')
    // Full screen waits for the person's consent (the default), then is granted.
    await userEvent.click(page.getByRole('button', { name: 'Allow' }))
    await rec.waitFor('fullscreen')
    expect(rec.find('pip')[0]?.data).toEqual({ mode: 'inline' })
    expect(rec.find('fullscreen')[0]?.data).toEqual({ mode: 'fullscreen' })
    await expectRootAttribute('data-display-mode', 'fullscreen')
    expect(onDisplayModeChange).toHaveBeenCalledExactlyOnceWith('fullscreen')
    await userEvent.click(page.getByRole('button', { name: 'Exit full screen' }))
    await expectRootAttribute('data-display-mode', 'inline')
    await rec.waitFor('host-context-changed', 2)
    expect(rec.find('host-context-changed').map((r) => r.data)).toEqual([{ displayMode: 'fullscreen' }, { displayMode: 'inline' }])
    expect(onDisplayModeChange).toHaveBeenLastCalledWith('inline')
  })

  it('sends ui/resource-teardown before removing the iframe, and keeps the frame on inline callback changes', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(`${PROBE} app.connect();`) })
    const content = activity()
    const screen = await render(<McpAppFrame content={content} transport={server.transport} handlers={{ onMessage: (m) => rec.onMessage(m) }} />)
    await rec.waitFor('tool-result')
    const first = iframe()
    // New inline callbacks on every render must not rebuild the frame.
    await screen.rerender(<McpAppFrame content={content} transport={{ request: (r, i) => server.transport.request(r, i) }} handlers={{ onMessage: (m) => rec.onMessage(m) }} />)
    expect(iframe()).toBe(first)
    expect(rec.find('teardown')).toHaveLength(0)
    await screen.unmount()
    await rec.waitFor('teardown')
    await vi.waitFor(() => expect(first.isConnected).toBe(false))
    expect(rec.find('tool-input')).toHaveLength(1)
  })

  it('shows an error with a retry button when the resource cannot be read, and a UTF-8 blob after retry', async () => {
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Blob', version: '1' }, {});
app.ontoolresult = () => report('text', document.getElementById('greeting').textContent);
app.connect();`).replace('<div id="root">view</div>', '<div id="root">view</div><p id="greeting">Grüße aus 東京 🌧</p>'),
      blob: true,
    })
    server.failNextReads(1)
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await expectRootAttribute('data-status', 'error')
    await expect.element(page.getByRole('alert')).toHaveTextContent('upstream unavailable')
    await userEvent.click(page.getByRole('button', { name: 'Retry' }))
    await expectRootAttribute('data-status', 'ready')
    await rec.waitFor('text')
    expect(rec.find('text')[0]?.data).toBe('Grüße aus 東京 🌧')
  })

  it('refuses a resource that is not an MCP App', async () => {
    const transport = { request: async () => ({ contents: [{ uri: 'ui://x', mimeType: 'text/html', text: '<p>plain</p>' }] }) }
    await render(<McpAppFrame content={activity()} transport={transport} />)
    await expect.element(page.getByRole('alert')).toHaveTextContent('not an MCP App')
    expect(document.querySelector('[data-mcp-hitl-app-frame] iframe')).toBeNull()
  })

  it('takes every text it shows from labels: the iframe name, the error, Retry, the consent, the host bar and the exit button', async () => {
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Big', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
app.ontoolresult = async () => report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
app.connect();`),
    })
    server.failNextReads(1)
    await render(
      <McpAppFrame
        content={activity({ resourceUri: 'ui://weather/view.html' })}
        transport={server.transport}
        handlers={{ onMessage: rec.onMessage }}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
        labels={{
          frameTitle: (app) => `Appli ${app.resourceUri}`,
          confirmDisplayMode: (mode, app) => `${app.appName} veut passer en ${mode}`,
          allowDisplayMode: 'Autoriser',
          hostBar: (app) => `Appli ${app.appName} de ${app.serverName}`,
          loadFailed: (message) => `Échec du chargement : ${message}`,
          retry: 'Réessayer',
          exitDisplayMode: (mode) => `Quitter (${mode})`,
          denyDisplayMode: 'Pas maintenant',
          stopRequests: (name) => `Bloquer ${name}`,
        }}
      />,
    )
    await expect.element(page.getByRole('alert')).toHaveTextContent('Échec du chargement : ')
    await userEvent.click(page.getByRole('button', { name: 'Réessayer' }))
    // The app's own name reaches the labels isolated (U+2068 ... U+2069).
    // The question itself (the live region may still be saying the same sentence).
    await expect.poll(() => document.querySelector('[data-part="display-mode-request-text"]')?.textContent).toBe('\u2068Big\u2069 veut passer en fullscreen')
    await expect.element(page.elementLocator(document.querySelector('[data-part="display-mode-request-text"]')!)).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Pas maintenant' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Bloquer \u2068Big\u2069' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Autoriser' }))
    await rec.waitFor('fullscreen')
    await expect.element(page.getByText('Appli \u2068Big\u2069 de test-server')).toBeVisible()
    expect(iframe().title).toBe('Appli ui://weather/view.html')
    await userEvent.click(page.getByRole('button', { name: 'Quitter (fullscreen)' }))
    await expectRootAttribute('data-display-mode', 'inline')
  })
})
