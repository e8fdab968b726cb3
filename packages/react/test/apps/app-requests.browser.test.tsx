/**
 * The requests of the real ext-apps `App` that wait on a person or reach the host's own features:
 * sampling (reviewed, edited, denied), downloads (confirmed, saved by the host page, refused), the
 * resource listings, and the app's own tools offered to a chat (Chromium, real `App`).
 */
import { createMcpAppToolRegistry, type McpAppSamplingRequest, type McpAppToolset } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { saveEmbeddedFile } from '@mcp-hitl/core/internal'
import { defaultAppRequestPacers, McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  defaultAppRequestPacers.reset()
})

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
// The host's sentences isolate the names an app gave itself.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2068\u2069]/g, '')
const button = (name: string) => page.getByRole('button', { name, exact: true })
const reply = { role: 'assistant' as const, content: { type: 'text' as const, text: 'Travel 40%, the rest evenly.' }, model: 'chat-model' }

// The view asks once connected, and reports what it got back (result or error code and message).
const ASK = `const app = new App({ name: 'Budget helper', version: '2.1' }, {});
app.ontoolresult = async () => {
  report('caps', app.getHostCapabilities());
  try {
    report('reply', await app.createSamplingMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a split of 10000 EUR' } }],
      systemPrompt: 'One sentence.',
      maxTokens: 120,
      modelPreferences: { hints: [{ name: 'small' }] },
    }));
  } catch (e) { report('sampling-error', { code: e.code, message: e.message }); }
};
app.connect();`

describe('sampling/createMessage from the real App', () => {
  it('shows who asks, the messages and the limits; the edited request reaches the model and the reviewed reply the app', async () => {
    const rec = recorder()
    const generate = vi.fn(async (_request: McpAppSamplingRequest) => reply)
    const server = memoryServer({ html: appHtml(ASK) })
    const content = activity({ serverId: 'budget-server' })
    await render(
      <McpAppFrame
        content={content}
        transport={server.transport}
        hostContext={{ toolInfo: { tool: { name: 'show_budget', inputSchema: { type: 'object' } } } }}
        handlers={{ onMessage: rec.onMessage }}
        sampling={{ generate }}
      />,
    )
    await rec.waitFor('caps')
    expect(rec.find('caps')[0]?.data).toMatchObject({ sampling: {} })
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
    const text = plain(dialog()?.textContent)
    // The host's words name the server and the tool; the app's own name is its claim.
    expect(plain(dialog()?.querySelector('[data-part="title"]')?.textContent)).toBe('An app from budget-server (shown for show_budget) asks to use your AI model')
    expect(text).toContain('calls itself “Budget helper”')
    expect(text).toContain('Suggest a split of 10000 EUR')
    expect(text).toContain('One sentence.')
    expect(text).toContain('120')
    expect(text).toContain('small')
    expect(generate).not.toHaveBeenCalled()

    await button('Edit').click()
    await userEvent.fill(page.getByRole('textbox', { name: 'Message 1' }), 'Suggest a split of 8000 EUR')
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Longest reply (tokens)' }), '60')
    await button('Approve edited request').click()
    await vi.waitFor(() => expect(generate).toHaveBeenCalledOnce())
    expect(generate.mock.calls[0]?.[0]).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a split of 8000 EUR' } }],
      systemPrompt: 'One sentence.',
      maxTokens: 60,
      modelPreferences: { hints: [{ name: 'small' }] },
    })
    await vi.waitFor(() => expect(plain(dialog()?.textContent)).toContain('Reply from chat-model'))
    expect(rec.find('reply')).toHaveLength(0)
    await button('Send to the app').click()
    await rec.waitFor('reply')
    expect(rec.find('reply')[0]?.data).toEqual(reply)
    await vi.waitFor(() => expect(dialog()).toBeNull())
  })

  it('a denial reaches the app as -1 "User rejected sampling request"; Escape inside the dialog denies too', async () => {
    const rec = recorder()
    const generate = vi.fn(async () => reply)
    const server = memoryServer({ html: appHtml(ASK) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate }} />)
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
    // The person clicks into the dialog (it never takes focus itself), then presses Escape.
    await userEvent.click(page.getByRole('button', { name: 'Edit' }))
    await userEvent.click(page.getByRole('button', { name: 'Discard edits' }))
    await userEvent.keyboard('{Escape}')
    await rec.waitFor('sampling-error')
    expect(rec.find('sampling-error')[0]?.data).toEqual({ code: -1, message: 'User rejected sampling request' })
    expect(generate).not.toHaveBeenCalled()
  })

  it('comes right after the app in the tab order: Tab from inside the app reaches the dialog', async () => {
    await page.viewport(1000, 640)
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`document.getElementById('root').innerHTML = '<button>In the app</button>';
${ASK}`),
    })
    await render(
      <>
        <McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate: async () => reply }} eager />
        <button type="button">After the frame</button>
      </>,
    )
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
    const frame = document.querySelector('iframe')!
    await page.frameLocator(page.elementLocator(frame)).getByRole('button', { name: 'In the app' }).click()
    expect(dialog()!.contains(document.activeElement)).toBe(false)
    await userEvent.keyboard('{Tab}')
    expect(dialog()!.contains(document.activeElement)).toBe(true)
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close and deny')
  })

  it('without a sampling option the host advertises none, and a request anyway gets -32601 saying so', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(ASK) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('sampling-error')
    expect(rec.find('caps')[0]?.data).not.toHaveProperty('sampling')
    expect(rec.find('sampling-error')[0]?.data).toEqual({
      code: -32601,
      message: 'Method not found: sampling/createMessage (this host answers no sampling; see hostCapabilities.sampling)',
    })
    expect(dialog()).toBeNull()
  })
})

const DOWNLOAD = (contents: string) => `const app = new App({ name: 'Exporter', version: '1' }, {});
app.ontoolresult = async () => {
  try { report('download', await app.downloadFile({ contents: ${contents} })); }
  catch (e) { report('download-error', { code: e.code, message: e.message }); }
};
app.connect();`
const CSV = `[{ type: 'resource', resource: { uri: 'file:///exports/budget.csv', mimeType: 'text/csv', text: 'category,percent\\ntravel,40\\n' } }]`

describe('ui/download-file from the real App', () => {
  it('confirms name, type and size, then the host page saves a Blob through a download link; the frame never navigates', async () => {
    const rec = recorder()
    const clicks: { href: string; download: string; body: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const link = { href: this.href, download: this.download }
      void fetch(link.href)
        .then((r) => r.text())
        .then((body) => clicks.push({ ...link, body }))
    })
    const server = memoryServer({ html: appHtml(DOWNLOAD(CSV)) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
    const frame = document.querySelector('iframe')
    const text = plain(dialog()?.textContent)
    expect(text).toContain('An app from test-server wants to save 1 file')
    expect(text).toContain('calls itself “Exporter”')
    expect(text).toContain('budget.csv')
    expect(text).toContain('text/csv')
    expect(text).toContain('27 bytes')
    await button('Save').click()
    await rec.waitFor('download')
    expect(rec.find('download')[0]?.data).toEqual({})
    await vi.waitFor(() => expect(clicks).toHaveLength(1))
    expect(clicks[0]).toMatchObject({ download: 'budget.csv', body: 'category,percent\ntravel,40\n' })
    expect(clicks[0]?.href.startsWith('blob:')).toBe(true)
    expect(click).toHaveBeenCalledOnce()
    // The same frame, still attached: the download did not go through it.
    expect(document.querySelector('iframe')).toBe(frame)
    expect(frame?.isConnected).toBe(true)
    expect(dialog()).toBeNull()
  })

  it("answers { isError: true } when the person doesn't save, and refuses a program before asking", async () => {
    const rec = recorder()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = memoryServer({ html: appHtml(DOWNLOAD(CSV)) })
    const screen = await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
    await button('Don’t save').click()
    await rec.waitFor('download')
    expect(rec.find('download')[0]?.data).toEqual({ isError: true })
    await screen.unmount()

    const exe = memoryServer({ html: appHtml(DOWNLOAD(`[{ type: 'resource', resource: { uri: 'file:///setup.exe', blob: 'TVo=' } }]`)) })
    await render(<McpAppFrame content={activity()} transport={exe.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('download-error')
    expect(rec.find('download-error')[0]?.data).toMatchObject({ code: -32010, message: expect.stringContaining('program or script') })
    expect(dialog()).toBeNull()
    expect(click).not.toHaveBeenCalled()
  })

  it('revokes the object URL once the click has started the download', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    const created = vi.spyOn(URL, 'createObjectURL')
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    saveEmbeddedFile({ kind: 'embedded', fileName: 'a.txt', mimeType: 'text/plain', size: 1, data: 'a', encoding: 'utf8' }, document, 0)
    const url = created.mock.results[0]?.value as string
    expect(document.querySelector(`a[href="${url}"]`)).toBeNull()
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith(url))
  })
})

describe('resources/list and resources/templates/list from the real App', () => {
  it('are relayed to the app’s own server', async () => {
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Picker', version: '1' }, {});
app.ontoolresult = async () => {
  report('list', await app.listServerResources());
  report('templates', (await rawRequest('resources/templates/list', {})).result);
};
app.connect();`),
      resources: [{ uri: 'videos://bunny', name: 'Bunny', mimeType: 'video/mp4' }],
    })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('templates')
    expect(rec.find('list')[0]?.data).toEqual({ resources: [{ uri: 'videos://bunny', name: 'Bunny', mimeType: 'video/mp4' }] })
    expect(rec.find('templates')[0]?.data).toEqual({ resourceTemplates: [] })
    expect(server.requests.map((r) => r.method)).toEqual(['resources/read', 'resources/list', 'resources/templates/list'])
  })
})

const TOOLS_APP = `const app = new App({ name: 'Budget allocator', version: '1' }, { tools: { listChanged: true } });
let travel = 25;
app.onlisttools = async () => ({ tools: [{ name: 'set-allocation', description: 'Sets the travel share', inputSchema: { type: 'object', properties: { percent: { type: 'number' } } } }] });
app.oncalltool = async (params) => {
  travel = params.arguments.percent;
  report('called', params);
  return { content: [{ type: 'text', text: 'travel is ' + travel + '%' }], structuredContent: { travel } };
};
app.connect();`

describe("the app's own tools (appCapabilities.tools)", () => {
  it('reach the chat through onAppTools; a call runs in the app and its result comes back', async () => {
    const rec = recorder()
    const toolsets: (McpAppToolset | undefined)[] = []
    const server = memoryServer({ html: appHtml(TOOLS_APP) })
    const screen = await render(
      <McpAppFrame content={activity({ serverId: 'budget' })} transport={server.transport} handlers={{ onMessage: rec.onMessage, onAppTools: (t) => toolsets.push(t) }} />,
    )
    await vi.waitFor(() => expect(toolsets.at(-1)?.tools).toHaveLength(1), { timeout: 10_000 })
    const toolset = toolsets.at(-1)!
    expect(toolset.source).toMatchObject({ appName: 'Budget allocator', serverId: 'budget' })
    expect(toolset.tools[0]).toMatchObject({ name: 'set-allocation', description: 'Sets the travel share' })
    await expect(toolset.call('set-allocation', { percent: 40 })).resolves.toEqual({
      content: [{ type: 'text', text: 'travel is 40%' }],
      structuredContent: { travel: 40 },
    })
    await rec.waitFor('called')
    expect(rec.find('called')[0]?.data).toMatchObject({ name: 'set-allocation', arguments: { percent: 40 } })
    await screen.unmount()
    await vi.waitFor(() => expect(toolsets.at(-1)).toBeUndefined())
  })

  it('a registry offers them under prefixed names and routes the model’s call to the frame', async () => {
    const registry = createMcpAppToolRegistry()
    const server = memoryServer({ html: appHtml(TOOLS_APP) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onAppTools: registry.connect('call-1') }} />)
    await vi.waitFor(() => expect(registry.getSnapshot().map((t) => t.name)).toEqual(['app_set-allocation']), { timeout: 10_000 })
    const result = await registry.call('app_set-allocation', { percent: 55 })
    expect(result.structuredContent).toEqual({ travel: 55 })
  })
})
