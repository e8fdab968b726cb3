import { useChat } from '@ai-sdk/react'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { DefaultChatTransport } from 'ai'
import { useMemo } from 'react'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { EVERY_NAME_ANSWER, EVERY_NAME_FIELDS, PROPERTY_NAMES, sortedNames } from '../../../core/test/fixtures/property-names'
import { ElicitationDialog, ElicitationRecord, useElicitation } from '../../src/elicitation'

afterEach(() => cleanup())

const base = inject('elicitationE2eUrl')

function Chat({ uiSchema, prompt = 'register me' }: { uiSchema?: Record<string, unknown>; prompt?: string }) {
  const transport = useMemo(() => new DefaultChatTransport({ api: `${base}/api/chat` }), [])
  const { messages, sendMessage } = useChat({ transport })
  const elicitation = useElicitation({ messages, endpoint: `${base}/api/respond` })
  return (
    <main>
      <button type="button" onClick={() => void sendMessage({ text: prompt })}>
        Send
      </button>
      <ul aria-label="Transcript">
        {messages.map((m) => (
          <li key={m.id}>{m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}</li>
        ))}
      </ul>
      <ul aria-label="Records">
        {messages.flatMap((m) =>
          m.parts.map((p) => {
            if (p.type !== 'data-elicitation-request') return null
            const data = (p as { data: ElicitationRequestData }).data
            // The part id is the elicitation id: one record per request, rewritten in place.
            return (
              <li key={data.elicitationId}>
                <ElicitationRecord data={data} />
              </li>
            )
          }),
        )}
      </ul>
      <ElicitationDialog elicitation={elicitation} uiSchema={uiSchema} />
    </main>
  )
}

describe('end to end', () => {
  it('MCP SDK server -> broker -> useChat stream -> dialog -> respond handler -> the server receives the content', async () => {
    await render(<Chat />)
    await page.getByRole('button', { name: 'Send' }).click()
    const dialog = page.getByRole('dialog', { name: /Registration Server asks for information/ })
    await expect.element(dialog).toBeVisible()
    await expect.element(dialog).toHaveAccessibleDescription('Please register.')
    await dialog.getByLabelText('Name').fill('Ada')
    await dialog.getByLabelText('Age').fill('36')
    await dialog.getByRole('radio', { name: 'Pro' }).click()
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    const expected = { action: 'accept', content: { name: 'Ada', age: 36, plan: 'pro' } }
    await expect.element(page.getByText(`server got ${JSON.stringify(expected)}`)).toBeVisible()
    const received = await (await fetch(`${base}/api/received`)).json()
    expect(received.at(-1)).toEqual(expected)
  })

  it('a form the page cannot render: the server receives decline, the user a notice, and the chat goes on', async () => {
    // A widget RJSF does not have throws while rendering, as a password widget on a number did.
    await render(<Chat uiSchema={{ name: { 'ui:widget': 'no-such-widget' } }} />)
    await page.getByRole('button', { name: 'Send' }).click()
    const dialog = page.getByRole('dialog', { name: /Registration Server asks for information/ })
    await expect.element(dialog.getByText('This form could not be shown, so it was declined for you.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.element(page.getByText(`server got ${JSON.stringify({ action: 'decline' })}`)).toBeVisible()
    const received = await (await fetch(`${base}/api/received`)).json()
    expect(received.at(-1)).toEqual({ action: 'decline' })
  })

  it('a field of every legal name (__proto__ too) reaches the dialog through useChat, is filled, and the server gets each under its own name', async () => {
    await render(<Chat prompt="every name" />)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: /asks for information/ })
    await expect.element(dialog).toBeVisible()
    for (const [i] of PROPERTY_NAMES.entries()) await dialog.getByLabelText(new RegExp(`^Field ${i}\\b`)).fill(`v${i}`)
    await dialog.getByRole('checkbox', { name: '__proto__' }).click()
    await dialog.getByRole('checkbox', { name: 'constructor' }).click()
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    const received = (await (await fetch(`${base}/api/received`)).json()) as { action: string; content: Record<string, unknown> }[]
    const last = received.at(-1)
    expect(last).toEqual({ action: 'accept', content: EVERY_NAME_ANSWER })
    expect(sortedNames(Object.getOwnPropertyNames(last?.content ?? {}))).toEqual(EVERY_NAME_FIELDS)
    // The record of the accepted request lists what was shared, field by field.
    const records = page.getByRole('list', { name: 'Records' })
    await expect.element(records.getByText('You shared:')).toBeVisible()
    await expect.element(records.getByText('Field 0', { exact: true })).toBeVisible()
  })

  it('a request no form can satisfy: the server receives decline, the chat\'s record and the dialog (once) say it was declined for the person and why', async () => {
    await render(<Chat prompt="impossible" />)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const records = page.getByRole('list', { name: 'Records' })
    await expect.element(records.getByText('This request could not be shown, so it was declined for you. Nothing was shared.')).toBeVisible()
    await expect.element(records.getByText(/^Reason: No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1/)).toBeVisible()
    await expect.element(page.getByText(`server got ${JSON.stringify({ action: 'decline' })}`)).toBeVisible()
    // A page without records would otherwise never tell: the dialog does, once, and asks nothing.
    const dialog = page.getByRole('dialog', { name: /asks for information/ })
    await expect.element(dialog.getByRole('status').filter({ hasText: 'declined for you' })).toBeVisible()
    await expect.element(dialog.getByText(/^Reason: No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1/)).toBeVisible()
    await expect.element(dialog.getByRole('button', { name: /^Send/ })).not.toBeInTheDocument()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(dialog).not.toBeInTheDocument()
  })
})
