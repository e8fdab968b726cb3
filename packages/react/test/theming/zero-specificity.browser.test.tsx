/**
 * Every kit selector has zero specificity, so any rule of the host wins, even a plain one loaded
 * before the kit's stylesheet: the host never needs !important or a longer selector.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import kitCss from '../../src/styles.css?raw'
import { formRequest, Harness } from '../elicitation/harness'

const schema: RequestedSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] } },
}

let host: HTMLStyleElement | undefined
afterEach(() => {
  cleanup()
  host?.remove()
})

/** The host's own stylesheet, first in <head>: before the kit's, so only specificity can make it win. */
function hostStyles(css: string) {
  host = document.createElement('style')
  host.textContent = css
  document.head.prepend(host)
}

async function open(inline = false) {
  await render(<Harness items={[formRequest(schema)]} inline={inline} className="host-card" />)
  await expect.element(page.getByLabelText('Name')).toBeVisible()
}

describe('a host rule wins over the kit', () => {
  it('a plain attribute rule on the form’s input beats the kit’s input style', async () => {
    hostStyles('[data-mcp-hitl-root] input { border-color: rgb(255, 0, 0); }')
    await open()
    expect(getComputedStyle(page.getByLabelText('Name').element()).borderTopColor).toBe('rgb(255, 0, 0)')
  })

  it('a class the host puts on the dialog beats the kit’s surface and radius', async () => {
    hostStyles('.host-card { background-color: rgb(1, 2, 3); border-radius: 0px; }')
    await open()
    const dialog = page.getByRole('dialog').element()
    expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(1, 2, 3)')
    expect(getComputedStyle(dialog).borderTopLeftRadius).toBe('0px')
  })

  it('a bare element rule of the host beats the kit’s buttons and radios', async () => {
    hostStyles('button { border-radius: 3px; } input[type="radio"] { border-color: rgb(0, 128, 0); }')
    await open(true)
    expect(getComputedStyle(page.getByRole('button', { name: 'Decline' }).element()).borderTopLeftRadius).toBe('3px')
    expect(getComputedStyle(page.getByRole('radio', { name: 'free' }).element()).borderTopColor).toBe('rgb(0, 128, 0)')
  })

  it('the host’s :root variables beat the kit’s defaults whatever the order', async () => {
    hostStyles(':root { --mcp-hitl-accent: rgb(9, 8, 7); }')
    await open()
    expect(getComputedStyle(page.getByRole('button', { name: 'Send to Acme CRM' }).element()).backgroundColor).toBe('rgb(9, 8, 7)')
  })

  it('the stylesheet has no selector outside :where()', () => {
    const preludes = kitCss
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\{[^{}]*\}/g, ';')
      .split(/[;{}]/)
      .map((prelude) => prelude.trim())
      .filter((prelude) => prelude !== '' && !prelude.startsWith('@'))
    expect(preludes.length).toBeGreaterThan(100)
    const selectors = preludes.flatMap((prelude) => prelude.split(/,(?![^(]*\))/).map((selector) => selector.trim()))
    // A pseudo-element may follow the :where() (it cannot sit inside one), nothing else may.
    expect(selectors.filter((selector) => !/^:where\(.*\)(::[\w-]+)?$/s.test(selector))).toEqual([])
  })
})
