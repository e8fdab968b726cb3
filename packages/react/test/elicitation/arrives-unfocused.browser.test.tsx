// @module-tag security
/**
 * A form that arrives while the person types must not take their keystrokes. The attacker here is
 * whoever raises the form at the right moment: the model's tool (through the chat stream) or an
 * app's button (through the MCP proxy and the session's live channel, a real MCP server on
 * 127.0.0.1). The person keeps typing in the composer, Enter and Space included: nothing reaches
 * the form, nothing is sent, the composer keeps every character, and the form is announced. Then
 * the person moves in with Tab, answers, and focus goes back to the composer. Real Chromium, real
 * keyboard events, the real activation delay.
 */
import { useChat } from '@ai-sdk/react'
import type { ElicitationRequestData, McpAppsActivityContent } from '@mcp-hitl/core'
import { createHttpProxyTransport, type McpAppMessageParams, type McpProxyTransport } from '@mcp-hitl/core/apps'
import { type ChatTransport, createUIMessageStream, type UIMessage } from 'ai'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { activity, appHtml, memoryServer, recorder } from '../apps/fixtures'
import { recordingFetch } from './harness'

afterEach(() => cleanup())

const announcer = () => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent ?? ''
const composer = () => page.getByRole('textbox', { name: 'Message' })
const composerValue = () => (composer().element() as HTMLTextAreaElement).value

/** Types `text` one key at a time into whatever has focus, as a person does. */
async function typeKeys(text: string): Promise<void> {
  for (const key of text) await userEvent.keyboard(key === ' ' ? '{Space}' : key === '\n' ? '{Enter}' : key)
}

/** Keeps typing `filler` until `arrived()` is true, returning what was typed. */
async function typeUntil(arrived: () => boolean, filler: string): Promise<string> {
  let typed = ''
  for (let i = 0; i < 400 && !arrived(); i++) {
    const key = filler[i % filler.length]!
    await typeKeys(key)
    typed += key
  }
  expect(arrived()).toBe(true)
  return typed
}

const register: ElicitationRequestData = {
  elicitationId: 'el-typing-1',
  message: 'Who should we register?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
  mode: 'form',
  status: 'pending',
  serverName: 'Registration Server',
}

/**
 * A chat transport in the page: the model's tool raises `register` once the test says so, through
 * the real AI SDK stream and `useChat`, as the kit's backend writes it.
 */
function toolTransport(raise: Promise<void>): ChatTransport<UIMessage> {
  return {
    sendMessages: async () =>
      createUIMessageStream({
        execute: async ({ writer }) => {
          await raise
          writer.write({ type: 'data-elicitation-request', id: register.elicitationId, data: register } as never)
          // The tool keeps waiting for the answer; the turn does not end here.
          await new Promise(() => {})
        },
      }),
    reconnectToStream: async () => null,
  }
}

function ModelPage(props: { transport: ChatTransport<UIMessage>; fetch: typeof fetch }) {
  const { messages, sendMessage } = useChat({ transport: props.transport })
  const elicitation = useElicitation({ messages, fetch: props.fetch, retries: 0 })
  return (
    <main>
      <button type="button" onClick={() => void sendMessage({ text: 'register me' })}>
        Start
      </button>
      <textarea aria-label="Message" rows={4} />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

describe('a form raised by the model while the person types', () => {
  it('takes no keystroke (Enter and Space included), sends nothing, is announced; Tab moves in and the answer goes', async () => {
    let raise: () => void = () => {}
    const raised = new Promise<void>((resolve) => (raise = resolve))
    const transport = toolTransport(raised)
    const rec = recordingFetch()
    await render(<ModelPage transport={transport} fetch={rec.fetch} />)
    await page.getByRole('button', { name: 'Start' }).click()
    await composer().click()
    await typeKeys('Hello the')
    raise()
    const before = `Hello the${await typeUntil(() => document.querySelector('[role="dialog"]') !== null, 're')}`
    // The keys right after it appeared, when a focused field would take them, then Enter and Space.
    const after = 'xyz\n \nmore words\n'
    await typeKeys(after)
    await expect.poll(composerValue).toBe(before + after)
    await expect.element(composer()).toHaveFocus()
    const dialog = page.getByRole('dialog', { name: /Registration Server/ })
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('')
    await expect.poll(announcer).toMatch(/Registration Server asks for information; press Tab.*Who should we register\?/)
    expect(rec.bodies).toEqual([])

    // The person moves in: Tab goes to the form's first field.
    await userEvent.keyboard('{Tab}')
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
    await userEvent.keyboard('Ada')
    const send = dialog.getByRole('button', { name: 'Send to Registration Server' })
    await expect.element(send).toHaveAttribute('data-armed', 'true')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => rec.bodies).toEqual([{ id: register.elicitationId, action: 'accept', content: { name: 'Ada' } }])
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(composer()).toHaveFocus()
    expect(composerValue()).toBe(before + after)
  })
})

const appUrl = inject('appElicitationUrl')
const user = `typist-${Date.now()}`
const as = (path: string) => `${appUrl}${path}?user=${user}`

// The app presses its own button as soon as it has its tool result: the form comes while the person types.
const VIEW = `const app = new App({ name: 'Budget allocator', version: '1' }, {});
document.getElementById('root').innerHTML = '<button id="approve">Ask for approval</button>';
document.getElementById('approve').addEventListener('click', async () => {
  try { report('result', await app.callServerTool({ name: 'request_approval', arguments: { budget: 'Q4' } }, { timeout: 120000 })); }
  catch (e) { report('result', { error: e.message, code: e.code }); }
});
app.ontoolresult = () => document.getElementById('approve').click();
app.connect();`

function AppPage(props: { content: McpAppsActivityContent; transport: McpProxyTransport; onMessage: (message: McpAppMessageParams) => unknown }) {
  const elicitation = useElicitation({ endpoint: as('/respond'), events: as('/events') })
  return (
    <main>
      <McpAppFrame content={props.content} transport={props.transport} handlers={{ onMessage: props.onMessage }} />
      <textarea aria-label="Message" rows={4} />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

describe("a form raised by an app's button while the person types", () => {
  it('takes no keystroke, the tool gets nothing until the person moves in and answers', async () => {
    const rec = recorder()
    const memory = memoryServer({ html: appHtml(VIEW) })
    const proxy = createHttpProxyTransport({ url: as('/mcp-proxy') })
    const transport: McpProxyTransport = {
      request: (request, init) => (request.method === 'tools/call' ? proxy.request(request, init) : memory.transport.request(request, init)),
    }
    await render(<AppPage content={activity({ serverId: 'budget' })} transport={transport} onMessage={rec.onMessage} />)
    await composer().click()
    const before = await typeUntil(() => document.querySelector('[role="dialog"]')?.textContent?.includes('Who approves Q4?') === true, 'typing ')
    const after = 'abc\n def \n'
    await typeKeys(after)
    await expect.poll(composerValue).toBe(before + after)
    await expect.element(composer()).toHaveFocus()
    const dialog = page.getByRole('dialog', { name: /Budget server/ })
    await expect.element(dialog.getByRole('textbox', { name: /Approver/ })).toHaveValue('')
    await expect.poll(announcer).toMatch(/Budget server asks for information; press Tab.*Who approves Q4\?/)
    expect(rec.find('result')).toEqual([])

    await userEvent.keyboard('{Tab}')
    await expect.element(dialog.getByRole('textbox', { name: /Approver/ })).toHaveFocus()
    await userEvent.keyboard('Dana')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await rec.waitFor('result')
    expect(rec.find('result')[0]?.data).toEqual({ content: [{ type: 'text', text: 'accept: {"approver":"Dana"}' }] })
    await expect.element(dialog).not.toBeInTheDocument()
    expect(composerValue()).toBe(before + after)
  })

  it('raised by the person pressing the app’s button: nothing moves, and the Tab that leaves the frame moves in', async () => {
    const rec = recorder()
    const memory = memoryServer({ html: appHtml(PRESSED_VIEW) })
    const proxy = createHttpProxyTransport({ url: as('/mcp-proxy') })
    const transport: McpProxyTransport = {
      request: (request, init) => (request.method === 'tools/call' ? proxy.request(request, init) : memory.transport.request(request, init)),
    }
    await render(<AppPage content={activity({ serverId: 'budget' })} transport={transport} onMessage={rec.onMessage} />)
    // This page's frame (a frame pool may keep an earlier test's frame parked in the document).
    const shown = () => document.querySelector<HTMLIFrameElement>('main [data-mcp-hitl-app-frame] iframe')
    await expect.poll(shown).not.toBeNull()
    const frame = page.frameLocator(page.elementLocator(shown()!))
    await frame.getByRole('button', { name: 'Ask for approval' }).click()
    const dialog = page.getByRole('dialog', { name: /Budget server/ })
    // Through the real proxy, server and live channel: on a loaded machine this takes a while.
    await expect.element(dialog.getByText('Who approves Q1?'), { timeout: 20_000 }).toBeVisible()
    // Focus is still in the app's frame.
    expect(document.activeElement?.tagName).toBe('IFRAME')
    await userEvent.keyboard('{Tab}')
    await expect.element(dialog.getByRole('textbox', { name: /Approver/ })).toHaveFocus()
    await userEvent.keyboard('Eve')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await rec.waitFor('result')
    expect(rec.find('result')[0]?.data).toEqual({ content: [{ type: 'text', text: 'accept: {"approver":"Eve"}' }] })
  })
})

// The app's button, pressed by the person.
const PRESSED_VIEW = `const app = new App({ name: 'Budget allocator', version: '1' }, {});
document.getElementById('root').innerHTML = '<button id="approve">Ask for approval</button>';
document.getElementById('approve').addEventListener('click', async () => {
  try { report('result', await app.callServerTool({ name: 'request_approval', arguments: { budget: 'Q1' } }, { timeout: 120000 })); }
  catch (e) { report('result', { error: e.message, code: e.code }); }
});
app.connect();`
