/**
 * The server stops waiting while the person looks at its form (its own request timeout cancelled
 * the request, and the backend wrote the part again as `withdrawn`): the form gives way to a notice
 * saying so, in the host's words and in the polite status role (no alert, nothing in red), nothing
 * is sent, and the person closes it. An answer the server refuses as withdrawn (410) reads the same.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const contact: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

describe('a server that stops waiting', () => {
  it('replaces the open form with a notice that the server stopped waiting, sends nothing, and closes on Close', async () => {
    const rec = recordingFetch()
    const asked = formRequest(contact, { serverName: 'Acme CRM' })
    const { rerender } = await render(<Harness items={[asked]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await dialog.getByLabelText('Name', { exact: true }).fill('Ada')

    const withdrawn = { ...asked, status: 'withdrawn' as const, reason: 'The server cancelled its request before it was answered' }
    await rerender(<Harness items={[asked]} more={[withdrawn]} hook={{ fetch: rec.fetch }} />)
    const notice = dialog.getByRole('status').filter({ hasText: 'stopped waiting' })
    await expect.element(notice).toHaveTextContent('Acme CRM stopped waiting for an answer, so nothing you entered was sent.')
    expect(document.querySelector('[role="alert"]')).toBeNull()
    await expect.element(dialog.getByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
    await expect.element(dialog.getByRole('button', { name: /Send/ })).not.toBeInTheDocument()
    await expectNoAxeViolations()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies).toEqual([])
  })

  it('an answer refused with 410 withdrawn shows the same notice, never that it was sent', async () => {
    const rec = recordingFetch(() => Response.json({ error: 'The server stopped waiting for this answer', code: 'withdrawn' }, { status: 410 }))
    const asked = formRequest(contact, { serverName: 'Acme CRM' })
    await render(<Harness items={[asked]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await dialog.getByLabelText('Name', { exact: true }).fill('Ada')
    await dialog.getByRole('button', { name: 'Send to Acme CRM' }).click()
    await expect.element(dialog.getByRole('status').filter({ hasText: 'stopped waiting' })).toBeVisible()
    expect(rec.bodies).toHaveLength(1)
    expect(document.body.textContent).not.toMatch(/Sent|You shared/)
  })
})
