// @module-tag security
/**
 * A server that poses as another, while the elicitation view still loads: the placeholder that
 * stands in for the dialog names only the host's name for the server, never the server's own claim,
 * and what it says cannot be reordered by direction overrides in a name. The view's fetch is held
 * so the placeholder stays; the page, the hook and the placeholder are real.
 */
import { flushSync } from 'react-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import type { UseElicitationResult } from '../../src/elicitation'
import { elicitationFormSource } from '../../src/elicitation/elicitation-form-loader'
import { elicitationViewSource } from '../../src/elicitation/lazy-surfaces'
import { ChatPage, nameRequest, respondRoute } from './lazy-view-page'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function placeholderFor(request: ReturnType<typeof nameRequest>): Promise<HTMLElement> {
  vi.spyOn(window, 'requestIdleCallback').mockImplementation(() => 1)
  const never = new Promise<never>(() => {})
  vi.spyOn(elicitationViewSource, 'load').mockReturnValue(never)
  vi.spyOn(elicitationFormSource, 'load').mockReturnValue(never)
  const route = respondRoute()
  let elicitation: UseElicitationResult | undefined
  await render(<ChatPage fetch={route.fetch} onReady={(value) => (elicitation = value)} />)
  flushSync(() => elicitation!.push(request))
  const placeholder = document.querySelector<HTMLElement>('[data-part="placeholder"]')
  expect(placeholder).not.toBeNull()
  expect(route.bodies).toEqual([])
  return placeholder!
}

describe('the placeholder while the view loads, for a server that poses as another', () => {
  it('without the host’s title, names no server: the server’s claim is never in the host’s voice', async () => {
    const placeholder = await placeholderFor({ ...nameRequest(), serverName: 'Acme Chat', serverClaimedName: 'Acme Chat' })
    await expect.element(page.getByRole('dialog', { name: 'A server needs your input' })).toBeVisible()
    expect(placeholder.textContent).not.toContain('Acme Chat')
  })

  it('with the host’s title, names the host’s name only, whatever the server calls itself', async () => {
    const placeholder = await placeholderFor({ ...nameRequest(), serverTitle: 'Weather', serverName: 'weather', serverClaimedName: 'Acme\u202E tahC' })
    await expect.element(page.getByRole('dialog', { name: 'Weather needs your input' })).toBeVisible()
    expect(placeholder.textContent).not.toMatch(/Acme|[\u202A-\u202E\u2066-\u2069]/)
  })
})
