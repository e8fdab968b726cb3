/**
 * A page with the kit idles, then the first elicitation arrives: the view and its form are fetched
 * when the browser is idle, not before, and the request then shows with its form in the very first
 * render, interactive (no loading state ever shows). Only `requestIdleCallback` is held here, so the
 * test decides when the browser is idle; the modules, the dialog and the respond client are real.
 * A file of its own: a page fetches the modules once.
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

describe('the elicitation view on a page that has idled', () => {
  it('is fetched when the browser is idle, not before, and the first request shows its form in its first render', async () => {
    const idle: IdleRequestCallback[] = []
    vi.spyOn(window, 'requestIdleCallback').mockImplementation((callback) => {
      idle.push(callback)
      return idle.length
    })
    const viewLoad = vi.spyOn(elicitationViewSource, 'load')
    const formLoad = vi.spyOn(elicitationFormSource, 'load')
    const route = respondRoute()
    let elicitation: UseElicitationResult | undefined
    await render(<ChatPage fetch={route.fetch} onReady={(value) => (elicitation = value)} />)
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Rendered, loaded, but not idle yet: nothing of the view or the form was fetched.
    expect(viewLoad).not.toHaveBeenCalled()
    expect(formLoad).not.toHaveBeenCalled()
    expect(idle.length).toBeGreaterThan(0)

    for (const callback of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 })
    await vi.waitFor(() => expect(document.querySelector('[data-mcp-hitl-announcer="polite"]')).not.toBeNull())
    expect(viewLoad).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(formLoad).toHaveBeenCalledOnce())
    await formLoad.mock.results[0]!.value

    // Whatever the page renders from now on, no loading state ever shows.
    const placeholders: string[] = []
    const observer = new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-part="placeholder"], [data-part="form-placeholder"]')) {
        placeholders.push(element.getAttribute('data-part') ?? '')
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
    flushSync(() => elicitation!.push(nameRequest()))
    // The render that shows the request has the form in it.
    const dialog = document.querySelector('[role="dialog"]')
    expect(dialog?.querySelector('input[id$="_name"]')).not.toBeNull()
    observer.disconnect()
    expect(placeholders).toEqual([])
    expect(document.activeElement).toBe(document.body)

    await userEvent.keyboard('{Tab}')
    await expect.element(page.getByRole('textbox', { name: 'Name' })).toHaveFocus()
    await userEvent.keyboard('Ada')
    await page.getByRole('button', { name: /^Send/ }).click()
    await vi.waitFor(() => expect(route.bodies).toHaveLength(1))
    expect(route.bodies[0]).toMatchObject({ action: 'accept', content: { name: 'Ada' } })
    // Fetched once each for the page.
    expect(viewLoad).toHaveBeenCalledOnce()
    expect(formLoad).toHaveBeenCalledOnce()
  })
})
