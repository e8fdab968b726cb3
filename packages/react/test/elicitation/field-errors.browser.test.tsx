/**
 * Field errors as a person meets them: they follow the input after the first submit, every invalid
 * field says so to assistive tech and to the eye, the summary leads to each field, and the limits
 * show before anyone breaks them.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const account: RequestedSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username', description: '3 to 20 characters', minLength: 3, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
    },
    nights: { type: 'integer', title: 'Nights', minimum: 1, maximum: 21 },
  },
  required: ['username', 'email', 'plan'],
}

async function open() {
  const rec = recordingFetch()
  await render(<Harness items={[formRequest(account)]} hook={{ fetch: rec.fetch }} />)
  const dialog = page.getByRole('dialog')
  await expect.element(dialog).toBeVisible()
  const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
  return { ...rec, dialog, send }
}

describe('field errors', () => {
  it('after a failed submit, fixing a field clears its error and the summary count without another submit', async () => {
    const { dialog, send, bodies } = await open()
    await send.click()
    const summary = dialog.getByRole('group', { name: '3 fields need attention.' })
    await expect.element(summary).toBeVisible()
    await expect.element(dialog.getByLabelText('Username', { exact: true })).toHaveFocus()
    await userEvent.keyboard('ada')
    await expect.element(dialog.getByRole('group', { name: '2 fields need attention.' })).toBeVisible()
    await expect.element(dialog.getByLabelText('Username', { exact: true })).not.toHaveAttribute('aria-invalid')
    await dialog.getByLabelText('Email', { exact: true }).fill('ada@example.com')
    await dialog.getByRole('radio', { name: 'Pro' }).click()
    await expect.element(dialog.getByRole('group', { name: /need attention/ })).not.toBeInTheDocument()
    // Breaking a fixed field again shows its error at once.
    await dialog.getByLabelText('Username', { exact: true }).fill('ad')
    await expect.element(dialog.getByText('Use at least 3 characters.')).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('marks invalid fields with aria-invalid, described by their message; a required radio group is marked required', async () => {
    const { dialog, send } = await open()
    const group = dialog.getByRole('radiogroup', { name: 'Plan' })
    await expect.element(group).toHaveAttribute('aria-required', 'true')
    await expect.element(group).not.toHaveAttribute('aria-invalid')
    await send.click()
    const username = dialog.getByRole('textbox', { name: 'Username', exact: true })
    await expect.element(username).toHaveAttribute('aria-invalid', 'true')
    await expect.element(username).toHaveAccessibleDescription(/This field is required\./)
    await expect.element(group).toHaveAttribute('aria-invalid', 'true')
    await expect.element(dialog.getByRole('radio', { name: 'Free' })).toHaveAccessibleDescription(/This field is required\./)
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
        - group "3 fields need attention.":
          - paragraph: 3 fields need attention.
          - list:
            - listitem:
              - link "Username: This field is required.":
                - /url: "#mcp-hitl-_r_2__username"
            - listitem:
              - link "Email: This field is required.":
                - /url: "#mcp-hitl-_r_2__email"
            - listitem:
              - link "Plan: This field is required.":
                - /url: "#mcp-hitl-_r_2__plan"
        - group:
          - text: Username 3 to 20 characters
          - textbox "Username":
            - /placeholder: ""
          - paragraph: This field is required.
          - text: Email An email address, like name@example.com
          - textbox "Email":
            - /placeholder: ""
          - paragraph: This field is required.
          - text: Plan
          - radiogroup "Plan":
            - radio "Free"
            - text: Free
            - radio "Pro"
            - text: Pro
          - paragraph: This field is required.
          - text: Nights A whole number from 1 to 21
          - spinbutton "Nights"
        - text: 3 fields need attention.
        - paragraph: Decline tells the server you will not share this. Cancel (×) closes this without an answer.
        - button "Decline"
        - button "Send to Acme CRM"
    `)
  })

  it('keeps the required asterisk out of the accessible name', async () => {
    const { dialog } = await open()
    await expect.element(dialog.getByRole('textbox', { name: 'Username', exact: true })).toBeVisible()
    await expect.element(dialog.getByRole('radiogroup', { name: 'Plan', exact: true })).toBeVisible()
    await expect.element(dialog.getByRole('textbox', { name: 'Username', exact: true })).toHaveAttribute('required')
  })

  it('the summary links to each field', async () => {
    const { dialog, send } = await open()
    await send.click()
    const summary = dialog.getByRole('group', { name: '3 fields need attention.' })
    await summary.getByRole('link', { name: 'Plan: This field is required.' }).click()
    await expect.element(dialog.getByRole('radio', { name: 'Free' })).toHaveFocus()
    await summary.getByRole('link', { name: 'Email: This field is required.' }).click()
    await expect.element(dialog.getByLabelText('Email', { exact: true })).toHaveFocus()
  })

  it('shows the limits as hints before any error, once even when the server says the same', async () => {
    const { dialog } = await open()
    const nights = dialog.getByRole('spinbutton', { name: 'Nights' })
    await expect.element(dialog.getByText('A whole number from 1 to 21')).toBeVisible()
    await expect.element(nights).toHaveAccessibleDescription('A whole number from 1 to 21')
    await expect.element(dialog.getByText('An email address, like name@example.com')).toBeVisible()
    // The server's description already says it: no second copy.
    expect(dialog.getByText('3 to 20 characters').elements()).toHaveLength(1)
    await expect.element(dialog.getByRole('textbox', { name: 'Username', exact: true })).toHaveAccessibleDescription('3 to 20 characters')
  })

  it('an invalid field shows a border and an icon, not only red text', async () => {
    const { dialog, send } = await open()
    const username = dialog.getByRole('textbox', { name: 'Username', exact: true })
    const before = getComputedStyle(username.element()).borderColor
    await send.click()
    await expect.element(username).toHaveAttribute('aria-invalid', 'true')
    expect(getComputedStyle(username.element()).borderColor).not.toBe(before)
    const message = dialog.getByText('This field is required.').first().element()
    const icon = getComputedStyle(message, '::before')
    expect(icon.content).not.toBe('none')
    expect(Number.parseFloat(icon.width)).toBeGreaterThanOrEqual(12)
  })
})
