import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoAxeViolations, formRequest, Harness, moveIn, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const contact: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    email: { type: 'string', title: 'Email', format: 'email' },
  },
  required: ['name'],
}

describe('ElicitationDialog', () => {
  it('is labelled by a title naming the server, described by the message; takes no focus, and Tab moves to the first field', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact, { message: 'Who are you?' })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.element(dialog).toBeVisible()
    await expect.element(dialog).toHaveAccessibleDescription('Who are you?')
    expect(document.activeElement).toBe(document.body)
    await moveIn()
    await expect.element(dialog.getByLabelText('Name')).toHaveFocus()
    await expect.element(dialog.getByText(/Only share what you are willing to give this server/)).toBeVisible()
    await expect.element(dialog).toHaveAttribute('data-status', 'pending')
    await expect.element(dialog).toHaveAttribute('data-mode', 'form')
    await expectNoAxeViolations()
  })

  it('Decline sends decline without content', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    await page.getByRole('dialog').getByLabelText('Name').fill('typed but refused')
    await page.getByRole('button', { name: 'Decline' }).click()
    await page.getByRole('button', { name: 'Discard and decline' }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'decline' }])
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  })

  it('Escape sends cancel', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    await expect.element(page.getByRole('dialog')).toBeVisible()
    await moveIn()
    await expect.element(page.getByRole('dialog').getByLabelText('Name')).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
  })

  it('the corner Cancel button sends cancel', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact), formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect.poll(() => rec.bodies.length).toBe(1)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect.poll(() => rec.bodies.map((b) => b.action)).toEqual(['cancel', 'cancel'])
  })

  it('is complete from the keyboard: Tab in, type, Tab past Decline to Send, Enter', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    await expect.element(page.getByRole('dialog')).toBeVisible()
    await moveIn()
    await expect.element(page.getByRole('dialog').getByLabelText('Name')).toHaveFocus()
    await userEvent.keyboard('Grace')
    await userEvent.tab()
    await userEvent.keyboard('grace@example.com')
    await userEvent.tab()
    await expect.element(page.getByRole('button', { name: 'Decline' })).toHaveFocus()
    await userEvent.tab()
    await expect.element(page.getByRole('button', { name: /^Send/ })).toHaveFocus()
    // A moment after it appeared (the real default): then Enter sends.
    await expect.element(page.getByRole('button', { name: /^Send/ })).toHaveAttribute('data-armed', 'true')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { name: 'Grace', email: 'grace@example.com' } }])
  })

  it('does not submit twice and is disabled while sending', async () => {
    let release: () => void = () => {}
    const bodies: unknown[] = []
    const fetch = vi.fn(async (_u: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)))
      await new Promise<void>((r) => (release = r))
      return Response.json({ success: true })
    })
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: fetch as typeof globalThis.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByLabelText('Name').fill('Ada')
    const submit = dialog.getByRole('button', { name: /^Send/ })
    await submit.click()
    await expect.element(dialog).toHaveAttribute('data-status', 'submitting')
    // Still focusable (focus is not dropped to the page), but it does nothing.
    await expect.element(dialog.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true')
    await expect.element(dialog.getByLabelText('Name')).toBeDisabled()
    // A second submit through the form itself (Enter) must not post again.
    ;(document.querySelector('[data-mcp-hitl-root] form') as HTMLFormElement).requestSubmit()
    await expectNoAxeViolations()
    release()
    await expect.element(dialog).not.toBeInTheDocument()
    expect(bodies).toHaveLength(1)
  })

  it('shows 422 field errors on the right fields and focuses the first', async () => {
    const rec = recordingFetch((body) =>
      rec.bodies.length === 1
        ? Response.json(
            {
              error: 'invalid',
              code: 'invalid_content',
              fieldErrors: [{ field: 'email', pointer: '/email', keyword: 'format', message: 'This address bounced.' }],
            },
            { status: 422 },
          )
        : body && undefined,
    )
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByLabelText('Name').fill('Ada')
    await dialog.getByLabelText('Email').fill('ada@example.com')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    const message = dialog.getByText('This address bounced.', { exact: true })
    await expect.element(message).toBeVisible()
    await expect.element(dialog.getByLabelText('Email')).toHaveFocus()
    // The error sits in the email field's group, not the name's.
    const group = message.element().closest('[data-part="field"]')
    expect(group?.querySelector('input')?.id).toMatch(/_email$/)
    await expect.element(dialog).toHaveAttribute('data-status', 'error')
    await expectNoAxeViolations()
    await dialog.getByLabelText('Email').fill('ada@real.example')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies.length).toBe(2)
    await expect.element(dialog).not.toBeInTheDocument()
  })

  it('turns 409 into a clear settled state with a Close button', async () => {
    const rec = recordingFetch(() => Response.json({ error: 'done', code: 'already_settled' }, { status: 409 }))
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog.getByText('This request was already answered.')).toBeVisible()
    await expect.element(dialog).toHaveAttribute('data-status', 'settled')
    await expectNoAxeViolations()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies).toHaveLength(1)
  })

  it('answers a queue of three from two servers in arrival order, saying how many wait', async () => {
    const rec = recordingFetch()
    const items = [
      formRequest(contact, { serverName: 'Alpha', message: 'first' }),
      formRequest(contact, { serverName: 'Beta', message: 'second' }),
      formRequest(contact, { serverName: 'Alpha', message: 'third' }),
    ]
    await render(<Harness items={items} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByRole('button', { name: '3 requests waiting' })).toBeVisible()
    await expect.element(page.getByRole('dialog', { name: 'Alpha asks for information' })).toBeVisible()
    await dialog.getByLabelText('Name').fill('one')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog.getByRole('button', { name: '2 requests waiting' })).toBeVisible()
    await expect.element(page.getByRole('dialog', { name: 'Beta asks for information' })).toBeVisible()
    await expect.element(dialog.getByLabelText('Name')).toHaveValue('')
    // The person was in the dialog (they clicked Send): they stay in it, on the next form's first field.
    await expect.element(dialog.getByLabelText('Name')).toHaveFocus()
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog.getByRole('button', { name: /requests? waiting/ })).not.toBeInTheDocument()
    await expect.element(dialog.getByText('third')).toBeVisible()
    await dialog.getByLabelText('Name').fill('three')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies.map((b) => [b.id, b.action])).toEqual([
      [items[0]!.elicitationId, 'accept'],
      [items[1]!.elicitationId, 'decline'],
      [items[2]!.elicitationId, 'accept'],
    ])
  })

  it('shows time left, then an expired state that sends nothing', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact, { expiresAt: Date.now() + 1500 })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByRole('timer')).toHaveTextContent(/seconds? left/)
    await expect.element(dialog.getByText(/This request has expired/)).toBeVisible()
    await expect.element(dialog).toHaveAttribute('data-status', 'expired')
    await expect.element(dialog.getByRole('button', { name: /^Send/ })).not.toBeInTheDocument()
    await expectNoAxeViolations()
    await moveIn()
    await expect.element(dialog.getByRole('button', { name: 'Close' }).last()).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies).toEqual([])
  })

  it('renders inline in a transcript as a labelled region with the same parts', async () => {
    const rec = recordingFetch()
    await render(<Harness inline items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region).toBeVisible()
    await expectNoAxeViolations()
    await region.getByLabelText('Name').fill('Inline')
    await region.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { name: 'Inline' } }])
  })

  it('takes every label from props (i18n)', async () => {
    const rec = recordingFetch()
    await render(
      <Harness
        items={[formRequest(contact)]}
        hook={{ fetch: rec.fetch }}
        labels={{ accept: () => 'Envoyer', decline: 'Refuser', cancel: 'Annuler', title: (s) => `${s} demande des informations` }}
      />,
    )
    await expect.element(page.getByRole('dialog', { name: 'Acme CRM demande des informations' })).toBeVisible()
    await page.getByRole('button', { name: 'Refuser' }).click()
    await expect.poll(() => rec.bodies.map((b) => b.action)).toEqual(['decline'])
  })
})
