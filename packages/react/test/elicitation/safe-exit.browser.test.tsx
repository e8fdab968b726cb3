/**
 * Nothing typed is lost by accident: a click outside does nothing, leaving a half-filled form asks
 * first, and each way out says what it means (Decline tells the server no, Cancel answers nothing).
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, moveIn, recordingFetch } from './harness'

afterEach(() => cleanup())

const contact: RequestedSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, email: { type: 'string', title: 'Email', format: 'email' } },
  required: ['name'],
}

async function open() {
  const rec = recordingFetch()
  await render(
    <>
      <button type="button">Something on the page</button>
      <Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />
    </>,
  )
  const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
  await expect.element(dialog).toBeVisible()
  await moveIn()
  await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
  return { ...rec, dialog }
}

describe('leaving the dialog', () => {
  it('a click on the page goes through the backdrop and never cancels, and what was typed stays', async () => {
    const { dialog, bodies } = await open()
    await userEvent.keyboard('Ada')
    await page.getByRole('button', { name: 'Something on the page' }).click()
    await expect.element(page.getByRole('button', { name: 'Something on the page' })).toHaveFocus()
    await expect.element(dialog).toBeVisible()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('Ada')
    expect(bodies).toEqual([])
  })

  it('an untouched form cancels at once on Escape', async () => {
    const { bodies } = await open()
    await userEvent.keyboard('{Escape}')
    await expect.poll(() => bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
  })

  it('Escape on a half-filled form asks first; Keep editing goes back with the input, Discard cancels', async () => {
    const { dialog, bodies } = await open()
    await userEvent.keyboard('Ada')
    await userEvent.keyboard('{Escape}')
    const confirm = dialog.getByRole('group', { name: 'Discard what you typed and cancel?' })
    await expect.element(confirm).toBeVisible()
    await expect.element(confirm).toHaveAccessibleDescription(/Nothing you typed is sent to Acme CRM/)
    await expect.element(confirm.getByRole('button', { name: 'Keep editing' })).toHaveFocus()
    await expectNoAxeViolations()
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Acme CRM asks for information":
        - button "Cancel"
        - heading "Acme CRM asks for information" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: Please fill this in.
        - paragraph: Only share what you are willing to give this server.
        - group:
          - text: Name
          - textbox "Name":
            - /placeholder: ""
            - text: Ada
          - text: Email An email address, like name@example.com
          - textbox "Email":
            - /placeholder: ""
        - group "Discard what you typed and cancel?":
          - paragraph: Discard what you typed and cancel?
          - paragraph: Nothing you typed is sent to Acme CRM.
          - button "Discard and cancel"
          - button "Keep editing"
    `)
    // Escape again means "not this either": back to the form.
    await userEvent.keyboard('{Escape}')
    await expect.element(confirm).not.toBeInTheDocument()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('Ada')
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
    expect(bodies).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await confirm.getByRole('button', { name: 'Keep editing' }).click()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('Ada')
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await confirm.getByRole('button', { name: 'Discard and cancel' }).click()
    await expect.poll(() => bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
    await expect.element(dialog).not.toBeInTheDocument()
  })

  it('Decline on a half-filled form asks too, then sends decline without content', async () => {
    const { dialog, bodies } = await open()
    await userEvent.keyboard('typed but refused')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    const confirm = dialog.getByRole('group', { name: 'Discard what you typed and decline?' })
    await confirm.getByRole('button', { name: 'Discard and decline' }).click()
    await expect.poll(() => bodies).toEqual([{ id: expect.any(String), action: 'decline' }])
  })

  it('names the server on the primary action and explains Decline against Cancel', async () => {
    const { dialog } = await open()
    const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
    await expect.element(send).toHaveAttribute('data-variant', 'primary')
    const decline = dialog.getByRole('button', { name: 'Decline' })
    await expect.element(decline).toHaveAttribute('data-variant', 'secondary')
    await expect.element(decline).toHaveAccessibleDescription(/Decline tells the server you will not share this/)
    // The corner button is the Cancel of the dialog, and the hint names it as it is drawn (no key).
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true })
    await expect.element(cancel).toHaveAccessibleDescription(/Cancel \(×\) closes this without an answer/)
    await expect.element(dialog.getByText(/Cancel \(×\) closes this without an answer/)).toBeVisible()
    // Three ways out, not four: Send, Decline, and the corner Cancel (Esc too).
    expect(dialog.getByRole('button').elements().map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'Cancel',
      'Decline',
      'Send to Acme CRM',
    ])
    await expectNoAxeViolations()
  })

  it('inline, Cancel is the corner button (Decline the one exit among the buttons) and asks first when typed', async () => {
    const rec = recordingFetch()
    await render(<Harness inline items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await region.getByLabelText('Name', { exact: true }).fill('Ada')
    await region.getByRole('button', { name: 'Cancel' }).click()
    await region.getByRole('button', { name: 'Keep editing' }).click()
    await expect.element(region.getByLabelText('Name', { exact: true })).toHaveValue('Ada')
    expect(rec.bodies).toEqual([])
  })
})
