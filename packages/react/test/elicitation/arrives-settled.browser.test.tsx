/**
 * What a page with the dialog or the inline form but no transcript record shows of requests it
 * never saw pending: one the backend declined for the person (no form could satisfy it), or that
 * failed, was withdrawn or expired before it reached the page, is told once as a neutral notice with
 * why, and a reload that replays it after it was closed does not show it again (the ids are kept in
 * this tab's sessionStorage); a URL step consented to before a reload waits as a pending row with
 * Reopen and Copy link until its server confirms. Real Chromium, real sessionStorage.
 */
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { ElicitationDialog, ElicitationInline, useElicitation } from '../../src/elicitation'
import { expectNoAxeViolations, formRequest, moveIn, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const announcer = () => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent ?? ''

const REASON = 'No form can satisfy this request: Property "seats" has minimum 1 greater than maximum 0.'

/** The part a backend writes for a request no form can satisfy: never pending, declined for the person. */
function declinedForYou(extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  return formRequest(
    { type: 'object', properties: {} },
    { message: 'How many seats?', serverName: 'Box office', status: 'failed', response: { action: 'decline' }, reason: REASON, ...extra },
  )
}

function consentedUrl(extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  return formRequest(
    { type: 'object', properties: {} },
    {
      mode: 'url',
      message: 'Connect your calendar account.',
      url: 'https://auth.example.com/connect?state=abc',
      urlElicitationId: 'srv-cal',
      serverName: 'Calendar',
      status: 'accepted',
      response: { action: 'accept' },
      ...extra,
    },
  )
}

let push: (data: ElicitationRequestData) => void = () => {}
function Chat(props: { fetch: typeof fetch; inline?: boolean; activationDelayMs?: number }) {
  const elicitation = useElicitation({ fetch: props.fetch, retries: 0 })
  push = elicitation.push
  const Root = props.inline ? ElicitationInline : ElicitationDialog
  return (
    <main>
      <input aria-label="Message" />
      <Root elicitation={elicitation} activationDelayMs={props.activationDelayMs ?? 0} />
    </main>
  )
}

describe('a request that reaches the page already ended', () => {
  it('declined for the person: a neutral notice says so and why, announced once, takes no focus, sends nothing, and Close closes it', async () => {
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} />)
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.click()
    push(declinedForYou())
    const dialog = page.getByRole('dialog', { name: 'Box office asks for information' })
    const notice = dialog.getByRole('status').filter({ hasText: 'declined for you' })
    await expect.element(notice).toHaveTextContent('A request from Box office could not be shown, so it was declined for you. Nothing was shared.')
    await expect.element(dialog.getByText(`Reason: ${REASON}`)).toBeVisible()
    // The server's own words stay quoted under its name; nothing here asks or grants.
    await expect.element(dialog.getByText('How many seats?')).toBeVisible()
    expect(document.querySelector('[role="alert"]')).toBeNull()
    await expect.element(dialog.getByRole('button', { name: /Send|Decline/ })).not.toBeInTheDocument()
    await expect.poll(announcer).toBe(
      'A request from Box office could not be shown, so it was declined for you. Nothing was shared. Press Tab to go to it.',
    )
    expect(document.activeElement).toBe(composer.element())
    await expectNoAxeViolations()
    await moveIn()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies).toEqual([])
  })

  it('withdrawn or expired before the page saw it: says which, with the reason; inline the same', async () => {
    await render(<Chat fetch={recordingFetch().fetch} inline />)
    push(formRequest({ type: 'object', properties: {} }, { serverName: 'Acme CRM', status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' }))
    push(formRequest({ type: 'object', properties: {} }, { serverName: 'Acme CRM', status: 'withdrawn', response: { action: 'cancel' }, reason: 'The server cancelled its request before it was answered' }))
    const section = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(section.getByRole('status').filter({ hasText: 'expired' })).toHaveTextContent(
      'A request from Acme CRM expired before you could answer. Nothing was shared.',
    )
    await expect.element(section.getByText('Reason: No answer within 600 s')).toBeVisible()
    await section.getByRole('button', { name: 'Close' }).click()
    await expect.element(section.getByRole('status').filter({ hasText: 'stopped waiting' })).toHaveTextContent(
      'Acme CRM stopped waiting before you could answer. Nothing was shared.',
    )
    await section.getByRole('button', { name: 'Close' }).click()
    await expect.element(section).not.toBeInTheDocument()
  })

  it('a reload that replays it after it was closed does not show it again; one left open shows again', async () => {
    const closed = declinedForYou({ message: 'First question' })
    const leftOpen = declinedForYou({ message: 'Second question' })
    const { rerender } = await render(<Chat key="before" fetch={recordingFetch().fetch} />)
    push(closed)
    push(leftOpen)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText('First question')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(dialog.getByText('Second question')).toBeVisible()

    // The reloaded page: a new hook (a new key remounts it), the same tab's sessionStorage, the replayed parts.
    await rerender(<Chat key="after" fetch={recordingFetch().fetch} />)
    expect(document.body.textContent).not.toContain('Second question')
    push(closed)
    push(leftOpen)
    await expect.element(page.getByRole('dialog').getByText('Second question')).toBeVisible()
    expect(document.body.textContent).not.toContain('First question')
    expect(sessionStorage.getItem('mcp-hitl:finished')).toContain(closed.elicitationId)
    expect(sessionStorage.getItem('mcp-hitl:finished') ?? '').not.toContain(leftOpen.elicitationId)
  })

  it('a request that settles while shown keeps leaving without a notice, and does not come back as one after a reload', async () => {
    const asked = formRequest({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, { serverName: 'Acme CRM' })
    const { rerender } = await render(<Chat key="before" fetch={recordingFetch().fetch} />)
    push(asked)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toBeVisible()
    const expired = { ...asked, status: 'expired' as const, response: { action: 'cancel' as const }, reason: 'No answer within 600 s' }
    push(expired)
    await expect.element(dialog).not.toBeInTheDocument()
    await rerender(<Chat key="after" fetch={recordingFetch().fetch} />)
    push(expired)
    // Nothing to show: a later request is what appears next.
    push(formRequest({ type: 'object', properties: {} }, { serverName: 'Later server', message: 'Later' }))
    await expect.element(page.getByRole('dialog', { name: 'Later server asks for information' })).toBeVisible()
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
  })
})

describe('a consented URL step that reaches the page as accepted (after a reload)', () => {
  it('shows its pending row (Reopen after the real activation delay, Copy link), never the question, until the server confirms', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} activationDelayMs={750} />)
    const step = consentedUrl()
    push(step)
    const row = page.getByRole('region', { name: 'Waiting for confirmation' })
    await expect.element(row.getByText('Waiting for Calendar to confirm you finished on auth.example.com.')).toBeVisible()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    const reopen = row.getByRole('button', { name: 'Reopen auth.example.com' })
    await expect.element(reopen).toHaveAttribute('data-armed', 'false')
    await expect.element(reopen).toHaveAttribute('data-armed', 'true')
    await reopen.click()
    expect(open).toHaveBeenCalledExactlyOnceWith('https://auth.example.com/connect?state=abc', '_blank', 'noopener,noreferrer')
    await expect.element(row.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expectNoAxeViolations()
    push({ ...step, status: 'completed' })
    await expect.element(row).not.toBeInTheDocument()
    // Consent was given before: nothing is answered for it.
    expect(rec.bodies).toEqual([])
  })

  it('inline: the row shows until the server ends the step without confirming, and nothing says it failed', async () => {
    await render(<Chat fetch={recordingFetch().fetch} inline />)
    const step = consentedUrl()
    push(step)
    const row = page.getByRole('region', { name: 'Waiting for confirmation' })
    await expect.element(row.getByRole('button', { name: 'Reopen auth.example.com' })).toBeVisible()
    push({ ...step, status: 'failed', reason: 'The request that asked for this step ended before the server confirmed it was completed' })
    await expect.element(row).not.toBeInTheDocument()
    expect(document.querySelector('[data-mcp-hitl-root]')).toBeNull()
  })

  it('while a form is shown, the arriving row is not announced as a new request and waits in the queue list', async () => {
    await render(<Chat fetch={recordingFetch().fetch} />)
    push(formRequest({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, { serverName: 'Acme CRM', message: 'Who are you?' }))
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.poll(announcer).toMatch(/^Acme CRM asks for information/)
    push(consentedUrl())
    await dialog.getByRole('button', { name: '2 requests waiting' }).click()
    await expect.element(dialog.getByRole('list', { name: 'Waiting requests' }).getByRole('button', { name: 'Reopen auth.example.com' })).toBeVisible()
    expect(announcer()).not.toMatch(/New request/)
    await expect.element(dialog.getByLabelText('Name', { exact: true })).toBeVisible()
  })
})
