/**
 * The inline form as a part of a chat transcript, and the header both roots share: the request shown
 * once (the record above it does not repeat it), arriving in view without focus (or, when the person
 * reads further up, a button that goes to it), one way out among the buttons (Decline; the corner ×
 * is the Cancel), a hint that names what is on screen and no key a phone does not have, and the
 * server named once in the header, by the host.
 */
import '../../src/styles.css'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationRecord } from '../../src/elicitation'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Name' } } }

const names = (root: Element) =>
  [...root.querySelectorAll('button')].map((button) => `${button.getAttribute('data-action')}:${button.getAttribute('aria-label') ?? button.textContent}`)

/** A chat: a scrolling transcript of 30 messages, the records, then the inline form; the composer below it. */
function Chat(props: { records?: ElicitationRequestData[]; more?: ElicitationRequestData[] }) {
  return (
    <main>
      <div data-testid="transcript" style={{ height: 320, overflowY: 'auto' }}>
        <ol aria-label="Conversation" style={{ margin: 0 }}>
          {Array.from({ length: 30 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed filler messages
            <li key={i} style={{ height: 40 }}>
              Message {i + 1}
            </li>
          ))}
          {props.records?.map((data) => (
            <li key={data.elicitationId}>
              <ElicitationRecord data={data} />
            </li>
          ))}
        </ol>
        <Harness inline items={[]} more={props.more} />
      </div>
      <textarea aria-label="Message" />
    </main>
  )
}

const within = (inner: DOMRect, outer: DOMRect) => inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1

describe('the inline form in a transcript', () => {
  it('shows the request once: the open record above it is one line that names who waits', async () => {
    const request = formRequest(schema, { message: 'Which name should the invoice carry?' })
    await render(<Chat records={[request]} more={[request]} />)
    await expect.element(page.getByRole('region', { name: 'Acme CRM asks for information' })).toBeVisible()
    expect(document.body.textContent?.split('Which name should the invoice carry?').length).toBe(2)
    const record = document.querySelector('[data-part="record"]') as HTMLElement
    expect(record.textContent).toBe('Waiting for your answer to Acme CRM.')
    await expectNoAxeViolations()
  })

  it('arrives in view when the person is at the end of the transcript, without taking focus', async () => {
    const screen = await render(<Chat />)
    const transcript = page.getByTestId('transcript').element() as HTMLElement
    transcript.scrollTop = transcript.scrollHeight
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.click()
    await screen.rerender(<Chat more={[formRequest(schema)]} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region).toBeInTheDocument()
    const box = region.element().getBoundingClientRect()
    const visible = transcript.getBoundingClientRect()
    // The whole form, or its top when it is taller than the transcript's visible part.
    expect(box.height > visible.height ? box.top >= visible.top - 1 && box.top < visible.bottom : within(box, visible)).toBe(true)
    await expect.element(composer).toHaveFocus()
    expect(document.querySelector('[data-mcp-hitl-request-below]')).toBeNull()
  })

  it('moves nothing when the person reads further up: a button at the bottom says a request waits below and goes to it', async () => {
    const screen = await render(<Chat />)
    const transcript = page.getByTestId('transcript').element() as HTMLElement
    transcript.scrollTop = 200
    await screen.rerender(<Chat more={[formRequest(schema)]} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region).toBeInTheDocument()
    const below = page.getByRole('button', { name: '1 request waiting below' })
    await expect.element(below).toBeVisible()
    expect(transcript.scrollTop).toBe(200)
    // At the bottom of the transcript's visible part, over it.
    const pill = below.element().getBoundingClientRect()
    const visible = transcript.getBoundingClientRect()
    expect(within(pill, visible)).toBe(true)
    expect(visible.bottom - pill.bottom).toBeLessThan(40)
    expect(document.activeElement).toBe(document.body)
    await expectNoAxeViolations()
    await below.click()
    const box = region.element().getBoundingClientRect()
    expect(box.top >= transcript.getBoundingClientRect().top - 1 && box.top < transcript.getBoundingClientRect().bottom).toBe(true)
    await expect.element(below).not.toBeInTheDocument()
  })

  it('has one exit among its buttons (Decline); the corner × is its Cancel and answers nothing', async () => {
    const rec = recordingFetch()
    await render(<Harness inline items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} activationDelayMs={0} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region).toBeVisible()
    const actions = region.element().querySelector('[data-part="buttons"]') as HTMLElement
    expect(names(actions)).toEqual(['decline:Decline', 'accept:Send to Acme CRM'])
    const cancel = region.getByRole('button', { name: 'Cancel', exact: true })
    await expect.element(cancel).toHaveAttribute('data-action', 'close-x')
    // Drawn in the form's top corner, as in the dialog.
    const box = region.element().getBoundingClientRect()
    const corner = cancel.element().getBoundingClientRect()
    expect(corner.top - box.top).toBeLessThan(24)
    expect(box.right - corner.right).toBeLessThan(24)
    await cancel.click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'cancel' }])
  })

  it('words its hint after what is on screen, with no key in it', async () => {
    await render(<Harness inline items={[formRequest(schema)]} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    const hint = region.element().querySelector('[data-part="exit-hint"]') as HTMLElement
    await expect.element(region.getByRole('button', { name: 'Cancel', exact: true })).toHaveAccessibleDescription(hint.textContent ?? '')
    expect(hint.textContent).toBe('Decline tells the server you will not share this. Cancel (×) closes this without an answer.')
    expect(hint.textContent).not.toMatch(/esc/i)
    await expectNoAxeViolations()
  })
})

describe('the header', () => {
  it.each([
    ['dialog', false],
    ['inline form', true],
  ])('of the %s names the server once, in the host’s title', async (_, inline) => {
    await render(<Harness inline={inline} items={[formRequest(schema, { serverName: 'Acme CRM', expiresAt: Date.now() + 600_000 })]} />)
    await expect.element(page.getByRole('heading', { name: 'Acme CRM asks for information' })).toBeVisible()
    const header = document.querySelector('[data-part="header"]') as HTMLElement
    expect(header.textContent?.split('Acme CRM').length).toBe(2)
    // The server's words stay captioned as someone else's.
    await expect.element(page.getByRole('figure', { name: 'The server wrote' })).toBeVisible()
    // The hint under the form names it no more either; only Send says where the answer goes.
    const hint = document.querySelector('[data-part="exit-hint"]') as HTMLElement
    expect(hint.textContent).not.toContain('Acme CRM')
  })

  it('in the dialog, words its hint after the corner × and mentions no key', async () => {
    await render(<Harness items={[formRequest(schema)]} />)
    const dialog = page.getByRole('dialog', { name: 'Acme CRM asks for information' })
    await expect.element(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveAccessibleDescription(
      'Decline tells the server you will not share this. Cancel (×) closes this without an answer.',
    )
  })
})

describe('the server’s icon', () => {
  // A tall icon, and the img rules of a common host reset (Tailwind's preflight).
  const TALL = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="96" viewBox="0 0 24 96"><rect width="24" height="96" fill="#4f46e5"/></svg>')}`
  const PREFLIGHT = 'img, svg { display: block; vertical-align: middle; } img { max-width: 100%; height: auto; }'

  /** Where the caption's words sit, and how tall the caption and header row are. */
  async function layout(serverIcon: string | undefined) {
    await render(
      <>
        <style>{PREFLIGHT}</style>
        <Harness inline items={[formRequest(schema, { serverName: 'Acme CRM', ...(serverIcon ? { serverIcon } : {}) })]} />
      </>,
    )
    await expect.element(page.getByRole('heading', { name: 'Acme CRM asks for information' })).toBeVisible()
    const caption = document.querySelector('[data-part="server-identity"]') as HTMLElement
    const icon = caption.querySelector('img')
    if (icon) await expect.poll(() => icon.complete && icon.naturalHeight > 0).toBe(true)
    const words = document.createRange()
    words.selectNodeContents(caption.lastChild as Node)
    const text = words.getBoundingClientRect()
    const title = (document.querySelector('[data-part="title"]') as HTMLElement).getBoundingClientRect()
    const result = { textLeft: text.left, captionHeight: caption.getBoundingClientRect().height, titleTop: title.top, titleHeight: title.height }
    cleanup()
    return result
  }

  it('takes the badge’s place: the title and the caption keep their lines, whatever the image or the host’s img rules', async () => {
    const badge = await layout(undefined)
    const icon = await layout(TALL)
    expect(icon).toEqual(badge)
  })
})
