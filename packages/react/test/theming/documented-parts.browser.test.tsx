/**
 * Every `data-part` that docs/theming.md documents for the dialog, the inline form and the record
 * still appears when those components render (in the states the doc names), so a theme written
 * against the doc keeps selecting something.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import doc from '../../../../docs/theming.md?raw'
import '../../src/styles.css'
import { ElicitationRecord } from '../../src/elicitation'
import { formRequest, Harness, recordingFetch } from '../elicitation/harness'

const seen = new Set<string>()
const collect = () => {
  for (const element of document.querySelectorAll('[data-part]')) seen.add(element.getAttribute('data-part')!)
}

const COUNTRIES = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'Denmark', 'Egypt', 'Finland', 'France', 'Germany']
const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'As on your passport', maxLength: 40 },
    code: { type: 'string', title: 'Code', maxLength: 8 },
    visited: { type: 'array', title: 'Countries visited', items: { type: 'string', enum: COUNTRIES } },
    terms: { type: 'boolean', title: 'I accept the terms' },
  },
  required: ['name'],
}
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

afterEach(() => {
  collect()
  cleanup()
})

describe('the documented parts render', () => {
  it('the dialog: header, origin, queue, fields, choices, errors, discard question', async () => {
    const first = formRequest(schema, {
      expiresAt: Date.now() + 600_000,
      serverIcon: PNG,
      serverClaimedName: 'Acme',
      raisedBy: {
        toolName: 'sign_in',
        app: { resourceUri: 'ui://acme/app', title: 'Acme app' },
        arguments: [
          { name: 'note', value: 'hello' },
          { name: 'password', hidden: true },
        ],
        moreArguments: 2,
      },
    } as Partial<ElicitationRequestData>)
    await render(<Harness items={[first, formRequest(schema)]} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: /waiting|requests?/i }).first())
    await dialog.getByRole('searchbox').fill('zz')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog.getByRole('link').first()).toBeVisible()
    collect()
    await dialog.getByLabelText('Code').fill('x')
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog.getByRole('button', { name: /discard|leave/i }).first()).toBeVisible()
  })

  it('the inline form: the server’s badge and a send error', async () => {
    const failing = recordingFetch(() => new Response('no', { status: 500 }))
    await render(<Harness items={[formRequest({ type: 'object', properties: { city: { type: 'string', title: 'City' } } })]} hook={{ fetch: failing.fetch }} inline />)
    await page.getByLabelText('City').fill('Paris')
    await page.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => document.querySelector('[data-part="send-error"]')).not.toBeNull()
  })

  it('the dialog: the notice once expired', async () => {
    await render(<Harness items={[formRequest({ type: 'object', properties: { city: { type: 'string', title: 'City' } } }, { expiresAt: Date.now() + 1500 })]} />)
    await expect.element(page.getByText(/This request has expired/)).toBeVisible()
  })

  it('URL mode: the link, its warnings, a refused link', async () => {
    await render(
      <>
        <Harness items={[formRequest({ type: 'object', properties: {} }, { mode: 'url', url: 'https://xn--80ak6aa92e.com/sign-in', message: 'Sign in' } as Partial<ElicitationRequestData>)]} />
        <Harness items={[formRequest({ type: 'object', properties: {} }, { mode: 'url', url: 'http://user:pw@example.com/', message: 'Sign in' } as Partial<ElicitationRequestData>)]} inline />
      </>,
    )
    await expect.element(page.getByRole('dialog')).toBeVisible()
    await expect.poll(() => document.querySelector('[data-part="url-refused"]')).not.toBeNull()
  })

  it('the record: sent fields, hidden values, the reason of a refusal', async () => {
    const base = formRequest({ type: 'object', properties: { user: { type: 'string', title: 'User' }, password: { type: 'string', title: 'Password' } } })
    await render(
      <>
        <ElicitationRecord data={{ ...base, status: 'accepted', response: { action: 'accept', content: { user: 'ada', password: 'secret' } } } as ElicitationRequestData} />
        <ElicitationRecord data={{ ...base, elicitationId: `${base.elicitationId}-d`, status: 'declined', reason: 'Not now' } as ElicitationRequestData} />
      </>,
    )
    await expect.poll(() => document.querySelector('[data-part="record-fields"]')).not.toBeNull()
  })

  it('covers every part of the doc’s table', () => {
    const start = doc.indexOf('### Parts of the dialog, the inline form and the record')
    const table = doc.slice(start, doc.indexOf('\n## ', start))
    const documented = table
      .split('\n')
      .filter((line) => line.startsWith('| `') && !line.startsWith('| `data-part`'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!))
    expect(documented.length).toBeGreaterThan(60)
    expect(documented.filter((part) => !seen.has(part) && !ELSEWHERE.has(part))).toEqual([])
  })
})

/** Parts of states this file does not drive; each is asserted by the test file named. */
const ELSEWHERE = new Map([
  ['notice-reason', 'test/elicitation/cannot-render.browser.test.tsx'],
  ['url-step-buttons', 'test/elicitation/url-consent.browser.test.tsx'],
  ['copy-status', 'test/elicitation/url-consent.browser.test.tsx'],
  ['copy-fallback', 'test/elicitation/url-consent.browser.test.tsx'],
  ['url-pending', 'test/elicitation/url-mode.browser.test.tsx'],
  ['url-pending-list', 'test/elicitation/url-mode.browser.test.tsx'],
  ['url-pending-text', 'test/elicitation/url-mode.browser.test.tsx'],
])
