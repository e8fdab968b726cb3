/**
 * The dialog portals to <body>, out of the chat's tree: it still takes the chat container's font,
 * theme signal and `--mcp-hitl-*` variables, as if it were rendered there.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import type { CSSProperties, ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { formRequest, Harness } from '../elicitation/harness'

afterEach(() => cleanup())
// Wide enough for the centred dialog, not the phone's bottom sheet (whose padding is one step less).
beforeEach(() => page.viewport(1280, 800))

const schema: RequestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }

const CHAT: CSSProperties & Record<`--${string}`, string> = {
  fontFamily: 'Arial, sans-serif',
  '--mcp-hitl-accent': 'rgb(1, 2, 3)',
  '--mcp-hitl-gap': '18px',
}

function Chat({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section aria-label="Chat" className={className} style={CHAT}>
      {children}
    </section>
  )
}

async function dialogIn(className?: string, extra: { container?: HTMLElement } = {}) {
  await render(
    <Chat className={className}>
      <Harness items={[formRequest(schema)]} {...extra} />
    </Chat>,
  )
  const dialog = page.getByRole('dialog')
  await expect.element(dialog).toBeVisible()
  return dialog
}

describe('a portalled dialog looks like the chat it comes from', () => {
  it('takes the chat container’s font family and variables, though it sits in <body>', async () => {
    const dialog = await dialogIn()
    const element = dialog.element()
    expect(element.closest('section')).toBeNull()
    expect(getComputedStyle(document.body).fontFamily).not.toBe('Arial, sans-serif')
    expect(getComputedStyle(element).fontFamily).toBe('Arial, sans-serif')
    expect(getComputedStyle(dialog.getByLabelText('Name').element()).fontFamily).toBe('Arial, sans-serif')
    expect(getComputedStyle(dialog.getByRole('button', { name: 'Send to Acme CRM' }).element()).backgroundColor).toBe('rgb(1, 2, 3)')
    // The spacing steps derive from the chat's unit: 2 units of padding.
    expect(getComputedStyle(element).paddingTop).toBe('36px')
  })

  it('takes the chat container’s dark class', async () => {
    const dialog = await dialogIn('dark')
    expect(getComputedStyle(dialog.element()).backgroundColor).toBe('rgb(24, 24, 27)')
  })

  it('changes nothing the page already gives it (nothing is copied from <html>)', async () => {
    document.documentElement.style.setProperty('--mcp-hitl-accent', 'rgb(7, 7, 7)')
    try {
      await render(<Harness items={[formRequest(schema)]} />)
      const dialog = page.getByRole('dialog')
      await expect.element(dialog).toBeVisible()
      const scope = dialog.element().closest<HTMLElement>('[data-mcp-hitl-theme-scope]')!
      expect(scope.style.getPropertyValue('--mcp-hitl-accent')).toBe('')
      expect(scope.style.fontFamily).toBe('')
      expect(getComputedStyle(dialog.getByRole('button', { name: 'Send to Acme CRM' }).element()).backgroundColor).toBe('rgb(7, 7, 7)')
    } finally {
      document.documentElement.style.removeProperty('--mcp-hitl-accent')
    }
  })

  it('portals into a container the host gives, and inherits from it there', async () => {
    const host = document.createElement('div')
    host.style.fontFamily = 'monospace'
    document.body.append(host)
    try {
      const dialog = await dialogIn(undefined, { container: host })
      expect(host.contains(dialog.element())).toBe(true)
      // The place it is rendered from still decides.
      expect(getComputedStyle(dialog.element()).fontFamily).toBe('Arial, sans-serif')
    } finally {
      cleanup()
      host.remove()
    }
  })
})
