import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { Theme as ShadcnTheme } from '@rjsf/shadcn'
import type { WidgetProps } from '@rjsf/utils'
import ajvValidator from '@rjsf/validator-ajv8'
import { useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'], default: 'M' },
  },
  required: ['name'],
}

function Shout(props: WidgetProps) {
  return (
    <input
      id={props.id}
      aria-label="Shouted name"
      value={(props.value as string | undefined) ?? ''}
      onChange={(e) => props.onChange(e.target.value.toUpperCase())}
    />
  )
}

function ComposedPage({ item, fetch }: { item: ElicitationRequestData; fetch: typeof globalThis.fetch }) {
  const el = useElicitation({ fetch })
  const { push } = el
  useEffect(() => push(item), [push, item])
  return (
    <ElicitationDialog.Root elicitation={el} className="my-dialog">
      <ElicitationDialog.Header>
        <p>Custom note</p>
      </ElicitationDialog.Header>
      <ElicitationDialog.Actions />
      <ElicitationDialog.Body />
    </ElicitationDialog.Root>
  )
}

describe('RJSF customisation passes through', () => {
  it('a published theme (@rjsf/shadcn) renders the form and submits typed content', async () => {
    const rec = recordingFetch()
    await render(<Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} theme={ShadcnTheme} />)
    const dialog = page.getByRole('dialog')
    const name = dialog.getByLabelText('Name')
    await expect.element(name).toBeVisible()
    // shadcn's inputs carry its own utility classes, so the theme's widgets are the ones rendered.
    expect(name.element().className).toMatch(/rounded|border/)
    await name.fill('Themed')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { name: 'Themed', size: 'M' } }])
  })

  it('a custom widget and the Ajv validator are one prop away', async () => {
    const rec = recordingFetch()
    await render(
      <Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} validator={ajvValidator} widgets={{ shout: Shout }} uiSchema={{ name: { 'ui:widget': 'shout' } }} />,
    )
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog.getByText(/required/i).first()).toBeVisible()
    await dialog.getByLabelText('Shouted name').fill('ada')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies).toEqual([{ id: expect.any(String), action: 'accept', content: { name: 'ADA', size: 'M' } }])
  })

  it('compound parts compose a custom layout and style hooks are present', async () => {
    const rec = recordingFetch()
    await render(<ComposedPage item={formRequest(schema)} fetch={rec.fetch} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText('Custom note')).toBeVisible()
    await expect.element(dialog).toHaveClass('my-dialog')
    await expect.element(dialog).toHaveAttribute('data-state', 'open')
    await dialog.getByLabelText('Name').fill('Composed')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies.length).toBe(1)
  })
})
