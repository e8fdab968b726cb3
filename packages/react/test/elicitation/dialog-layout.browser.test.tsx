/**
 * The dialog's layout with the default stylesheet: anchored at the top so steps of different
 * heights do not make it jump, header and actions fixed while the body scrolls, the dynamic
 * viewport height, and a bottom sheet on phones.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import stylesheet from '../../src/styles.css?raw'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const field = (title: string) => ({ type: 'string' as const, title })
const schemaOf = (count: number): RequestedSchema => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, field(`Field ${i + 1}`)])),
})
const rect = (element: Element) => element.getBoundingClientRect()

describe('desktop (1280x800)', () => {
  beforeEach(() => page.viewport(1280, 800))

  it('keeps its top edge in place across requests of different heights', async () => {
    const rec = recordingFetch()
    const steps = [schemaOf(3), schemaOf(1), schemaOf(6)].map((schema, i) => formRequest(schema, { message: `Step ${i + 1} of 3` }))
    await render(<Harness items={steps} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    const tops: number[] = []
    const heights: number[] = []
    for (const step of [1, 2, 3]) {
      await expect.element(dialog.getByText(`Step ${step} of 3`)).toBeVisible()
      tops.push(Math.round(rect(dialog.element()).top))
      heights.push(Math.round(rect(dialog.element()).height))
      await dialog.getByRole('button', { name: 'Decline' }).click()
    }
    expect(new Set(heights).size).toBe(3)
    expect(new Set(tops).size).toBe(1)
  })

  it('with a hundred fields, header and actions stay in view while only the body scrolls', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(schemaOf(100))]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    const send = dialog.getByRole('button', { name: 'Send to Acme CRM' })
    await expect.element(send).toBeVisible()
    const box = rect(dialog.element())
    expect(box.bottom).toBeLessThanOrEqual(800)
    expect(rect(send.element()).bottom).toBeLessThanOrEqual(box.bottom)
    const body = dialog.element().querySelector<HTMLElement>('[data-part="body"]')!
    expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
    const titleTop = rect(dialog.getByRole('heading').element()).top
    const sendTop = rect(send.element()).top
    body.scrollTop = body.scrollHeight
    await expect.poll(() => body.scrollTop).toBeGreaterThan(0)
    expect(rect(dialog.getByRole('heading').element()).top).toBe(titleTop)
    expect(rect(send.element()).top).toBe(sendTop)
    await expectNoAxeViolations()
  })
})

describe('phone (390x844)', () => {
  beforeEach(() => page.viewport(390, 844))

  it('is a bottom sheet: full width, on the bottom edge, its actions in reach', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(schemaOf(4))]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByRole('button', { name: 'Send to Acme CRM' })).toBeVisible()
    const box = rect(dialog.element())
    expect(Math.round(box.left)).toBe(0)
    expect(Math.round(box.width)).toBe(390)
    expect(Math.round(box.bottom)).toBe(844)
    expect(rect(dialog.getByRole('button', { name: 'Send to Acme CRM' }).element()).bottom).toBeLessThanOrEqual(844)
    await expectNoAxeViolations()
  })
})

describe('the stylesheet', () => {
  it('sizes with the dynamic viewport (dvh), never 100vh', () => {
    expect(stylesheet).toMatch(/dvh/)
    expect(stylesheet).not.toMatch(/\d+vh\b/)
  })
})
