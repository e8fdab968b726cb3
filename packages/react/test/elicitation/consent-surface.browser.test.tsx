// @module-tag security
/**
 * The dialog as a consent surface, attacked the way a page full of other things would: Escape
 * pressed in the composer, Tab pressed at the dialog's last control, a click on the page behind it,
 * Enter in a field before the person could have read anything. None of it answers the server, none
 * of it takes the person's keyboard or pointer.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { formRequest, Harness, moveIn, recordingFetch } from './harness'

afterEach(() => cleanup())

const contact: RequestedSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' } },
  required: ['name'],
}

/** A chat page around the dialog: a composer that handles its own Escape, and a button after the dialog's slot. */
function Page(props: { fetch: typeof fetch; activationDelayMs?: number }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null)
  const [escapes, setEscapes] = useState(0)
  return (
    <main>
      <textarea
        aria-label="Message"
        onKeyDown={(event) => {
          // The composer's own Escape (closing a mention list, say): it must see it, not prevented.
          if (event.key === 'Escape' && !event.defaultPrevented) setEscapes((n) => n + 1)
        }}
      />
      <output aria-label="Composer escapes">{escapes}</output>
      <div ref={setSlot} />
      <button type="button">After the dialog</button>
      {slot && (
        <Harness items={[formRequest(contact)]} hook={{ fetch: props.fetch }} container={slot} activationDelayMs={props.activationDelayMs} />
      )}
    </main>
  )
}

describe('the elicitation dialog as a consent surface', () => {
  it('Escape in the composer is the composer’s: the dialog stays, nothing is sent', async () => {
    const rec = recordingFetch()
    await render(<Page fetch={rec.fetch} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.element(dialog).toBeVisible()
    await page.getByRole('textbox', { name: 'Message' }).click()
    await userEvent.keyboard('hi{Escape}')
    await expect.element(page.getByRole('status', { name: 'Composer escapes' })).toHaveTextContent('1')
    await expect.element(dialog).toBeVisible()
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus()
    expect(rec.bodies).toEqual([])
    // Escape inside is the safe choice.
    await moveIn()
    await userEvent.keyboard('{Escape}')
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
    await expect.element(page.getByRole('status', { name: 'Composer escapes' })).toHaveTextContent('1')
  })

  it('does not trap Tab: from its last control, Tab goes on to the page', async () => {
    const rec = recordingFetch()
    await render(<Page fetch={rec.fetch} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await moveIn()
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveFocus()
    const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
    await userEvent.tab()
    await userEvent.tab()
    await expect.element(send).toHaveFocus()
    await userEvent.tab()
    await expect.element(page.getByRole('button', { name: 'After the dialog' })).toHaveFocus()
    // And back in with Shift+Tab.
    await userEvent.tab({ shift: true })
    await expect.element(send).toHaveFocus()
    expect(rec.bodies).toEqual([])
  })

  it('a click on the page behind it lands on the page (no blocking overlay) and changes nothing in it', async () => {
    const rec = recordingFetch()
    await render(<Page fetch={rec.fetch} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await page.getByRole('textbox', { name: 'Message' }).click()
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus()
    await expect.element(dialog).toBeVisible()
    expect(rec.bodies).toEqual([])
  })

  it('Enter in a field is a click on Send, which ignores it until its delay has passed', async () => {
    const rec = recordingFetch()
    // A delay longer than the test: the guard is still on when Enter comes, however slow the machine.
    await render(<Page fetch={rec.fetch} activationDelayMs={60_000} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await moveIn()
    await userEvent.keyboard('Ada{Enter}')
    const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
    await expect.element(send).toHaveAttribute('data-armed', 'false')
    await expect.element(send).toHaveAttribute('aria-disabled', 'true')
    await send.click({ force: true })
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toHaveValue('Ada')
    expect(rec.bodies).toEqual([])
  })
})
