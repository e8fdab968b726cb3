/**
 * The sampling and download dialogs are loaded on an app's first request: their module (with
 * Radix Dialog) is not part of what a chat loads up front. While it loads, the request waits,
 * unanswered, and the dialog shows once it arrives. Only the fetch is held back here; the dialogs,
 * the bridge and the ext-apps `App` are real. (A failed fetch: request-dialogs-load-failure.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
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
const ASK = `const app = new App({ name: 'Budget helper', version: '2.1' }, {});
app.ontoolresult = async () => {
  try {
    report('reply', await app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Split 10000 EUR' } }], maxTokens: 50 }));
  } catch (e) { report('sampling-error', { code: e.code, message: e.message }); }
};
app.connect();`

describe('the request dialogs, loaded on the first request', () => {
  it('keep the first request pending while they load, then show it; nothing is answered early', async () => {
    let open: () => void = () => {}
    const opened = new Promise<void>((resolve) => {
      open = resolve
    })
    const real = requestDialogsSource.load
    const load = vi.spyOn(requestDialogsSource, 'load').mockImplementation(async () => {
      await opened
      return real()
    })
    const rec = recorder()
    const generate = vi.fn(async () => reply)
    const server = memoryServer({ html: appHtml(ASK) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate }} />)
    // Nothing loads the dialogs until the app asks.
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce(), { timeout: 10_000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(dialog()).toBeNull()
    expect(rec.reports).toEqual([])
    expect(generate).not.toHaveBeenCalled()

    open()
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('Split 10000 EUR'))
    expect(rec.reports).toEqual([])
    await page.getByRole('button', { name: 'Approve', exact: true }).click()
    await vi.waitFor(() => expect(dialog()?.textContent?.replace(/[\u2068\u2069]/g, '')).toContain('Reply from chat-model'))
    await page.getByRole('button', { name: 'Send to the app', exact: true }).click()
    await rec.waitFor('reply')
    expect(rec.find('reply')[0]?.data).toEqual(reply)
  })
})
