/** The header names the server and shows its icon only when the URL is one the kit may load. */
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoAxeViolations, formRequest, Harness } from './harness'

afterEach(() => cleanup())

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Name' } } }
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

describe('the server identity in the header', () => {
  it('shows a data: or https icon beside the server name, without a referrer and out of the accessible name', async () => {
    await render(<Harness items={[formRequest(schema, { serverName: 'Acme Support', serverIcon: PNG })]} />)
    const dialog = page.getByRole('dialog', { name: 'Acme Support asks for information' })
    await expect.element(dialog).toBeVisible()
    const icon = document.querySelector<HTMLImageElement>('[data-part="server-icon"]')
    expect(icon?.getAttribute('src')).toBe(PNG)
    expect(icon?.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(icon?.getAttribute('alt')).toBe('')
    await expect.poll(() => icon?.complete && icon.naturalWidth).toBe(1)
    await expectNoAxeViolations()
  })

  it.each(['javascript:alert(1)', 'http://insecure.example.com/i.png', 'blob:https://a.example/1', 'https://user:pw@a.example/i.png'])(
    'shows no icon for %s, even if a part carries it',
    async (serverIcon) => {
      await render(<Harness items={[formRequest(schema, { serverName: 'Acme Support', serverIcon })]} />)
      await expect.element(page.getByRole('dialog')).toBeVisible()
      expect(document.querySelector('[data-part="server-icon"]')).toBeNull()
    },
  )
})
