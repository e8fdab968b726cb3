/**
 * When the dialogs' module cannot be fetched (offline, a chunk gone after a deploy), the app's
 * sampling, download and display-mode requests are refused with the documented -32603 error instead of hanging,
 * and the frame keeps working. Only the fetch fails here, as Chromium fails it; the bridge and the
 * ext-apps `App` are real. A file of its own: once a page has the module, no fetch can fail.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { requestDialogsSource } from '../../src/apps/use-app-request-dialogs'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const reply = { role: 'assistant' as const, content: { type: 'text' as const, text: 'Forty percent.' }, model: 'chat-model' }
const BOTH = `const app = new App({ name: 'Exporter', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
app.ontoolresult = async () => {
  try { report('reply', await app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 10 })); }
  catch (e) { report('sampling-error', { code: e.code, message: e.message }); }
  try { report('download', await app.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///a.csv', mimeType: 'text/csv', text: 'a,b' } }] })); }
  catch (e) { report('download-error', { code: e.code, message: e.message }); }
  try { report('mode', await app.requestDisplayMode({ mode: 'fullscreen' })); }
  catch (e) { report('mode-error', { code: e.code, message: e.message }); }
  report('tool', await app.callServerTool({ name: 'still_here', arguments: {} }));
};
app.connect();`

describe('the request dialogs, when they cannot be loaded', () => {
  it('refuse sampling, downloads and full screen with -32603 saying why, and the frame keeps working', async () => {
    const load = vi
      .spyOn(requestDialogsSource, 'load')
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module: https://chat.example/assets/request-dialogs-3f2a.js'))
    const rec = recorder()
    const generate = vi.fn(async () => reply)
    const server = memoryServer({ html: appHtml(BOTH), tools: { still_here: () => ({ content: [{ type: 'text', text: 'yes' }] }) } })
    await render(
      <McpAppFrame
        content={activity()}
        transport={server.transport}
        handlers={{ onMessage: rec.onMessage }}
        sampling={{ generate }}
        sizing={{ displayModes: ['inline', 'fullscreen'] }}
      />,
    )
    await rec.waitFor('tool')
    expect(rec.find('sampling-error')[0]?.data).toEqual({
      code: -32603,
      message: 'The host could not load the dialog that asks the person about this sampling request, so it refused it; the app may ask again',
    })
    expect(rec.find('download-error')[0]?.data).toEqual({
      code: -32603,
      message: 'The host could not load the dialog that asks the person about this download, so it refused it; the app may ask again',
    })
    expect(rec.find('mode-error')[0]?.data).toEqual({
      code: -32603,
      message: 'The host could not load the question that asks the person about this display mode, so it refused it; the app may ask again',
    })
    expect(rec.find('tool')[0]?.data).toMatchObject({ content: [{ type: 'text', text: 'yes' }] })
    expect(generate).not.toHaveBeenCalled()
    expect(dialog()).toBeNull()
    expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('ready')
    // A failed fetch is not kept: the download and the question tried again.
    expect(load).toHaveBeenCalledTimes(3)
  })
})
