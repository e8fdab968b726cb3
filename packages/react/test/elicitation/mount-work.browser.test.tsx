/**
 * What a form does while it mounts, in real Chromium: the work that makes it interactive and nothing
 * more. The dialog focuses its first field once Radix's modal has finished mounting (focusing earlier
 * lays the page out twice), the inline form is described by its message from its first render (not
 * from a second one), and nothing reaches the drafts storage before the person types.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import type { DraftStorage } from '@mcp-hitl/core/internal'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { useElicitationView } from '../../src/elicitation'
import { formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const profile: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', default: 'Ada' },
    age: { type: 'integer', title: 'Age', minimum: 0 },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] },
  },
  required: ['name'],
}

/** A custom part that throws whenever it renders. */
function Exploding(): null {
  useElicitationView('Exploding')
  throw new Error('custom part broke')
}

/** A storage that records every call. */
function recordingStorage() {
  const data = new Map<string, string>()
  const calls: string[] = []
  const storage: DraftStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      calls.push(`set ${key}`)
      data.set(key, value)
    },
    removeItem: (key) => {
      calls.push(`remove ${key}`)
      data.delete(key)
    },
  }
  return { storage, calls, data }
}

describe('mount work', () => {
  it('the ready-made dialog moves no focus when it mounts and is described by its message from its first render', async () => {
    const focused: EventTarget[] = []
    const onFocusIn = (event: FocusEvent) => event.target && focused.push(event.target)
    const changes: string[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records) if (record.attributeName === 'aria-describedby') changes.push((record.target as Element).getAttribute('role') ?? '')
    })
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-describedby'] })
    document.addEventListener('focusin', onFocusIn)
    try {
      await render(<Harness items={[formRequest(profile, { message: 'Tell us about you.' })]} />)
      const dialog = page.getByRole('dialog')
      await expect.element(dialog).toHaveAccessibleDescription('Tell us about you.')
      await expect.element(dialog.getByLabelText('Name', { exact: true })).toBeVisible()
      expect(focused).toEqual([])
      // Inserted with the link: no render after the first one had to add it.
      expect(changes.filter((role) => role === 'dialog')).toEqual([])
    } finally {
      document.removeEventListener('focusin', onFocusIn)
      observer.disconnect()
    }
  })

  it('writes nothing to the drafts storage while the form mounts, and the first keystroke is stored', async () => {
    const rec = recordingStorage()
    const data = formRequest(profile)
    await render(<Harness inline items={[data]} hook={{ drafts: { storage: rec.storage } }} />)
    const name = page.getByLabelText('Name', { exact: true })
    // The server's default is in the field, yet it was not typed: no draft, no index.
    await expect.element(name).toHaveValue('Ada')
    expect(rec.calls).toEqual([])
    await userEvent.type(name, ' L')
    await expect.poll(() => rec.data.get(`mcp-hitl:draft:${data.elicitationId}`)).toBe(JSON.stringify({ name: 'Ada L' }))
  })

  it('the ready-made inline form is described by its message from its first render', async () => {
    const changes: string[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records) if (record.attributeName === 'aria-describedby') changes.push((record.target as Element).tagName)
    })
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-describedby'] })
    try {
      await render(<Harness inline items={[formRequest(profile, { message: 'Tell us about you.' })]} />)
      const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
      await expect.element(region).toHaveAccessibleDescription('Tell us about you.')
      // Inserted with the link: no render after the first one had to add it.
      expect(changes.filter((tag) => tag === 'SECTION')).toEqual([])
    } finally {
      observer.disconnect()
    }
  })

  it('a field mounts only the nodes its features need: the label alone unless a required mark sits beside it, a lone limit hint as the description itself', async () => {
    await render(<Harness inline items={[formRequest(profile)]} />)
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    const age = region.getByLabelText('Age', { exact: true })
    await expect.element(age).toBeVisible()
    const ageInput = age.element() as HTMLInputElement
    const ageField = ageInput.closest('[data-part="field"]')!
    // Label, hint, control: no row around a label without a mark, no span inside a hint without a description.
    expect([...ageField.children].map((child) => child.getAttribute('data-part') ?? child.tagName)).toEqual(['label', 'hint', 'INPUT'])
    const hint = ageField.querySelector('[data-part="hint"]')!
    expect(hint.textContent).toMatch(/\S/)
    // The hint is there on the first paint and still describes the control.
    expect(ageInput.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id)
    await expect.element(age).toHaveAccessibleDescription(hint.textContent!)
    // A required field keeps its row: the mark beside the label, outside the control's name.
    const name = region.getByLabelText('Name', { exact: true })
    const nameField = (name.element() as HTMLElement).closest('[data-part="field"]')!
    const row = nameField.querySelector(':scope > [data-part="label-row"]')!
    expect([...row.children].map((child) => child.getAttribute('data-part'))).toEqual(['label', 'required'])
    await expect.element(name).toHaveAccessibleName('Name')
  })

  it('an inline form whose part throws points at no message once it shows the cannot-render notice', async () => {
    const rec = recordingFetch()
    await render(
      <Harness inline items={[formRequest(profile)]} hook={{ fetch: rec.fetch }}>
        <Exploding />
      </Harness>,
    )
    const region = page.getByRole('region', { name: 'Acme CRM asks for information' })
    await expect.element(region.getByRole('button', { name: 'Close' })).toBeVisible()
    await expect.element(region).not.toHaveAttribute('aria-describedby')
  })
})
