/**
 * Every legal property name is a field the user can fill: names that are also Object.prototype keys,
 * path separators of RJSF's id and lodash paths, spaces, unicode and the empty string. Each is
 * rendered, filled, submitted and arrives on the wire under its own name.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '__errors',
  'ui:widget',
  'mcp-hitl-field-0',
  'a.b',
  'a/b',
  'a~b',
  '~0',
  'a[0]',
  'a"b',
  'a\\b',
  'with space',
  '日本語',
  '',
  '0',
  '$ref',
]

describe('a field whose name is', () => {
  it.each(NAMES.map((name) => [JSON.stringify(name), name] as const))('%s can be filled and submitted', async (_, name) => {
    const rec = recordingFetch()
    // Object.fromEntries: a `__proto__` key stays an own property, as JSON.parse leaves it.
    const properties: RequestedSchema['properties'] = Object.fromEntries([[name, { type: 'string', title: 'Answer' }], ['other', { type: 'integer', title: 'Other' }]])
    await render(<Harness items={[formRequest({ type: 'object', properties, required: [name, 'other'] })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await dialog.getByLabelText(/^Answer/).fill('yes')
    await dialog.getByLabelText(/^Other/).fill('7')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toHaveLength(1)
    const content = rec.bodies[0]!.content as Record<string, unknown>
    expect(Object.hasOwn(content, name)).toBe(true)
    expect(content[name]).toBe('yes')
    expect(Object.keys(content).sort()).toEqual([name, 'other'].sort())
    expect(content.other).toBe(7)
  })

  it('all of them in one form: each keeps its own value', async () => {
    const rec = recordingFetch()
    const properties: RequestedSchema['properties'] = Object.fromEntries(NAMES.map((name, i) => [name, { type: 'string', title: `Field ${i}` }]))
    await render(<Harness items={[formRequest({ type: 'object', properties, required: NAMES })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    for (const [i] of NAMES.entries()) await dialog.getByLabelText(new RegExp(`^Field ${i}\\b`)).fill(`v${i}`)
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toHaveLength(1)
    const content = rec.bodies[0]!.content as Record<string, unknown>
    expect(NAMES.map((name) => Object.hasOwn(content, name) && content[name])).toEqual(NAMES.map((_, i) => `v${i}`))
  })

  it.each(['__proto__', '', 'ui:widget', 'a"b'].map((name) => [JSON.stringify(name), name] as const))(
    '%s, required and left empty: its own error is shown on it and focus goes to it, then it submits',
    async (_, name) => {
      const rec = recordingFetch()
      const properties: RequestedSchema['properties'] = Object.fromEntries([['first', { type: 'string', title: 'First' }], [name, { type: 'string', title: 'Answer' }]])
      await render(<Harness items={[formRequest({ type: 'object', properties, required: [name] })]} hook={{ fetch: rec.fetch }} />)
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /^Send/ }).click()
      await expect.element(dialog.getByText('This field is required.', { exact: true })).toBeVisible()
      await expect.element(dialog.getByLabelText(/^Answer/)).toHaveFocus()
      expect(rec.bodies).toEqual([])
      await dialog.getByLabelText(/^Answer/).fill('yes')
      await dialog.getByRole('button', { name: /^Send/ }).click()
      await expect.poll(() => rec.bodies).toHaveLength(1)
      expect(Object.entries(rec.bodies[0]!.content as object)).toEqual([[name, 'yes']])
    },
  )
})
