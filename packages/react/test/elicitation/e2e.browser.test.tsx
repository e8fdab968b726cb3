import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport } from 'ai'
import { useMemo } from 'react'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'

afterEach(() => cleanup())

const base = inject('elicitationE2eUrl')

function Chat({ uiSchema }: { uiSchema?: Record<string, unknown> }) {
  const transport = useMemo(() => new DefaultChatTransport({ api: `${base}/api/chat` }), [])
  const { messages, sendMessage } = useChat({ transport })
  const elicitation = useElicitation({ messages, endpoint: `${base}/api/respond` })
  return (
    <main>
      <button type="button" onClick={() => void sendMessage({ text: 'register me' })}>
        Send
      </button>
      <ul aria-label="Transcript">
        {messages.map((m) => (
          <li key={m.id}>{m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}</li>
        ))}
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
})
