/**
 * URL mode at the dialog's level: its own wording (who asks, what opening the page means, where it
 * goes), "Open <site>" as the granting button, and after "I'm done" a pending row with Reopen and
 * Copy link until the server confirms: in the dialog's place, in the queue list, inline, and in the
 * transcript record (which a reload shows again). A step the server ended without confirming is
 * "not completed", not an error.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { ElicitationDialog, ElicitationInline, ElicitationRecord, useElicitation } from '../../src/elicitation'
import { expectNoAxeViolations, formRequest, moveIn, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

let n = 0
function urlRequest(extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  n++
  return {
    elicitationId: `url-consent-${n}`,
    message: 'Connect your calendar account.',
    requestedSchema: { type: 'object', properties: {} },
    mode: 'url',
    url: 'https://auth.example.com/connect?state=abc',
    urlElicitationId: `srv-consent-${n}`,
    serverName: 'Calendar',
    status: 'pending',
    ...extra,
  }
}

const contact: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

let push: (data: ElicitationRequestData) => void = () => {}
function Chat(props: { fetch: typeof fetch; inline?: boolean }) {
  const elicitation = useElicitation({ fetch: props.fetch, retries: 0 })
  push = elicitation.push
  const Root = props.inline ? ElicitationInline : ElicitationDialog
  return (
    <main>
      <input aria-label="Message" />
      <Root elicitation={elicitation} />
    </main>
  )
}

/** Consents to `request` in the dialog (Open <site>) and says "I'm done" before the server confirms. */
async function consentAndSetAside(request: ElicitationRequestData) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Open auth.example.com' }).click()
  await expect.element(dialog).toHaveAttribute('data-status', 'waiting')
  push({ ...request, status: 'accepted', response: { action: 'accept' } })
  await dialog.getByRole('button', { name: "I'm done" }).click()
}

describe('URL consent', () => {
  it('says who asks and what opening the page means, in its own words, and grants with "Open <site>"', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} />)
    push(urlRequest())
    const dialog = page.getByRole('dialog', { name: 'Calendar asks you to continue on another site' })
    await expect.element(dialog).toBeVisible()
    const text = dialog.element().textContent ?? ''
    // Not the form's wording.
    expect(text).not.toMatch(/asks for information|Only share what you are willing to give/)
    await expect.element(dialog.getByText(/opens in a new tab, on the site below/)).toBeVisible()
    await expect.element(dialog.getByText(/Opening it tells the server you agreed/)).toBeVisible()
    await expect.element(dialog.getByRole('button', { name: 'Decline' })).toHaveAccessibleDescription(/you will not go to this page/)
    expect(document.querySelector('[data-part="url-host-mark"]')?.textContent).toBe('auth.example.com')
    await expect.poll(() => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent).toBe(
      'Calendar asks you to continue on auth.example.com; press Tab to go to the request.',
    )
    const openButton = dialog.getByRole('button', { name: 'Open auth.example.com' })
    await expect.element(openButton).toHaveAttribute('data-variant', 'primary')
    await expectNoAxeViolations()
    await openButton.click()
    expect(open).toHaveBeenCalledWith('https://auth.example.com/connect?state=abc', '_blank', 'noopener,noreferrer')
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept' }])
  })

  it('after "I\'m done" before the server confirms: a pending row in the dialog’s place with Reopen and Copy link, gone once it confirms', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} />)
    const request = urlRequest()
    push(request)
    await consentAndSetAside(request)
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    const pending = page.getByRole('region', { name: 'Waiting for confirmation' })
    await expect.element(pending).toBeVisible()
    await expect.element(pending.getByText('Waiting for Calendar to confirm you finished on auth.example.com.')).toBeVisible()
    await expectNoAxeViolations()
    const reopen = pending.getByRole('button', { name: 'Reopen auth.example.com' })
    await reopen.click()
    expect(open).toHaveBeenLastCalledWith('https://auth.example.com/connect?state=abc', '_blank', 'noopener,noreferrer')
    expect(open).toHaveBeenCalledTimes(2)
    // Nothing more was said to the server: reopening is not a second consent.
    expect(rec.bodies).toHaveLength(1)
    push({ ...request, status: 'completed', response: { action: 'accept' } })
    await expect.element(pending).not.toBeInTheDocument()
  })

  it('Copy link says it copied only once the clipboard has the address', async () => {
    const rec = recordingFetch()
    vi.spyOn(window, 'open').mockReturnValue(null)
    await render(<Chat fetch={rec.fetch} />)
    const request = urlRequest()
    push(request)
    await consentAndSetAside(request)
    const pending = page.getByRole('region', { name: 'Waiting for confirmation' })
    // The page's own clipboard, as the browser gives it: this run may or may not grant writing.
    const wrote = await navigator.clipboard.writeText('probe').then(
      () => true,
      () => false,
    )
    await pending.getByRole('button', { name: 'Copy link' }).click()
    const status = pending.getByRole('status')
    if (wrote) {
      await expect.element(status).toHaveTextContent('Link copied.')
      // Pasted where the person would paste it (reading the clipboard from script is not granted here).
      await page.getByRole('textbox', { name: 'Message' }).click()
      await userEvent.keyboard('{Control>}v{/Control}')
      await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveValue('https://auth.example.com/connect?state=abc')
    } else {
      await expect.element(status).toHaveTextContent('The link could not be copied. Here it is: https://auth.example.com/connect?state=abc')
    }
  })

  it('Escape or the corner button while waiting sets the step aside too; it never disappears with nothing to reopen', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} />)
    const request = urlRequest()
    push(request)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Open auth.example.com' }).click()
    await expect.element(dialog).toHaveAttribute('data-status', 'waiting')
    await moveIn()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(page.getByRole('region', { name: 'Waiting for confirmation' }).getByRole('button', { name: 'Reopen auth.example.com' })).toBeVisible()
  })

  it('with another request shown, the set-aside step is a row of the queue list', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} />)
    const request = urlRequest()
    push(request)
    push(formRequest(contact, { serverName: 'Acme CRM', message: 'Your name?' }))
    await consentAndSetAside(request)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.element(dialog).toBeVisible()
    await dialog.getByRole('button', { name: '2 requests waiting' }).click()
    const list = dialog.getByRole('list', { name: 'Waiting requests' })
    await expect.element(list.getByText('Waiting for Calendar to confirm you finished on auth.example.com.')).toBeVisible()
    await expect.element(list.getByRole('button', { name: 'Reopen auth.example.com' })).toBeVisible()
    await expect.element(list.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expectNoAxeViolations()
  })

  it('inline: the form collapses into the pending row', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Chat fetch={rec.fetch} inline />)
    const request = urlRequest()
    push(request)
    const region = page.getByRole('region', { name: 'Calendar asks you to continue on another site' })
    await region.getByRole('button', { name: 'Open auth.example.com' }).click()
    push({ ...request, status: 'accepted', response: { action: 'accept' } })
    await region.getByRole('button', { name: "I'm done" }).click()
    await expect.element(region).not.toBeInTheDocument()
    const pending = page.getByRole('region', { name: 'Waiting for confirmation' })
    await expect.element(pending.getByRole('button', { name: 'Reopen auth.example.com' })).toBeVisible()
    push({ ...request, status: 'failed', response: { action: 'accept' }, reason: 'The request that asked for this step ended' })
    await expect.element(pending).not.toBeInTheDocument()
  })
})

describe('the transcript record of a URL step', () => {
  it('consented and not yet confirmed (as a reload shows it): pending, with Reopen and Copy link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await render(
      <main>
        <ElicitationRecord data={urlRequest({ status: 'accepted', response: { action: 'accept' } })} />
      </main>,
    )
    const record = page.getByText('Waiting for Calendar to confirm you finished on auth.example.com.')
    await expect.element(record).toBeVisible()
    await page.getByRole('button', { name: 'Reopen auth.example.com' }).click()
    expect(open).toHaveBeenCalledWith('https://auth.example.com/connect?state=abc', '_blank', 'noopener,noreferrer')
    await expect.element(page.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expectNoAxeViolations()
  })

  it('ended by the server without confirmation (Deny on the consent page): "not completed", neutral, not an error', async () => {
    await render(
      <main>
        <ElicitationRecord
          data={urlRequest({ status: 'failed', response: { action: 'accept' }, reason: 'consent was denied on the consent page' })}
        />
      </main>,
    )
    const outcome = page.getByText(/^Not completed\. You agreed to open the page; Calendar did not confirm/)
    await expect.element(outcome).toBeVisible()
    expect(document.body.textContent).not.toMatch(/could not be shown/)
    const record = document.querySelector<HTMLElement>('[data-part="record"]')!
    expect(record.dataset.outcome).toBe('not-completed')
    const danger = getComputedStyle(document.documentElement).getPropertyValue('--mcp-hitl-danger').trim()
    const probe = document.createElement('span')
    probe.style.color = danger
    document.body.append(probe)
    const dangerRgb = getComputedStyle(probe).color
    probe.remove()
    expect(getComputedStyle(record).borderInlineStartColor).not.toBe(dangerRgb)
    expect(page.getByRole('button', { name: /Reopen/ }).elements()).toEqual([])
    await expectNoAxeViolations()
  })
})
