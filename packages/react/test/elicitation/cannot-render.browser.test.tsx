/**
 * The kit never takes the host page down: a form it cannot render is declined with a reason (the
 * server gets `decline`, the user a notice, the item leaves the queue), and a part that throws stays
 * inside the kit's view.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, ElicitationInline, useElicitation, useElicitationView } from '../../src/elicitation'
import { ErrorBoundary } from './error-catcher'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

/** The host page around the kit: it must still be there whatever the kit's view does. */
function HostPage({ children }: { children: React.ReactNode }) {
  return (
    <main>
      <h1>Host chat</h1>
      {children}
    </main>
  )
}

// A uiSchema naming a widget RJSF does not have throws while rendering, as the password widget on a number did.
const broken = { name: { 'ui:widget': 'no-such-widget' } }
const schema = { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Name' } } }

/** Two inline items, the first one broken. */
function TwoItems({ fetch }: { fetch: typeof globalThis.fetch }) {
  const el = useElicitation({ endpoint: '/respond', retries: 0, fetch })
  return (
    <HostPage>
      <button type="button" onClick={() => el.push(formRequest(schema, { elicitationId: 'broken' }))}>
        push broken
      </button>
      <button
        type="button"
        onClick={() => el.push(formRequest({ type: 'object', properties: { city: { type: 'string', title: 'City' } } }, { elicitationId: 'fine' }))}
      >
        push fine
      </button>
      {el.items.map((item) => (
        <ElicitationInline key={item.id} elicitation={el} itemId={item.id} uiSchema={item.id === 'broken' ? broken : undefined} />
      ))}
    </HostPage>
  )
}

/** A custom part that throws whenever it renders. */
function Exploding(): null {
  useElicitationView('Exploding')
  throw new Error('custom part broke')
}

/** The ready-made dialog with an exploding custom part. */
function ExplodingDialog({ fetch }: { fetch: typeof globalThis.fetch }) {
  const el = useElicitation({ endpoint: '/respond', retries: 0, fetch })
  return (
    <HostPage>
      <button type="button" onClick={() => el.push(formRequest({ type: 'object', properties: {} }, { elicitationId: 'x' }))}>
        push
      </button>
      <ElicitationDialog elicitation={el}>
        <Exploding />
      </ElicitationDialog>
    </HostPage>
  )
}

describe('a sensitive number (a PIN)', () => {
  it('renders masked, not offered to autofill, and sends a number', async () => {
    const rec = recordingFetch()
    await render(
      <HostPage>
        <Harness
          items={[formRequest({ type: 'object', properties: { pin: { type: 'integer', title: 'PIN', minimum: 0 } }, required: ['pin'] })]}
          hook={{ fetch: rec.fetch }}
        />
      </HostPage>,
    )
    const dialog = page.getByRole('dialog')
    const pin = dialog.getByLabelText('PIN')
    await expect.element(pin).toHaveAttribute('type', 'password')
    await expect.element(pin).toHaveAttribute('autocomplete', 'off')
    await pin.fill('1234')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toHaveLength(1)
    expect(rec.bodies[0]).toEqual({ id: expect.any(String), action: 'accept', content: { pin: 1234 } })
  })
})

describe('a form the kit cannot render', () => {
  it.each([
    ['dialog', false],
    ['inline form', true],
  ])('in the %s: the host page stays, the server gets decline, the user a notice, and closing removes it', async (_, inline) => {
    const rec = recordingFetch()
    const screen = await render(
      <HostPage>
        <Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} uiSchema={broken} inline={inline} />
      </HostPage>,
    )
    await expect.poll(() => rec.bodies).toHaveLength(1)
    expect(rec.bodies[0]).toEqual({ id: expect.any(String), action: 'decline' })
    // In the text, not by role: a modal dialog hides the page from assistive tech meanwhile.
    await expect.element(page.getByText('Host chat')).toBeInTheDocument()
    const notice = page.getByText('This form could not be shown, so it was declined')
    await expect.element(notice).toBeVisible()
    // The reason, for whoever reports it.
    await expect.element(page.getByText(/no-such-widget/)).toBeInTheDocument()
    await expectNoAxeViolations()
    await page.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(notice).not.toBeInTheDocument()
    expect(screen.container.querySelector('[data-mcp-hitl-root]')).toBeNull()
    // Declined once, never again.
    expect(rec.bodies).toHaveLength(1)
  })

  it('declines only the broken item: the next one in the queue still renders and answers', async () => {
    const rec = recordingFetch()
    await render(<TwoItems fetch={rec.fetch} />)
    await page.getByRole('button', { name: 'push broken' }).click()
    await page.getByRole('button', { name: 'push fine' }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: 'broken', action: 'decline' }])
    await page.getByLabelText('City').fill('Paris')
    await page.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toHaveLength(2)
    expect(rec.bodies[1]).toEqual({ id: 'fine', action: 'accept', content: { city: 'Paris' } })
  })

  it('when the decline cannot be sent, the notice says so and the page still stands', async () => {
    const rec = recordingFetch(() => new Response('down', { status: 503 }))
    await render(
      <HostPage>
        <Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} uiSchema={broken} inline />
      </HostPage>,
    )
    await expect.poll(() => rec.bodies).toHaveLength(1)
    await expect.element(page.getByText('This form could not be shown, so it was declined')).toBeVisible()
    await expect.element(page.getByText(/could not tell the server/)).toBeVisible()
    // In the text, not by role: a modal dialog hides the page from assistive tech meanwhile.
    await expect.element(page.getByText('Host chat')).toBeInTheDocument()
  })
})

describe('a part that throws', () => {
  it('inside a Root: the kit view shows a notice, declines the item and the host page stays', async () => {
    const rec = recordingFetch()
    await render(<ExplodingDialog fetch={rec.fetch} />)
    await page.getByRole('button', { name: 'push' }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: 'x', action: 'decline' }])
    await expect.element(page.getByText('This form could not be shown, so it was declined')).toBeVisible()
    await expect.element(page.getByText(/custom part broke/)).toBeInTheDocument()
    // In the text, not by role: a modal dialog hides the page from assistive tech meanwhile.
    await expect.element(page.getByText('Host chat')).toBeInTheDocument()
    await page.getByRole('button', { name: 'Close' }).first().click()
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  })

  it('a part used outside its Root still throws its misuse error (a developer mistake, not server input)', async () => {
    const errors: unknown[] = []
    await render(
      <ErrorBoundary onError={(error) => errors.push(error)}>
        <ElicitationDialog.Body />
      </ErrorBoundary>,
    )
    await expect.poll(() => errors.length).toBeGreaterThan(0)
    expect(String((errors[0] as Error).message)).toMatch(/ElicitationBody must be rendered inside ElicitationDialog.Root/)
  })
})
