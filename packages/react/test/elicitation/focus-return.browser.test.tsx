/**
 * Focus after every outcome and every flow: back to where the person was before they moved in, or
 * to the chat input when that is gone or disabled, or to the button they came from once the chat
 * enables it again; never the page body. A request that appears takes no focus and is announced.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { useEffect, useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, ElicitationInline, useElicitation } from '../../src/elicitation'
import { formRequest, moveIn, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const contact: RequestedSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' } },
  required: ['name'],
}

/** A chat page: an input, an "Ask" button that raises requests (and is disabled while they wait, like a busy chat). */
function ChatPage(props: { requests: () => ElicitationRequestData[]; fetch: typeof fetch; inline?: boolean; disableWhileAsking?: boolean }) {
  const elicitation = useElicitation({ fetch: props.fetch, retries: 0 })
  const input = useRef<HTMLInputElement>(null)
  const [asked, setAsked] = useState(false)
  const busy = props.disableWhileAsking && asked && elicitation.items.length > 0
  const Root = props.inline ? ElicitationInline : ElicitationDialog
  return (
    <main>
      <input aria-label="Message" ref={input} />
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setAsked(true)
          for (const request of props.requests()) elicitation.push(request)
        }}
      >
        Ask
      </button>
      <Root elicitation={elicitation} returnFocus={input} />
    </main>
  )
}

async function ask(options: { inline?: boolean; disableWhileAsking?: boolean; count?: number } = {}) {
  const rec = recordingFetch()
  const count = options.count ?? 1
  await render(
    <ChatPage
      requests={() => Array.from({ length: count }, (_, i) => formRequest(contact, { message: `Question ${i + 1}` }))}
      fetch={rec.fetch}
      inline={options.inline}
      disableWhileAsking={options.disableWhileAsking}
    />,
  )
  const button = page.getByRole('button', { name: 'Ask' })
  button.element().focus()
  await userEvent.keyboard('{Enter}')
  return { ...rec, button }
}

describe('focus after an outcome', () => {
  it.each([
    ['answered', async () => {
      await page.getByRole('dialog').getByLabelText('Name', { exact: true }).fill('Ada')
      await page.getByRole('button', { name: 'Send to Acme CRM' }).click()
    }],
    ['declined', () => page.getByRole('button', { name: 'Decline' }).click()],
    ['cancelled with Escape', () => userEvent.keyboard('{Escape}')],
  ])('when %s, returns to the element that had it before', async (_outcome, act) => {
    const { button } = await ask()
    await expect.element(page.getByRole('dialog')).toBeVisible()
    // Nothing moved: the person is still on the button, and moves in with Tab.
    await expect.element(button).toHaveFocus()
    await moveIn()
    await expect.element(page.getByRole('dialog').getByLabelText('Name', { exact: true })).toHaveFocus()
    await act()
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(button).toHaveFocus()
  })

  it('when that element is disabled by then, goes to returnFocus (the chat input), not the body', async () => {
    await ask({ disableWhileAsking: true })
    await expect.element(page.getByRole('dialog')).toBeVisible()
    await moveIn()
    await expect.element(page.getByRole('dialog').getByLabelText('Name', { exact: true })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus()
  })

  it('between queued requests it stays in the dialog, and returns only after the last', async () => {
    const { button } = await ask({ count: 2 })
    const dialog = page.getByRole('dialog')
    await moveIn()
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog.getByText('Question 2')).toBeVisible()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(button).toHaveFocus()
  })

  it('inline: an answered form that leaves gives focus back to the chat input, not the body', async () => {
    await ask({ inline: true, disableWhileAsking: true })
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await region.getByLabelText('Name', { exact: true }).fill('Ada')
    await region.getByRole('button', { name: 'Send to Acme CRM' }).click()
    await expect.element(region).not.toBeInTheDocument()
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus()
  })

  it('inline: a form that appears is announced, and does not take focus from what the person is doing', async () => {
    await ask({ inline: true })
    await expect.element(page.getByRole('region', { name: 'Acme CRM asks for information' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Ask' })).toHaveFocus()
    await expect
      .poll(() => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent)
      .toBe('Acme CRM asks for information; press Tab to go to the form. Acme CRM wrote: Question 1')
  })
})

/**
 * A chat whose suggestion buttons (and Send) are disabled while the agent works, and stay so while
 * the reply is written after the last request left: the flow started from a suggestion.
 */
function SuggestionChat(props: { fetch: typeof fetch; replyMs: number }) {
  const elicitation = useElicitation({ fetch: props.fetch, retries: 0 })
  const [working, setWorking] = useState(false)
  const [asked, setAsked] = useState(false)
  const pending = elicitation.items.length > 0
  useEffect(() => {
    if (!asked || pending) return
    // The tool got its answer; the model writes its reply, then the chat is idle again.
    const timer = setTimeout(() => setWorking(false), props.replyMs)
    return () => clearTimeout(timer)
  }, [asked, pending, props.replyMs])
  return (
    <main>
      <button
        type="button"
        disabled={working}
        onClick={() => {
          // Disabled at once (focus drops to the body), the request comes a moment later.
          setWorking(true)
          setAsked(true)
          setTimeout(() => elicitation.push(formRequest(contact, { message: 'From a suggestion' })), 100)
        }}
      >
        Register me
      </button>
      <input aria-label="Message" />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

/** Three steps, each raised by the server once it has the answer to the last (book_trip). */
function Trip(props: { fetch: typeof fetch }) {
  const elicitation = useElicitation({
    fetch: props.fetch,
    retries: 0,
    // The server's next step arrives once it has the answer to the last one.
    onRespond: () => step < 3 && setTimeout(() => raise(step + 1), 50),
  })
  const [step, setStep] = useState(0)
  const raise = (n: number) => {
    setStep(n)
    elicitation.push(formRequest(contact, { message: `Step ${n} of 3` }))
  }
  return (
    <main>
      <input aria-label="Message" onKeyDown={(event) => event.key === 'Enter' && raise(1)} />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

/** A chat page for URL mode: requests are pushed as the live channel would. */
function UrlChat(props: { fetch: typeof fetch; onPush: (push: (data: ElicitationRequestData) => void) => void }) {
  const elicitation = useElicitation({ fetch: props.fetch, retries: 0 })
  props.onPush(elicitation.push)
  return (
    <main>
      <input aria-label="Message" />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

describe('focus after a whole flow', () => {
  it('started from a suggestion the chat disables while it works: back on that suggestion once it is enabled, never the body', async () => {
    const rec = recordingFetch()
    await render(<SuggestionChat fetch={rec.fetch} replyMs={400} />)
    const suggestion = page.getByRole('button', { name: 'Register me' })
    await suggestion.click()
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await moveIn()
    await userEvent.keyboard('Ada')
    await dialog.getByRole('button', { name: 'Send to Acme CRM' }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    // While the reply is written the suggestion is disabled; then focus is back on it.
    await expect.element(suggestion).toHaveFocus()
    expect(rec.bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { name: 'Ada' } }])
  })

  it('a keyboard-only trip of three steps, each raised once the last was answered: every step is reached with Tab, and focus ends in the composer', async () => {
    const rec = recordingFetch()
    await render(<Trip fetch={rec.fetch} />)
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.click()
    await userEvent.keyboard('Book a trip{Enter}')
    const dialog = page.getByRole('dialog')
    for (const n of [1, 2, 3]) {
      await expect.element(dialog.getByText(`Step ${n} of 3`)).toBeVisible()
      await expect.element(composer).toHaveFocus()
      await moveIn()
      await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
      await userEvent.keyboard(`traveller ${n}`)
      await userEvent.tab()
      await userEvent.tab()
      const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
      await expect.element(send).toHaveFocus()
      await expect.element(send).toHaveAttribute('data-armed', 'true')
      await userEvent.keyboard('{Enter}')
      await expect.poll(() => rec.bodies.length).toBe(n)
    }
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(composer).toHaveFocus()
    expect(rec.bodies.map((body) => body.content)).toEqual([{ name: 'traveller 1' }, { name: 'traveller 2' }, { name: 'traveller 3' }])
  })

  it('URL mode: after Open, focus stays in the dialog (on the address), and comes back to the composer when the server confirms', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    const url: ElicitationRequestData = {
      elicitationId: 'url-focus-1',
      message: 'Connect your calendar.',
      requestedSchema: { type: 'object', properties: {} },
      mode: 'url',
      url: 'https://auth.example.com/connect',
      urlElicitationId: 'srv-focus-1',
      serverName: 'Calendar',
      status: 'pending',
    }
    let push: (data: ElicitationRequestData) => void = () => {}
    await render(<UrlChat fetch={rec.fetch} onPush={(p) => (push = p)} />)
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.click()
    push(url)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await moveIn()
    await userEvent.tab()
    await userEvent.tab()
    const open = dialog.getByRole('button', { name: 'Open auth.example.com' })
    await expect.element(open).toHaveFocus()
    await expect.element(open).toHaveAttribute('data-armed', 'true')
    await userEvent.keyboard('{Enter}')
    await expect.element(dialog).toHaveAttribute('data-status', 'waiting')
    // The Open button is gone: focus is on the address, not the page body.
    await expect.poll(() => document.activeElement?.getAttribute('data-part')).toBe('url')
    push({ ...url, status: 'accepted', response: { action: 'accept' } })
    push({ ...url, status: 'completed', response: { action: 'accept' } })
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(composer).toHaveFocus()
    expect(rec.bodies).toEqual([{ id: 'url-focus-1', action: 'accept' }])
  })
})
