/**
 * Several requests at once, and time running out: the person sees how many wait, can look at and
 * answer any of them, hears about changes, and reads the time left in minutes until the last one.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const contact: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }
const announced = () => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent

describe('queue', () => {
  it('says how many requests wait (not a running count), lists them, and answers the one chosen', async () => {
    const rec = recordingFetch()
    const alpha = formRequest(contact, { serverName: 'Alpha', message: 'First question' })
    const beta = formRequest(contact, { serverName: 'Beta', message: 'Second question' })
    await render(<Harness items={[alpha, beta]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Alpha asks for information' })
    const toggle = dialog.getByRole('button', { name: '2 requests waiting' })
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true')
    const list = dialog.getByRole('list', { name: 'Waiting requests' })
    await expect.element(list.getByRole('button', { name: /Alpha: First question/ })).toHaveAttribute('aria-current', 'true')
    await expectNoAxeViolations()
    await expect.element(dialog).toMatchAriaInlineSnapshot(`
      - dialog "Alpha asks for information":
        - button "Cancel"
        - heading "Alpha asks for information" [level=2]
        - button "2 requests waiting" [expanded]
        - list "Waiting requests":
          - listitem:
            - button "Alpha: First question"
          - listitem:
            - button "Beta: Second question"
        - figure "The server wrote":
          - text: The server wrote
          - blockquote:
            - paragraph: First question
        - paragraph: Only share what you are willing to give this server.
        - group:
          - text: Name
          - textbox "Name":
            - /placeholder: ""
        - paragraph: Decline tells the server you will not share this. Cancel (×) closes this without an answer.
        - button "Decline"
        - button "Send to Alpha"
    `)
    await list.getByRole('button', { name: /Beta: Second question/ }).click()
    const second = page.getByRole('dialog', { name: 'Beta asks for information' })
    await expect.element(second.getByText('Second question')).toBeVisible()
    await expect.element(second.getByLabelText('Name', { exact: true })).toHaveFocus()
    await second.getByLabelText('Name', { exact: true }).fill('Bea')
    await second.getByRole('button', { name: 'Send to Beta' }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: beta.elicitationId, action: 'accept', content: { name: 'Bea' } }])
    // One left: back to Alpha, and no count any more (never "2 of 2").
    const first = page.getByRole('dialog', { name: 'Alpha asks for information' })
    await expect.element(first.getByText('First question')).toBeVisible()
    await expect.element(first.getByRole('button', { name: /requests? waiting/ })).not.toBeInTheDocument()
    expect(first.element().textContent).not.toMatch(/of 2/)
  })

  it('keeps what was typed in a request while the person looks at another', async () => {
    const rec = recordingFetch()
    await render(
      <Harness items={[formRequest(contact, { serverName: 'Alpha' }), formRequest(contact, { serverName: 'Beta' })]} hook={{ fetch: rec.fetch }} />,
    )
    const dialog = page.getByRole('dialog')
    await dialog.getByLabelText('Name', { exact: true }).fill('Half typed')
    await dialog.getByRole('button', { name: '2 requests waiting' }).click()
    await dialog.getByRole('button', { name: /^Beta/ }).click()
    await expect.element(page.getByRole('dialog', { name: 'Beta asks for information' })).toBeVisible()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('')
    await dialog.getByRole('button', { name: '2 requests waiting' }).click()
    await dialog.getByRole('button', { name: /^Alpha/ }).click()
    await expect.element(page.getByRole('dialog', { name: 'Alpha asks for information' })).toBeVisible()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('Half typed')
    expect(rec.bodies).toEqual([])
  })

  it('announces a request that arrives while another is shown', async () => {
    const rec = recordingFetch()
    const { rerender } = await render(<Harness items={[formRequest(contact, { serverName: 'Alpha' })]} hook={{ fetch: rec.fetch }} />)
    await expect.element(page.getByRole('dialog', { name: 'Alpha asks for information' })).toBeVisible()
    await rerender(
      <Harness items={[formRequest(contact, { serverName: 'Alpha' })]} hook={{ fetch: rec.fetch }} more={[formRequest(contact, { serverName: 'Beta' })]} />,
    )
    await expect.element(page.getByRole('button', { name: '2 requests waiting' })).toBeVisible()
    // Said after what was said of the first one, if that was still being said.
    await expect.poll(announced).toMatch(/(^|\. )New request from Beta\. 2 requests waiting\.$/)
  })
})

describe('time left', () => {
  it('shows minutes while more than a minute is left', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact, { expiresAt: Date.now() + 5 * 60_000 - 500 })]} hook={{ fetch: rec.fetch }} />)
    const timer = page.getByRole('dialog').getByRole('timer')
    await expect.element(timer).toHaveTextContent('5 min left')
    await expect.element(timer).not.toHaveAttribute('data-urgent')
  })

  it('in the last minute shows seconds, looks urgent and says so once', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(contact, { expiresAt: Date.now() + 45_000 })]} hook={{ fetch: rec.fetch }} />)
    const timer = page.getByRole('dialog').getByRole('timer')
    await expect.element(timer).toHaveTextContent(/^4\d seconds left$/)
    await expect.element(timer).toHaveAttribute('data-urgent', 'true')
    await expect.poll(announced).toContain('Less than a minute left to answer Acme CRM.')
    await expectNoAxeViolations()
  })
})
