/**
 * The small things a demanding user notices: moving into URL mode lands on the address, not on
 * "Open <site>"; a failed send says what happened in words, above the buttons, with focus kept on
 * Send; the dialog's description always exists; a waiting URL step shows no countdown and leaves
 * when the server gives up on it.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { expectNoAxeViolations, formRequest, Harness, moveIn, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const contact: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

const urlRequest = (extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData => ({
  elicitationId: `url-${Math.random()}`,
  message: 'Connect your calendar account.',
  requestedSchema: { type: 'object', properties: {} },
  mode: 'url',
  url: 'https://auth.example.com/connect',
  urlElicitationId: 'srv-1',
  serverName: 'Calendar',
  status: 'pending',
  ...extra,
})

function describedBy(): Element | null {
  const id = document.querySelector('[role="dialog"]')?.getAttribute('aria-describedby')
  return id ? document.getElementById(id) : null
}

function PushPage(props: { fetch: typeof globalThis.fetch; onPush: (push: (d: ElicitationRequestData) => void) => void }) {
  const el = useElicitation({ fetch: props.fetch, retries: 0 })
  props.onPush(el.push)
  return <ElicitationDialog elicitation={el} />
}

/** A custom layout without the Header: the message (the description) is left out. */
function BodyAndActionsOnly(props: { fetch: typeof globalThis.fetch; item: ElicitationRequestData }) {
  const el = useElicitation({ fetch: props.fetch })
  const { push } = el
  const { item } = props
  useEffect(() => push(item), [push, item])
  return (
    <ElicitationDialog.Root elicitation={el}>
      <ElicitationDialog.Body />
      <ElicitationDialog.Actions />
    </ElicitationDialog.Root>
  )
}

describe('URL mode', () => {
  it('moving in lands on the address to read, not on the Open button', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[urlRequest()]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByRole('button', { name: 'Open auth.example.com' })).toBeVisible()
    expect(document.activeElement).toBe(document.body)
    await moveIn()
    await expect.poll(() => document.activeElement?.getAttribute('data-part')).toBe('url')
    await expect.element(dialog.getByRole('button', { name: 'Open auth.example.com' })).not.toHaveFocus()
    expect(describedBy()?.textContent).toBe('Connect your calendar account.')
    await expectNoAxeViolations()
    await expect.element(dialog.getByRole('button', { name: 'Open auth.example.com' })).toHaveAttribute('data-armed', 'true')
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Calendar asks you to continue on another site":
        - button "Cancel"
        - heading "Calendar asks you to continue on another site" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: Connect your calendar account.
        - paragraph: Open it only if you expect this server to send you there. Opening it tells the server you agreed.
        - paragraph: The page opens in a new tab, on the site below. What you enter there goes to that site, not to this chat.
        - term: Site
        - definition: auth.example.com
        - term: Full address
        - definition:
          - text: https://
          - mark: auth.example.com
          - text: /connect
        - paragraph: Decline tells the server you will not go to this page. Cancel (×) closes this without an answer.
        - button "Decline"
        - button "Open auth.example.com"
    `)
  })

  it('while waiting for the server shows no countdown, and leaves when the server gives up on the step', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    const request = urlRequest({ expiresAt: Date.now() + 10 * 60_000 })
    let push: (d: ElicitationRequestData) => void = () => {}
    await render(<PushPage fetch={rec.fetch} onPush={(p) => (push = p)} />)
    push(request)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByRole('timer')).toBeVisible()
    await dialog.getByRole('button', { name: 'Open auth.example.com' }).click()
    await expect.element(dialog).toHaveAttribute('data-status', 'waiting')
    await expect.element(dialog.getByRole('timer')).not.toBeInTheDocument()
    expect(dialog.element().textContent).not.toMatch(/decline/i)
    expect(describedBy()).not.toBeNull()
    await expectNoAxeViolations()
    await expect.element(dialog.getByRole('button', { name: "I'm done" })).toHaveAttribute('data-armed', 'true')
    await expect.element(dialog.getByRole('button', { name: 'Reopen auth.example.com' })).toHaveAttribute('data-armed', 'true')
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Calendar asks you to continue on another site":
        - button "Close"
        - heading "Calendar asks you to continue on another site" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: Connect your calendar account.
        - paragraph: Waiting for Calendar to confirm you finished on auth.example.com.
        - term: Site
        - definition: auth.example.com
        - term: Full address
        - definition:
          - text: https://
          - mark: auth.example.com
          - text: /connect
        - button "Copy link"
        - button "Reopen auth.example.com"
        - button "I'm done"
        - status
    `)
    push({ ...request, status: 'failed', response: { action: 'accept' }, reason: 'The request that asked for this step ended' })
    await expect.element(dialog).not.toBeInTheDocument()
  })
})

describe('a failed send', () => {
  it.each([
    [500, /the server had a problem/],
    [503, /could not be reached/],
    [403, /did not accept this answer/],
  ])('HTTP %i becomes a sentence a person understands', async (status, text) => {
    const rec = recordingFetch(() => Response.json({ error: 'boom' }, { status }))
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Send to Acme CRM' }).click()
    const alert = dialog.getByRole('alert')
    await expect.element(alert).toHaveTextContent(/^Your answer was not sent/)
    await expect.element(alert).toHaveTextContent(text)
    expect(alert.element().textContent).not.toMatch(/HTTP|Respond failed/)
    await expectNoAxeViolations()
  })

  it('is said above the buttons, in view even under a long form, and focus stays on Send', async () => {
    const rec = recordingFetch(() => Response.json({ error: 'boom' }, { status: 500 }))
    const long: RequestedSchema = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, { type: 'string', title: `Field ${i + 1}` }])),
    }
    await page.viewport(1000, 640)
    await render(<Harness items={[formRequest(long)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
    await send.click()
    const alert = dialog.getByRole('alert')
    await expect.element(alert).toHaveTextContent(/the server had a problem/)
    // Before the buttons, in the fixed actions row, inside the window.
    const box = alert.element().getBoundingClientRect()
    expect(box.bottom).toBeLessThanOrEqual(window.innerHeight)
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(alert.element().compareDocumentPosition(send.element()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(alert.element().closest('[data-part="actions"]')).not.toBeNull()
    await expect.element(send).toHaveFocus()
    await expect.element(send).toHaveAccessibleDescription(/the server had a problem/)
    // Enter on it tries again.
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => rec.bodies.length).toBe(2)
    await expect.element(send).toHaveFocus()
  })
})

describe('the dialog’s description', () => {
  it('points at an element that exists in every state, and at none when a custom layout leaves the message out', async () => {
    const rec = recordingFetch(() => Response.json({ error: 'done', code: 'already_settled' }, { status: 409 }))
    await render(<Harness items={[formRequest(contact, { message: 'Your name?' })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toHaveAccessibleDescription('Your name?')
    expect(describedBy()?.textContent).toBe('Your name?')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog).toHaveAttribute('data-status', 'settled')
    expect(describedBy()?.textContent).toBe('Your name?')
    cleanup()
    await render(<BodyAndActionsOnly fetch={rec.fetch} item={formRequest(contact)} />)
    await expect.element(page.getByRole('dialog')).toBeVisible()
    expect(page.getByRole('dialog').element().hasAttribute('aria-describedby')).toBe(false)
  })
})
