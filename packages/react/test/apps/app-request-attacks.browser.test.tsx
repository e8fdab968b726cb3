// @module-tag security
/**
 * An app that wants the person's model, files or attention: it asks while they type, asks again
 * after every refusal, names itself to read like the host, and sends the model what the person
 * would not see. The real ext-apps `App` runs in the frame (real Chromium); the dialogs keep their
 * real activation delay unless a test says otherwise.
 */
import type { McpAppSamplingRequest } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { defaultAppRequestPacers, McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  defaultAppRequestPacers.reset()
})

const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')]
const dialog = () => dialogs()[0]
const reply = { role: 'assistant' as const, content: { type: 'text' as const, text: 'Sure.' }, model: 'chat-model' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// Asks once it has its result, and reports how each attempt ended.
const sampleOnce = (name = 'Budget helper') => `const app = new App({ name: ${JSON.stringify(name)}, version: '1' }, {});
app.ontoolresult = async () => {
  try { report('reply', await app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Spend the budget' } }], maxTokens: 50 })); }
  catch (e) { report('sampling-error', { code: e.code, message: e.message }); }
};
app.connect();`

const CSV = `[{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: 'a,b\\n' } }]`
const downloadOnce = `const app = new App({ name: 'Exporter', version: '1' }, {});
app.ontoolresult = async () => {
  try { report('download', await app.downloadFile({ contents: ${CSV} })); }
  catch (e) { report('download-error', { code: e.code, message: e.message }); }
};
app.connect();`

function Composer() {
  return <input aria-label="Message the assistant" />
}

describe('attack: the app asks while the person types', () => {
  it('a sampling dialog takes no focus: Space and Enter typed into the composer neither run the model nor answer the app', async () => {
    const rec = recorder()
    const generate = vi.fn(async (_request: McpAppSamplingRequest) => reply)
    const server = memoryServer({ html: appHtml(sampleOnce()) })
    await render(
      <>
        <Composer />
        <McpAppFrame content={activity({ serverId: 'budget' })} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate }} eager />
      </>,
    )
    const composer = page.getByRole('textbox', { name: 'Message the assistant' })
    await userEvent.click(composer)
    await vi.waitFor(() => expect(dialog()).toBeDefined(), { timeout: 10_000 })
    await userEvent.keyboard('   yes{Enter} {Enter}')
    expect(document.activeElement).toBe(composer.element())
    expect((composer.element() as HTMLInputElement).value).toBe('   yes ')
    expect(generate).not.toHaveBeenCalled()
    expect(rec.find('reply')).toHaveLength(0)
    expect(rec.find('sampling-error')).toHaveLength(0)
    expect(dialog()?.getAttribute('data-status')).toBe('review')
  })

  it('a download dialog takes no focus: Space and Enter typed into the composer save nothing', async () => {
    const rec = recorder()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = memoryServer({ html: appHtml(downloadOnce) })
    await render(
      <>
        <Composer />
        <McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} eager />
      </>,
    )
    const composer = page.getByRole('textbox', { name: 'Message the assistant' })
    await userEvent.click(composer)
    await vi.waitFor(() => expect(dialog()).toBeDefined(), { timeout: 10_000 })
    await userEvent.keyboard(' {Enter} {Enter}')
    expect(document.activeElement).toBe(composer.element())
    expect(click).not.toHaveBeenCalled()
    expect(rec.find('download')).toHaveLength(0)
  })

  it('Escape in the composer is the composer’s: the dialog stays, unanswered', async () => {
    const rec = recorder()
    const generate = vi.fn(async (_request: McpAppSamplingRequest) => reply)
    const server = memoryServer({ html: appHtml(sampleOnce()) })
    await render(
      <>
        <Composer />
        <McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate }} eager />
      </>,
    )
    await userEvent.click(page.getByRole('textbox', { name: 'Message the assistant' }))
    await vi.waitFor(() => expect(dialog()).toBeDefined(), { timeout: 10_000 })
    await userEvent.keyboard('{Escape}')
    await sleep(200)
    expect(dialog()?.getAttribute('data-status')).toBe('review')
    expect(rec.find('sampling-error')).toHaveLength(0)
  })
})
