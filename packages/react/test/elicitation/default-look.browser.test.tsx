/**
 * The default stylesheet as a person sees it: custom radio, checkbox and select controls, visible
 * focus rings, a clear primary and secondary action, 24 px targets, light and dark (by the page's
 * signal; the system's only where the page opts in), all on `--mcp-hitl-*` variables a host theme overrides.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type {} from '@vitest/browser-playwright'
import { cdp, page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(async () => {
  cleanup()
  document.documentElement.removeAttribute('data-theme')
  document.documentElement.style.removeProperty('--mcp-hitl-accent')
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] })
})
beforeEach(() => page.viewport(1280, 800))

const everyKind: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] },
    country: { type: 'string', title: 'Country', enum: ['at', 'be', 'ch', 'de', 'dk', 'es', 'fr'] },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] } },
    terms: { type: 'boolean', title: 'I accept the terms' },
  },
}

async function open(schema = everyKind) {
  const rec = recordingFetch()
  await render(<Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} />)
  const dialog = page.getByRole('dialog')
  await expect.element(dialog).toBeVisible()
  return { ...rec, dialog }
}

const style = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo)

describe('default look', () => {
  it('draws its own radio, checkbox and select controls, at least 16 px, in 24 px targets', async () => {
    const { dialog } = await open()
    for (const control of [dialog.getByRole('radio', { name: 'free' }), dialog.getByRole('checkbox', { name: 'a', exact: true }), dialog.getByRole('checkbox', { name: 'I accept the terms' })]) {
      const element = control.element()
      expect(style(element).appearance).toBe('none')
      expect(element.getBoundingClientRect().width).toBeGreaterThanOrEqual(16)
      // The whole label is the target.
      expect(element.closest('label')!.getBoundingClientRect().height).toBeGreaterThanOrEqual(24)
    }
    expect(style(dialog.getByRole('combobox', { name: 'Country' }).element()).appearance).toBe('none')
    for (const button of dialog.getByRole('button').elements()) {
      const box = button.getBoundingClientRect()
      expect(box.width, button.textContent ?? '').toBeGreaterThanOrEqual(24)
      expect(box.height, button.textContent ?? '').toBeGreaterThanOrEqual(24)
    }
  })

  it('shows a focus ring on keyboard focus', async () => {
    const { dialog } = await open()
    await userEvent.tab()
    const focused = document.activeElement!
    expect(dialog.element().contains(focused)).toBe(true)
    const ring = style(focused)
    expect(ring.boxShadow !== 'none' || ring.outlineStyle !== 'none').toBe(true)
  })

  it('tells the primary action from the secondary one', async () => {
    const { dialog } = await open()
    const send = style(dialog.getByRole('button', { name: 'Send to Acme CRM' }).element())
    const decline = style(dialog.getByRole('button', { name: 'Decline' }).element())
    expect(send.backgroundColor).not.toBe(decline.backgroundColor)
    expect(send.color).not.toBe(decline.color)
  })

  it('takes a host theme’s variables', async () => {
    document.documentElement.style.setProperty('--mcp-hitl-accent', 'rgb(1, 2, 3)')
    const { dialog } = await open()
    expect(style(dialog.getByRole('button', { name: 'Send to Acme CRM' }).element()).backgroundColor).toBe('rgb(1, 2, 3)')
  })

  it('is dark under data-theme="dark", and under a dark system scheme only where the page opts in', async () => {
    const { dialog } = await open()
    const light = style(dialog.element()).backgroundColor
    document.documentElement.dataset.theme = 'dark'
    const dark = style(dialog.element()).backgroundColor
    expect(dark).not.toBe(light)
    await expectNoAxeViolations()
    document.documentElement.removeAttribute('data-theme')
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] })
    await expect.poll(() => matchMedia('(prefers-color-scheme: dark)').matches).toBe(true)
    // A page that says nothing keeps the kit light whatever the system says.
    expect(style(dialog.element()).backgroundColor).toBe(light)
    document.documentElement.dataset.theme = 'system'
    await expect.poll(() => style(dialog.element()).backgroundColor).toBe(dark)
    await expectNoAxeViolations()
  })
})

const COUNTRIES = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'Denmark', 'Egypt', 'Finland', 'France', 'Germany']

describe('long multi-selects', () => {
  it('are a checkbox list with a filter, not a Ctrl-click list box; choices survive filtering', async () => {
    const { dialog, bodies } = await open({
      type: 'object',
      properties: { visited: { type: 'array', title: 'Countries visited', items: { type: 'string', enum: COUNTRIES } } },
    })
    expect(dialog.getByRole('listbox').elements()).toHaveLength(0)
    const group = dialog.getByRole('group', { name: 'Countries visited' })
    expect(group.getByRole('checkbox').elements()).toHaveLength(COUNTRIES.length)
    await group.getByRole('checkbox', { name: 'Austria' }).click()
    const filter = dialog.getByRole('searchbox', { name: 'Filter Countries visited' })
    await filter.fill('an')
    await expect.element(group.getByRole('checkbox', { name: 'Canada' })).toBeVisible()
    await expect.element(group.getByRole('checkbox', { name: 'Brazil', includeHidden: true })).not.toBeVisible()
    await group.getByRole('checkbox', { name: 'Finland' }).click()
    await expect.element(dialog.getByText('2 selected')).toBeVisible()
    await expectNoAxeViolations()
    await filter.fill('zz')
    await expect.element(dialog.getByText('No option matches “zz”.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Send to Acme CRM' }).click()
    await expect.poll(() => bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { visited: ['Austria', 'Finland'] } }])
  })
})
