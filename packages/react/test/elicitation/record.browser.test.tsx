/**
 * ElicitationRecord in real Chromium, with the default stylesheet: one record per status, each
 * axe-clean, sensitive values never on the page (even when a server did not redact them), option
 * titles instead of raw values, and the reason of a refusal.
 */
import '../../src/styles.css'
import type { ElicitationRequestData, ElicitationStatus, RequestedSchema } from '@mcp-hitl/core'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationRecord } from '../../src/elicitation'
import { expectNoAxeViolations } from './harness'

afterEach(() => cleanup())

/** Where a record lives: an item of the conversation in the page's main landmark. */
function Transcript({ children }: { children: ReactNode }) {
  return (
    <main>
      <ol aria-label="Conversation">
        <li>{children}</li>
      </ol>
    </main>
  )
}

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username' },
    plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'pro', title: 'Pro ($10 a month)' }, { const: 'free', title: 'Free' }] },
    interests: { type: 'array', title: 'Interests', items: { anyOf: [{ const: 'ai', title: 'AI' }, { const: 'web', title: 'Web' }] } },
    newsletter: { type: 'boolean', title: 'Newsletter' },
    password: { type: 'string', title: 'Password' },
    apiKey: { type: 'string', title: 'API key' },
  },
}

const base = (status: ElicitationStatus, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData => ({
  elicitationId: `rec-${status}`,
  message: 'Create your account',
  requestedSchema: schema,
  mode: 'form',
  serverName: 'Acme',
  status,
  ...extra,
})

const CASES: [string, ElicitationRequestData, RegExp][] = [
  ['pending', base('pending'), /Waiting for your answer/],
  ['declined', base('declined', { response: { action: 'decline' } }), /You declined\. Nothing was shared\./],
  ['cancelled', base('cancelled', { response: { action: 'cancel' }, reason: 'The MCP request was cancelled' }), /Cancelled\./],
  ['expired', base('expired', { response: { action: 'cancel' }, reason: 'No answer within 600 s' }), /Expired without an answer/],
  [
    'withdrawn',
    base('withdrawn', { response: { action: 'cancel' }, reason: 'The server cancelled its request before it was answered' }),
    /The server stopped waiting before you answered\. Nothing was shared\./,
  ],
  ['failed', base('failed', { response: { action: 'decline' }, reason: 'The schema has a nested object' }), /could not be shown, so it was declined for you\. Nothing was shared\./],
  [
    'url step not completed',
    base('failed', { mode: 'url', url: 'https://auth.example.com', response: { action: 'accept' }, reason: 'The request ended' }),
    /^Not completed\. You agreed to open the page; Acme did not confirm that you finished there\./,
  ],
  ['url accepted', base('accepted', { mode: 'url', url: 'https://auth.example.com', response: { action: 'accept' } }), /agreed to continue/],
  ['url completed', base('completed', { mode: 'url', url: 'https://auth.example.com', response: { action: 'accept' } }), /finished on the other page/],
]

describe('ElicitationRecord', () => {
  it('lists what was shared by field title, with option titles, yes/no, and sensitive values hidden even if unredacted', async () => {
    const data = base('accepted', {
      response: {
        action: 'accept',
        // The server redacted the password but not the API key: the page hides both.
        content: { username: 'ada', plan: 'pro', interests: ['ai', 'web'], newsletter: false, password: '[redacted]', apiKey: 'sk-live-1', extra: 'x' },
      },
    })
    await render(
      <Transcript>
        <ElicitationRecord data={data} />
      </Transcript>,
    )
    const record = page.getByText('You shared:')
    await expect.element(record).toBeVisible()
    const text = document.body.textContent ?? ''
    expect(text).toContain('Acme asked')
    expect(text).toContain('Create your account')
    for (const shown of ['Usernameada', 'PlanPro ($10 a month)', 'InterestsAI, Web', 'NewsletterNo', 'Passwordhidden', 'API keyhidden']) {
      expect(text).toContain(shown)
    }
    expect(text).not.toContain('sk-live-1')
    expect(text).not.toContain('extra')
    await expectNoAxeViolations()
  })

  it.each(CASES)('%s: says what became of it, with the reason when there is one, axe-clean', async (_name, data, outcome) => {
    await render(
      <Transcript>
        <ElicitationRecord data={data} />
      </Transcript>,
    )
    await expect.element(page.getByText(outcome)).toBeVisible()
    expect(document.querySelector('[data-part="record"]')?.getAttribute('data-status')).toBe(data.status)
    if (data.reason && data.status !== 'accepted' && data.status !== 'completed') {
      await expect.element(page.getByText(`Reason: ${data.reason}`)).toBeVisible()
    }
    expect(document.querySelector('[data-part="record-fields"]')).toBeNull()
    await expectNoAxeViolations()
  })

  it('shows fields the wire carried under stand-in keys under their own names', async () => {
    const data = base('accepted', {
      requestedSchema: { type: 'object', properties: { 'mcp-hitl-name-0': { type: 'string' }, plan: { type: 'string', title: 'Plan' } } },
      response: { action: 'accept', content: { 'mcp-hitl-name-0': 'kept', plan: 'free' } },
      encodedNames: { 'mcp-hitl-name-0': '__proto__' },
    })
    await render(
      <Transcript>
        <ElicitationRecord data={data} />
      </Transcript>,
    )
    await expect.element(page.getByText('You shared:')).toBeVisible()
    // A field without a title is named by its name: the real one, not the stand-in.
    expect(document.body.textContent).toContain('__proto__kept')
    expect(document.body.textContent).not.toContain('mcp-hitl-name-0')
  })

  it('takes its words from labels, forwards its ref and props', async () => {
    let node: HTMLDivElement | null = null
    await render(
      <ElicitationRecord
        ref={(element) => {
          node = element
        }}
        className="mine"
        data={base('declined')}
        labels={{ recordAsked: (server) => `${server} a demandé`, recordOutcome: () => 'Refusé.' }}
      />,
    )
    await expect.element(page.getByText('Refusé.')).toBeVisible()
    expect(document.body.textContent).toContain('Acme a demandé')
    expect((node as HTMLDivElement | null)?.className).toBe('mine')
  })
})
