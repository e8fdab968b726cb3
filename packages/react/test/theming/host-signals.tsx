/** The page a dark-mode test sets up: the OS's scheme, and an open dialog beside an inline form. */
import type { RequestedSchema } from '@mcp-hitl/core'
import type { ReactNode } from 'react'
import { expect } from 'vitest'
import type {} from '@vitest/browser-playwright'
import { cdp, page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { formRequest, Harness } from '../elicitation/harness'

const schema: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

/** The OS's colour scheme, as `prefers-color-scheme` reports it. */
export async function systemScheme(value: 'light' | 'dark') {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] })
  await expect.poll(() => matchMedia('(prefers-color-scheme: dark)').matches).toBe(value === 'dark')
}

/** The dialog (portalled to body) and an inline form inside `wrap`, both open. */
export async function openBoth(wrap: (children: ReactNode) => ReactNode = (children) => children) {
  await render(
    <>
      <Harness items={[formRequest(schema)]} />
      {wrap(<Harness items={[formRequest(schema)]} inline />)}
    </>,
  )
  const dialog = page.getByRole('dialog')
  await expect.element(dialog).toBeVisible()
  const inline = document.querySelector('[data-mcp-hitl-root]:not([role="dialog"])')
  expect(inline).not.toBeNull()
  const input = dialog.getByLabelText('Name').element()
  return { dialog: dialog.element(), inline: inline as HTMLElement, input }
}
