/**
 * `useElicitation({ events })` in real Chromium against the kit's events handler and a real broker
 * (packages/core/test/browser/live-channel.global-setup.ts): a request raised outside the chat stream
 * appears, one answered in another tab leaves before anyone types, and a part that also came through
 * the chat stream is shown once.
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import type {} from '../../../core/test/browser/live-channel.global-setup'
import { ElicitationDialog, useElicitation, type UseElicitationOptions } from '../../src/elicitation'

const base = inject('liveChannelUrl')
let counter = 0
afterEach(() => cleanup())

const session = () => `react-live-${Date.now()}-${++counter}`
const post = (path: string, sessionId: string, body: unknown = {}) =>
  fetch(`${base}${path}?session=${sessionId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const raise = async (sessionId: string, message: string) => ((await (await post('/raise', sessionId, { message })).json()) as { id: string }).id

function Page({ sessionId, messages }: { sessionId: string; messages?: UseElicitationOptions['messages'] }) {
  const elicitation = useElicitation({ events: `${base}/events?session=${sessionId}`, endpoint: `${base}/respond?session=${sessionId}`, messages })
  return (
    <>
      <p data-testid="count">{elicitation.items.length}</p>
      <ElicitationDialog elicitation={elicitation} />
    </>
  )
}

describe('useElicitation({ events })', () => {
  it('shows a request raised outside any chat stream, and closes it once another tab answered it', async () => {
    const s = session()
    await render(<Page sessionId={s} />)
    const id = await raise(s, 'Raised by an app button')
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText('Raised by an app button')).toBeVisible()
    // "Another tab" answers through the respond route.
    expect((await post('/respond', s, { id, action: 'decline' })).status).toBe(200)
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(page.getByTestId('count')).toHaveTextContent('0')
  })

  it('shows an elicitation that came through both the chat stream and the live channel once', async () => {
    const s = session()
    const id = await raise(s, 'Both ways')
    const part = {
      type: 'data-elicitation-request',
      id,
      data: { elicitationId: id, message: 'Both ways', requestedSchema: { type: 'object', properties: {} }, mode: 'form', status: 'pending' },
    }
    await render(<Page sessionId={s} messages={[{ id: 'm1', parts: [part] }]} />)
    await expect.element(page.getByRole('dialog').getByText('Both ways')).toBeVisible()
    // The events route also sends it (pending first on connect): still one item.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect.element(page.getByTestId('count')).toHaveTextContent('1')
    await post('/respond', s, { id, action: 'cancel' })
    await expect.element(page.getByTestId('count')).toHaveTextContent('0')
  })
})
