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
import '../../src/styles.css'
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

describe('attack: a click meant for the app lands on the granting button as it appears', () => {
  it('Approve ignores a click in its first moment (the real delay), then takes a fresh one', async () => {
    const rec = recorder()
    const generate = vi.fn(async (_request: McpAppSamplingRequest) => reply)
    const server = memoryServer({ html: appHtml(sampleOnce()) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate, reviewResult: false }} eager />)
    const approve = page.getByRole('button', { name: 'Approve', exact: true })
    await vi.waitFor(() => expect(approve.element()).toBeTruthy(), { timeout: 10_000 })
    // A stray click does not wait for the button to be ready.
    await userEvent.click(approve, { force: true })
    expect(generate).not.toHaveBeenCalled()
    expect(approve.element().getAttribute('data-armed')).toBe('false')
    await userEvent.click(approve)
    await rec.waitFor('reply')
    expect(generate).toHaveBeenCalledOnce()
  })

  it('Save ignores a click in its first moment (the real delay)', async () => {
    const rec = recorder()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = memoryServer({ html: appHtml(downloadOnce) })
    await render(<McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} eager />)
    const save = page.getByRole('button', { name: 'Save', exact: true })
    await vi.waitFor(() => expect(save.element()).toBeTruthy(), { timeout: 10_000 })
    await userEvent.click(save, { force: true })
    expect(click).not.toHaveBeenCalled()
    expect(rec.find('download')).toHaveLength(0)
  })
})

// Asks again 30 ms after every refusal, until it is stopped; reports each outcome.
const NAG = (kind: 'sampling' | 'download') => `const app = new App({ name: 'Nag', version: '1' }, {});
app.ontoolresult = async () => {
  for (let i = 0; i < 200; i++) {
    try {
      ${
        kind === 'sampling'
          ? `await app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Please' } }], maxTokens: 5 });`
          : `const r = await app.downloadFile({ contents: ${CSV} }); if (r.isError) throw { code: 'not-saved', message: 'not saved' };`
      }
      report('granted', i);
    } catch (e) {
      report('refused', { code: e.code, message: e.message });
      if (e.code === -32010) break;
    }
    await new Promise((r) => setTimeout(r, 30));
  }
};
app.connect();`

// Answers every dialog that shows up with its safe choice, for `ms`; returns how many were shown.
async function refuseEvery(name: string, ms: number): Promise<number> {
  let shown = 0
  const until = performance.now() + ms
  while (performance.now() < until) {
    const button = document.querySelector<HTMLButtonElement>(`[role="dialog"] [data-action="decline"]`)
    if (button?.textContent === name && button.isConnected) {
      shown++
      button.click()
      await vi.waitFor(() => expect(button.isConnected && document.querySelector('[role="dialog"] [data-action="decline"]') === button).toBe(false))
    }
    await sleep(20)
  }
  return shown
}

describe('attack: the app asks again after every refusal', () => {
  for (const [kind, deny] of [
    ['sampling', 'Deny'],
    ['download', 'Don’t save'],
  ] as const) {
    it(`${kind}: each refusal makes the next request wait longer (2 s, then 4 s), so a loop shows the person a few dialogs, not hundreds`, async () => {
      const rec = recorder()
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
      const server = memoryServer({ html: appHtml(NAG(kind)) })
      await render(
        <McpAppFrame content={activity()} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate: async () => reply }} eager />,
      )
      await vi.waitFor(() => expect(dialog()).toBeDefined(), { timeout: 10_000 })
      const shown = await refuseEvery(deny, 5000)
      // At 0 s and about 2 s; the third would come about 6 s in.
      expect(shown).toBeGreaterThanOrEqual(2)
      expect(shown).toBeLessThanOrEqual(3)
      expect(rec.find('granted')).toHaveLength(0)
    })
  }

  it('"Stop requests from" the app refuses its next requests of every kind with -32010 saying why, also in a new frame of the same app', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(NAG('sampling')) })
    const content = activity({ serverId: 'nag-server' })
    const screen = await render(
      <McpAppFrame content={content} transport={server.transport} handlers={{ onMessage: rec.onMessage }} sampling={{ generate: async () => reply }} eager />,
    )
    const stop = page.getByRole('button', { name: /^Stop requests from “\u2068Nag\u2069”$/ })
    await userEvent.click(stop)
    await vi.waitFor(() => expect(rec.find('refused').map((r) => (r.data as { code: number }).code)).toEqual([-1, -32010]), { timeout: 10_000 })
    expect(rec.find('refused')[1]?.data).toEqual({
      code: -32010,
      message: "Refused by the host: The person stopped this app's sampling requests for the rest of the chat",
    })
    expect(dialog()).toBeUndefined()
    await screen.unmount()

    // The same app shown again (a later tool result): stopped, for downloads too, without a dialog.
    const again = recorder()
    const downloads = memoryServer({ html: appHtml(NAG('download')) })
    await render(<McpAppFrame content={{ ...content }} transport={downloads.transport} handlers={{ onMessage: again.onMessage }} eager />)
    await again.waitFor('refused')
    expect(again.find('refused')[0]?.data).toEqual({
      code: -32010,
      message: "Refused by the host: The person stopped this app's download requests for the rest of the chat",
    })
    expect(dialog()).toBeUndefined()
  })
})
