import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport } from 'ai'
import { useMemo } from 'react'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'

afterEach(() => cleanup())

const base = inject('elicitationE2eUrl')

function Chat() {
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
      <ElicitationDialog elicitation={elicitation} />
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
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    const expected = { action: 'accept', content: { name: 'Ada', age: 36, plan: 'pro' } }
    await expect.element(page.getByText(`server got ${JSON.stringify(expected)}`)).toBeVisible()
    const received = await (await fetch(`${base}/api/received`)).json()
    expect(received.at(-1)).toEqual(expected)
  })
})
