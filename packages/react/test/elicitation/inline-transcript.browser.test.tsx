/**
 * The inline form as a part of a chat transcript, and the header both roots share: one way out among
 * the buttons (Decline; the corner × is the Cancel), a hint that names what is on screen and no key
 * a phone does not have, and the server named once in the header, by the host.
 */
import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Name' } } }

const names = (root: Element) =>
  [...root.querySelectorAll('button')].map((button) => `${button.getAttribute('data-action')}:${button.getAttribute('aria-label') ?? button.textContent}`)

describe('the inline form in a transcript', () => {
  it('has one exit among its buttons (Decline); the corner × is its Cancel and answers nothing', async () => {
    const rec = recordingFetch()
    await render(<Harness inline items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} activationDelayMs={0} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region).toBeVisible()
    const actions = region.element().querySelector('[data-part="buttons"]') as HTMLElement
    expect(names(actions)).toEqual(['decline:Decline', 'accept:Send to Acme CRM'])
    const cancel = region.getByRole('button', { name: 'Cancel', exact: true })
    await expect.element(cancel).toHaveAttribute('data-action', 'close-x')
    // Drawn in the form's top corner, as in the dialog.
    const box = region.element().getBoundingClientRect()
    const corner = cancel.element().getBoundingClientRect()
    expect(corner.top - box.top).toBeLessThan(24)
    expect(box.right - corner.right).toBeLessThan(24)
    await cancel.click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
  })

  it('words its hint after what is on screen, with no key in it', async () => {
    await render(<Harness inline items={[formRequest(schema)]} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    const hint = region.element().querySelector('[data-part="exit-hint"]') as HTMLElement
    await expect.element(region.getByRole('button', { name: 'Cancel', exact: true })).toHaveAccessibleDescription(hint.textContent ?? '')
    expect(hint.textContent).toBe('Decline tells the server you will not share this. Cancel (×) closes this without an answer.')
    expect(hint.textContent).not.toMatch(/esc/i)
    await expectNoAxeViolations()
  })
})

describe('the header', () => {
  it.each([
    ['dialog', false],
    ['inline form', true],
  ])('of the %s names the server once, in the host’s title', async (_, inline) => {
    await render(<Harness inline={inline} items={[formRequest(schema, { serverName: 'Acme CRM', expiresAt: Date.now() + 600_000 })]} />)
    await expect.element(page.getByRole('heading', { name: 'Acme CRM asks for information' })).toBeVisible()
    const header = document.querySelector('[data-part="header"]') as HTMLElement
    expect(header.textContent?.split('Acme CRM').length).toBe(2)
    // The server's words stay captioned as someone else's.
    await expect.element(page.getByRole('figure', { name: 'The server wrote' })).toBeVisible()
    // The hint under the form names it no more either; only Send says where the answer goes.
    const hint = document.querySelector('[data-part="exit-hint"]') as HTMLElement
    expect(hint.textContent).not.toContain('Acme CRM')
  })

  it('in the dialog, words its hint after the corner × and mentions no key', async () => {
    await render(<Harness items={[formRequest(schema)]} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.element(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveAccessibleDescription(
      'Decline tells the server you will not share this. Cancel (×) closes this without an answer.',
    )
  })
})
