/**
 * One name for an app's server wherever the frame names it (the frame's accessible name, the
 * sampling requester): the host's title, else what the server calls itself; its id only when
 * nothing names it. Real Chromium, the real ext-apps `App` in the frame.
 */
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

const ASKS_MODEL = `const app = new App({ name: 'Forecast', version: '1' }, {});
app.ontoolresult = async () => {
  try { await app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 20 }); }
  catch (e) { report('sampling-error', { code: e.code }); }
};
app.connect();`

const dialog = () => document.querySelector<HTMLElement>('[data-mcp-hitl-sampling]')
const frameTitle = () => document.querySelector<HTMLIFrameElement>('[data-mcp-hitl-app-frame] iframe')?.title

async function show(content: McpAppsActivityContent) {
  const rec = recorder()
  const server = memoryServer({ html: appHtml(ASKS_MODEL) })
  await render(<McpAppFrame content={content} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate: async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }) }} />)
  await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 })
}

describe('the server of an app, named by the host', () => {
  it('the host’s title names it in the frame and in the sampling request, not what the server calls itself nor its id', async () => {
    await show(activity({ serverId: 'weather-1', serverName: 'Weather', serverTitle: 'Weather', toolName: 'show_forecast' }))
    await vi.waitFor(() => expect(frameTitle()).toBe('App: Forecast (show_forecast) from Weather'))
    const text = dialog()?.textContent ?? ''
    // The host's words name the server; the app's own name is shown only as its claim.
    expect(text).toContain('An app from Weather (shown for \u2068show_forecast\u2069) asks to use your AI model')
    expect(text).toContain('calls itself “\u2068Forecast\u2069”')
    expect(text).not.toContain('weather-1')
  })

  it('without a title, the server’s own name, never the raw id', async () => {
    await show(activity({ serverId: 'weather-1', serverName: 'Acme Chat' }))
    const text = dialog()?.textContent ?? ''
    expect(text).toContain('An app from Acme Chat asks to use your AI model')
    expect(text).not.toContain('weather-1')
    expect(frameTitle()).toContain('from Acme Chat')
  })
})
