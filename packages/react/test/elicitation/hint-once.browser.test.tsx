/**
 * A field's description and the kit's limit hint, said once: when the server's description already
 * states the limit ("Your desired username (3-20 characters)"), the kit adds no "3 to 20
 * characters" after it; when it does not, the hint follows it. Either way the limit is checked.
 */
import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoAxeViolations, formRequest, Harness } from './harness'

afterEach(() => cleanup())

const username = (description: string) => ({
  type: 'object' as const,
  properties: { username: { type: 'string' as const, title: 'Username', description, minLength: 3, maxLength: 20 } },
})

describe('the limit hint beside a server description', () => {
  it('is left out when the description already states the limit', async () => {
    await render(<Harness items={[formRequest(username('Your desired username (3-20 characters)'))]} />)
    const field = page.getByRole('dialog').getByRole('textbox', { name: 'Username' })
    await expect.element(field).toHaveAccessibleDescription('Your desired username (3-20 characters)')
    expect(document.querySelector('[data-part="hint"]')).toBeNull()
    await expectNoAxeViolations()
  })

  it('follows a description that does not state it', async () => {
    await render(<Harness items={[formRequest(username('Your desired username'))]} />)
    const field = page.getByRole('dialog').getByRole('textbox', { name: 'Username' })
    await expect.element(field).toHaveAccessibleDescription('Your desired username 3 to 20 characters')
  })
})
