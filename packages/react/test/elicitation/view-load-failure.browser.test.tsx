/**
 * When the view's or the form's chunk cannot be fetched (offline, a chunk gone after a deploy), the
 * request is not declined: the person reads why and that it still waits, and Try again fetches it
 * again; once it loads, the form works as ever. Only the fetches fail here, as Chromium fails them;
 * the modules, the dialog and the respond client are real. A file of its own: a page fetches the
 * modules once.
 */
import { flushSync } from 'react-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import type { UseElicitationResult } from '../../src/elicitation'
import { elicitationFormSource } from '../../src/elicitation/elicitation-form-loader'
import { elicitationViewSource } from '../../src/elicitation/lazy-surfaces'
import { ChatPage, nameRequest, respondRoute } from './lazy-view-page'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** A `load` that fails as a missing chunk does while `failing.now` is true. */
function failing<M>(source: { load: () => Promise<M> }, chunk: string) {
  const state = { now: true }
  const real = source.load
  const load = vi.spyOn(source, 'load').mockImplementation(() =>
    state.now ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module: https://chat.example/assets/${chunk}-3f2a.js`)) : real(),
  )
  return { load, state }
}

const FAILED = 'The form could not be loaded (the connection may have dropped). Nothing was sent to Registration Server: the request is still waiting.'

describe('the elicitation view, when its chunks cannot be loaded', () => {
  it('says why and keeps the request waiting; Try again loads the view, then the form, and the answer goes through', async () => {
    vi.spyOn(window, 'requestIdleCallback').mockImplementation(() => 1)
    const view = failing(elicitationViewSource, 'elicitation-view')
    const form = failing(elicitationFormSource, 'elicitation-rjsf-form')
    const route = respondRoute()
    let elicitation: UseElicitationResult | undefined
    await render(<ChatPage fetch={route.fetch} onReady={(value) => (elicitation = value)} />)
    const request = nameRequest()
    flushSync(() => elicitation!.push(request))

    const placeholder = page.getByRole('dialog', { name: 'Registration Server needs your input' })
    await expect.element(placeholder.getByRole('alert')).toHaveTextContent(FAILED)
    expect(placeholder.element().getAttribute('data-state')).toBe('failed')
    expect(document.activeElement).toBe(document.body)
    // Nothing was answered: the request waits in the queue, and no respond call was made.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(route.bodies).toEqual([])
    expect(elicitation!.current?.data.elicitationId).toBe(request.elicitationId)
    expect(elicitation!.current?.state).toBe('pending')

    // The view comes back; the form's chunk is still missing: the Body says so in the form's place.
    view.state.now = false
    await placeholder.getByRole('button', { name: 'Try again' }).click()
    const dialog = page.getByRole('dialog', { name: 'Registration Server asks for information' })
    await expect.element(dialog.getByRole('alert')).toHaveTextContent(FAILED)
    expect(document.querySelector('[data-part="form-placeholder"]')?.getAttribute('data-state')).toBe('failed')
    expect(route.bodies).toEqual([])
    expect(elicitation!.current?.state).toBe('pending')

    form.state.now = false
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.element(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible()
    expect(document.querySelector('[data-part="form-placeholder"]')).toBeNull()
    await dialog.getByRole('textbox', { name: 'Name' }).click()
    await userEvent.keyboard('Ada')
    await dialog.getByRole('button', { name: 'Send to Registration Server' }).click()
    await vi.waitFor(() => expect(route.bodies).toHaveLength(1))
    expect(route.bodies[0]).toMatchObject({ action: 'accept', content: { name: 'Ada' } })
    // Each Try again fetched again: a failed fetch is not kept.
    expect(view.load.mock.calls.length).toBeGreaterThanOrEqual(2)
    expect(form.load.mock.calls.length).toBeGreaterThanOrEqual(2)
  })
})
