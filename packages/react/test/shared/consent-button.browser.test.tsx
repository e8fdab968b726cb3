import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConsentButton } from '../../src/shared/consent-button'

afterEach(() => cleanup())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('ConsentButton (real Chromium)', () => {
  it('ignores a real click that comes right after it appears, and takes one after the interval', async () => {
    const onClick = vi.fn()
    await render(
      <ConsentButton activationDelayMs={400} onClick={onClick}>
        Allow
      </ConsentButton>,
    )
    const button = document.querySelector('button')!
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.dataset.armed).toBe('false')
    // A click that does not wait for the control to be enabled, as a stray one would not.
    const box = button.getBoundingClientRect()
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: box.x + 2, clientY: box.y + 2 }))
    button.click()
    expect(onClick).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(button.dataset.armed).toBe('true'))
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    // Playwright waits for an enabled control by itself.
    await userEvent.click(page.getByRole('button', { name: 'Allow' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('refuses a press that began before it was armed', async () => {
    const onClick = vi.fn()
    await render(
      <ConsentButton activationDelayMs={200} onClick={onClick}>
        Save
      </ConsentButton>,
    )
    const button = document.querySelector('button')!
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    await sleep(300)
    button.click()
    expect(onClick).not.toHaveBeenCalled()
  })

  it('blocks the implicit submission of its form (Enter in a field) during the interval', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault())
    await render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <input aria-label="Name" />
        <ConsentButton type="submit" activationDelayMs={600}>
          Send
        </ConsentButton>
      </form>,
    )
    const input = page.getByRole('textbox', { name: 'Name' })
    await userEvent.type(input, 'Ada{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(document.querySelector('button')!.dataset.armed).toBe('true'))
    await userEvent.type(input, '{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('ignores a held-down key (its repeats) and takes a fresh press once armed', async () => {
    const onClick = vi.fn()
    await render(
      <ConsentButton activationDelayMs={0} onClick={onClick}>
        Approve
      </ConsentButton>,
    )
    const button = document.querySelector('button')!
    button.focus()
    const repeat = new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true, cancelable: true })
    button.dispatchEvent(repeat)
    expect(repeat.defaultPrevented).toBe(true)
    await userEvent.keyboard('{Enter}')
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('starts the interval again when the page comes back into view', async () => {
    await render(<ConsentButton activationDelayMs={300}>Allow</ConsentButton>)
    const button = document.querySelector('button')!
    await vi.waitFor(() => expect(button.dataset.armed).toBe('true'))
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(button.dataset.armed).toBe('false'))
    await vi.waitFor(() => expect(button.dataset.armed).toBe('true'))
  })
})
