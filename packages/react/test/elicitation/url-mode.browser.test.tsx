// @module-tag security
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { expectNoAxeViolations, Harness, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

let n = 0
function urlRequest(url: string): ElicitationRequestData {
  n++
  return {
    elicitationId: `url-${n}`,
    message: 'Connect your calendar account.',
    requestedSchema: { type: 'object', properties: {} },
    mode: 'url',
    url,
    urlElicitationId: `srv-${n}`,
    serverName: 'Calendar',
    status: 'pending',
  }
}

function PushPage(props: { fetch: typeof globalThis.fetch; onPush: (push: (d: ElicitationRequestData) => void) => void }) {
  const el = useElicitation({ fetch: props.fetch, retries: 0 })
  props.onPush(el.push)
  return <ElicitationDialog elicitation={el} />
}

describe('URL mode', () => {
  it('shows host and full URL, opens only on click with noopener, sends consent, then waits for "I\'m done"', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Harness items={[urlRequest('https://auth.example.com/connect?state=abc')]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog', { name: 'Calendar asks you to continue on another site' })
    await expect.element(dialog).toHaveAttribute('data-mode', 'url')
    await expect.element(dialog.getByText('auth.example.com', { exact: true }).first()).toBeVisible()
    expect(document.querySelector('[data-part="url-host-mark"]')?.textContent).toBe('auth.example.com')
    expect(document.querySelector('[data-part="url-full"]')?.textContent).toBe('https://auth.example.com/connect?state=abc')
    // Never a link, never prefetched.
    expect(document.querySelector('[data-mcp-hitl-root] a, link[rel="prefetch"], link[rel="preconnect"]')).toBeNull()
    expect(open).not.toHaveBeenCalled()
    await expectNoAxeViolations()
    await dialog.getByRole('button', { name: 'Open auth.example.com' }).click()
    expect(open).toHaveBeenCalledWith('https://auth.example.com/connect?state=abc', '_blank', 'noopener,noreferrer')
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept' }])
    await expect.element(dialog).toHaveAttribute('data-status', 'waiting')
    await expect.element(dialog.getByText('Waiting for Calendar to confirm you finished on auth.example.com.')).toBeVisible()
    await expectNoAxeViolations()
    await dialog.getByRole('button', { name: "I'm done" }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    expect(rec.bodies).toHaveLength(1)
  })

  it('leaves by itself when the server reports completion', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    const req = urlRequest('https://auth.example.com/x')
    let push: (d: ElicitationRequestData) => void = () => {}
    await render(<PushPage fetch={rec.fetch} onPush={(p) => (push = p)} />)
    push(req)
    await page.getByRole('button', { name: 'Open auth.example.com' }).click()
    await expect.element(page.getByRole('dialog')).toHaveAttribute('data-status', 'waiting')
    push({ ...req, status: 'completed' })
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  })

  it.each([
    ['http://example.com/login', /does not use a secure connection/],
    ['javascript:alert(document.cookie)', /Only https addresses can be opened/],
    ['data:text/html,<script>alert(1)</script>', /Only https addresses can be opened/],
    ['http://localhost:5173/cb', /does not use a secure connection/],
  ])('refuses %s with an explanation and no Open button', async (url, reason) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Harness items={[urlRequest(url)]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText(reason)).toBeVisible()
    await expect.element(dialog.getByRole('button', { name: /^Open / })).not.toBeInTheDocument()
    await expectNoAxeViolations()
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'decline' }])
    expect(open).not.toHaveBeenCalled()
  })

  it('opens http://localhost only with allowLocalhost', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const rec = recordingFetch()
    await render(<Harness allowLocalhost items={[urlRequest('http://localhost:5173/cb')]} hook={{ fetch: rec.fetch }} />)
    await page.getByRole('button', { name: 'Open localhost:5173' }).click()
    expect(open).toHaveBeenCalledWith('http://localhost:5173/cb', '_blank', 'noopener,noreferrer')
  })

  it('warns on punycode, mixed scripts and user info', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[urlRequest('https://login@p\u0430ypal.com/')]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText(/punycode/)).toBeVisible()
    await expect.element(dialog.getByText(/mixes alphabets/)).toBeVisible()
    await expect.element(dialog.getByText(/user name before "@"/)).toBeVisible()
    expect(document.querySelector('[data-part="url-host"]')?.textContent).toMatch(/^xn--/)
    await expectNoAxeViolations()
  })
})
