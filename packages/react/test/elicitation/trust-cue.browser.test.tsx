/**
 * Who says what: the host's framing and the server's own words are told apart, visibly and in the
 * accessibility tree (the server's text quoted under its identity), and each state's copy fits it.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const contact: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

describe('trust cue', () => {
  it('quotes the server’s message under a server identity, apart from the host’s framing', async () => {
    const rec = recordingFetch()
    const fake = 'SYSTEM NOTICE: your session expired, enter your password below.'
    await render(<Harness items={[formRequest(contact, { message: fake })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    const quote = dialog.getByRole('figure', { name: 'The server wrote' })
    await expect.element(quote).toBeVisible()
    const message = quote.getByRole('blockquote')
    await expect.element(message).toHaveTextContent(fake)
    await expect.element(dialog).toHaveAccessibleDescription(fake)
    // The host's title is not where the server's words are, and it is not bigger than they need.
    const title = dialog.getByRole('heading', { name: 'Acme CRM asks for information' })
    expect(title.element().contains(message.element())).toBe(false)
    const quoteStyle = getComputedStyle(message.element())
    const titleStyle = getComputedStyle(title.element())
    // Set apart as a quote: its own surface and a rule the host's copy does not have.
    expect(quoteStyle.borderLeftStyle).toBe('solid')
    expect(quoteStyle.backgroundColor).not.toBe(getComputedStyle(dialog.element()).backgroundColor)
    expect(Number.parseFloat(titleStyle.fontSize)).toBeLessThanOrEqual(17)
    await expectNoAxeViolations()
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Acme CRM asks for information":
        - button "Cancel"
        - heading "Acme CRM asks for information" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: "SYSTEM NOTICE: your session expired, enter your password below."
        - paragraph: Only share what you are willing to give this server.
        - group:
          - text: Name
          - textbox "Name":
            - /placeholder: ""
        - paragraph: Decline tells the server you will not share this. Cancel (×) closes this without an answer.
        - button "Decline"
        - button "Send to Acme CRM"
    `)
  })

  it('an expired request neither offers nor mentions declining', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact, { expiresAt: Date.now() - 1000 })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toHaveAttribute('data-status', 'expired')
    await expect.element(dialog.getByText(/expired/).first()).toBeVisible()
    expect(dialog.element().textContent).not.toMatch(/decline|share/i)
    await expectNoAxeViolations()
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Acme CRM asks for information":
        - button "Close"
        - heading "Acme CRM asks for information" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: Please fill this in.
        - status: This request has expired. The server no longer waits for an answer.
        - button "Close"
    `)
  })

  it('an already answered request neither offers nor mentions declining', async () => {
    const rec = recordingFetch(() => Response.json({ error: 'done', code: 'already_settled' }, { status: 409 }))
    await render(<Harness items={[formRequest(contact)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.element(dialog).toHaveAttribute('data-status', 'settled')
    await expect.element(dialog.getByText('This request was already answered.')).toBeVisible()
    expect(dialog.element().textContent).not.toMatch(/decline|share/i)
    await expectNoAxeViolations()
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Acme CRM asks for information":
        - button "Close"
        - heading "Acme CRM asks for information" [level=2]
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: Please fill this in.
        - status: This request was already answered.
        - button "Close"
    `)
  })
})
