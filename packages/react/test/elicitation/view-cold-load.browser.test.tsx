/**
 * The first request on a cold page (before the browser idled): the view and the form are fetched at
 * once, and while they load the person sees who asks and that it loads, in the dialog's place, with
 * focus left where it was and nothing answered. Only the fetches are held back here; the modules,
 * the dialog and the respond client are real. A file of its own: a page fetches the modules once.
 */
import { flushSync } from 'react-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import type { UseElicitationResult } from '../../src/elicitation'
import { elicitationFormSource } from '../../src/elicitation/elicitation-form-loader'
import { elicitationViewSource } from '../../src/elicitation/lazy-surfaces'
import { ChatPage, nameRequest, respondRoute } from './lazy-view-page'
import '../../src/styles.css'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** A `load` that waits until `open()` before fetching the real module. */
function held<M>(source: { load: () => Promise<M> }) {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  const real = source.load
  const load = vi.spyOn(source, 'load').mockImplementation(async () => {
    await opened
    return real()
  })
  return { load, open }
}

describe('the elicitation view on a cold page', () => {
  it('loads on the first request: a placeholder names who asks, takes no focus and answers nothing, then the form', async () => {
    // The browser never idles in this test: only the request fetches the modules.
    vi.spyOn(window, 'requestIdleCallback').mockImplementation(() => 1)
    const view = held(elicitationViewSource)
    const form = held(elicitationFormSource)
    const route = respondRoute()
    let elicitation: UseElicitationResult | undefined
    await render(<ChatPage fetch={route.fetch} onReady={(value) => (elicitation = value)} />)
    await page.getByRole('textbox', { name: 'Message' }).click()
    expect(view.load).not.toHaveBeenCalled()

    flushSync(() => elicitation!.push(nameRequest()))
    await vi.waitFor(() => expect(view.load).toHaveBeenCalledOnce())
    // Fetched side by side, not one after the other.
    expect(form.load).toHaveBeenCalledOnce()
    const placeholder = page.getByRole('dialog', { name: 'Registration Server needs your input' })
    await expect.element(placeholder).toBeVisible()
    await expect.element(placeholder.getByRole('status')).toHaveTextContent('Loading the form…')
    expect(placeholder.element().getAttribute('data-state')).toBe('loading')
    // It sits where the dialog will, at about its size.
    const box = placeholder.element().getBoundingClientRect()
    expect(box.height).toBeGreaterThan(150)
    expect(box.width).toBeGreaterThan(200)
    expect(getComputedStyle(placeholder.element()).position).toBe('fixed')
    // The person's place is kept, and their keys stay theirs.
    await userEvent.keyboard('hi')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Message')
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('hi')

    // The view arrives first: its Body holds the form's place until the form does.
    view.open()
    await vi.waitFor(() => expect(document.querySelector('[data-part="form-placeholder"][data-state="loading"]')).not.toBeNull())
    expect(document.querySelector('[data-part="placeholder"]')).toBeNull()
    const dialog = page.getByRole('dialog', { name: 'Registration Server asks for information' })
    await expect.element(dialog.getByRole('status').filter({ hasText: 'Loading the form…' })).toBeVisible()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Message')

    form.open()
    await expect.element(page.getByRole('textbox', { name: 'Name' })).toBeVisible()
    // The dialog took the placeholder's place: the same anchored edge (the top over the page, the
    // bottom for a phone's sheet) and the same width.
    const shown = page.getByRole('dialog').element().getBoundingClientRect()
    const edge = matchMedia('(max-width: 480px)').matches ? 'bottom' : 'top'
    expect([shown[edge], shown.left, shown.width]).toEqual([box[edge], box.left, box.width])
    expect(document.querySelector('[data-part="form-placeholder"]')).toBeNull()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Message')
    expect(route.bodies).toEqual([])

    await userEvent.keyboard('{Tab}')
    await expect.element(page.getByRole('textbox', { name: 'Name' })).toHaveFocus()
    await userEvent.keyboard('Ada')
    await page.getByRole('button', { name: 'Send to Registration Server' }).click()
    await vi.waitFor(() => expect(route.bodies).toHaveLength(1))
    expect(route.bodies[0]).toMatchObject({ action: 'accept', content: { name: 'Ada' } })
  })
})
