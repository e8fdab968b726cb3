/**
 * The documented variables reach the form when set on the chat's container (not only on :root):
 * the spacing unit, the border colour the fields derive theirs from, and the field and button shapes.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import type { CSSProperties } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { formRequest, Harness } from '../elicitation/harness'

afterEach(() => cleanup())

const schema: RequestedSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, city: { type: 'string', title: 'City' } },
}

async function inlineIn(vars: Record<string, string>) {
  await render(
    <div data-testid="chat" style={vars as CSSProperties}>
      <Harness items={[formRequest(schema)]} inline />
    </div>,
  )
  await expect.element(page.getByLabelText('Name')).toBeVisible()
  const name = page.getByLabelText('Name').element()
  const fields = name.closest('fieldset')!
  return { name, fields, root: name.closest('[data-mcp-hitl-root]')!, decline: page.getByRole('button', { name: 'Decline' }).element() }
}

describe('the variables reach the form from the chat’s container', () => {
  it('keeps the default look when nothing is set', async () => {
    const { name, fields, root } = await inlineIn({})
    expect(getComputedStyle(fields).rowGap).toBe('16px')
    expect(getComputedStyle(root).paddingTop).toBe('24px')
    expect(getComputedStyle(name).borderTopLeftRadius).toBe('6px')
  })

  it('--mcp-hitl-gap scales the spacing between the fields and around the form', async () => {
    const { fields, root } = await inlineIn({ '--mcp-hitl-gap': '30px' })
    expect(getComputedStyle(fields).rowGap).toBe('40px')
    expect(getComputedStyle(root).paddingTop).toBe('60px')
    expect(getComputedStyle(root).rowGap).toBe('40px')
  })

  it('--mcp-hitl-border colours the fields’ borders too (mixed towards the text colour)', async () => {
    const { name } = await inlineIn({ '--mcp-hitl-border': 'rgb(255, 0, 0)', '--mcp-hitl-fg': 'rgb(0, 0, 0)' })
    // 65 % red, 35 % black.
    expect(getComputedStyle(name).borderTopColor).toBe('color(srgb 0.65 0 0)')
  })

  it('--mcp-hitl-input-border, -input-radius, -input-bg and -button-radius set the shapes', async () => {
    const { name, decline } = await inlineIn({
      '--mcp-hitl-input-border': 'rgb(0, 0, 255)',
      '--mcp-hitl-input-radius': '20px',
      '--mcp-hitl-input-bg': 'rgb(250, 250, 200)',
      '--mcp-hitl-input-padding': '9px',
      '--mcp-hitl-button-radius': '2px',
      '--mcp-hitl-button-padding': '5px',
    })
    expect(getComputedStyle(name).borderTopColor).toBe('rgb(0, 0, 255)')
    expect(getComputedStyle(name).borderTopLeftRadius).toBe('20px')
    expect(getComputedStyle(name).backgroundColor).toBe('rgb(250, 250, 200)')
    expect(getComputedStyle(name).paddingLeft).toBe('9px')
    expect(getComputedStyle(decline).borderTopLeftRadius).toBe('2px')
    expect(getComputedStyle(decline).paddingLeft).toBe('5px')
  })
})
