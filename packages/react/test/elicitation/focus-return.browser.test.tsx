/**
 * Focus after every outcome: back to where the person was, or to the chat input when that is gone
 * or disabled; never the page body. An inline form that appears is announced.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, ElicitationInline, useElicitation } from '../../src/elicitation'
import { formRequest, recordingFetch } from './harness'

afterEach(() => cleanup())

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
    await expect.element(page.getByRole('dialog').getByLabelText('Name', { exact: true })).toHaveFocus()
    await act()
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(button).toHaveFocus()
  })

  it('when that element is disabled by then, goes to returnFocus (the chat input), not the body', async () => {
    await ask({ disableWhileAsking: true })
    await userEvent.keyboard('{Escape}')
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus()
  })

  it('between queued requests it stays in the dialog, and returns only after the last', async () => {
    const { button } = await ask({ count: 2 })
    const dialog = page.getByRole('dialog')
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
      .toBe('Acme CRM asks for information: Question 1')
  })
})
