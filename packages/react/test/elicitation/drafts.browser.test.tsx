/**
 * Drafts in real Chromium: what the person typed survives a re-render, a remount and a reload (a new
 * page's hook over the same sessionStorage), is dropped once the elicitation settles, and a sensitive
 * value never reaches the storage.
 */
import type { RequestedSchema } from '@mcp-hitl/core'
import type { DraftStorage } from '@mcp-hitl/core/internal'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ElicitationInline, useElicitation, type UseElicitationOptions } from '../../src/elicitation'
import { formRequest, Harness, recordingFetch } from './harness'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const account: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    password: { type: 'string', title: 'Password' },
    pin: { type: 'string', title: 'PIN' },
  },
  required: ['name'],
}

const everythingStored = () => Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`).join('\n')

/** The hook stays mounted while the dialog is taken away and brought back. */
function Toggled(props: { data: ReturnType<typeof formRequest>; hook?: UseElicitationOptions }) {
  const el = useElicitation({ endpoint: '/respond', retries: 0, ...props.hook })
  const [shown, setShown] = useState(true)
  const [renders, setRenders] = useState(0)
  if (el.items.length === 0 && renders === 0) el.push(props.data)
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>
        toggle
      </button>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        re-render {renders}
      </button>
      {shown && <ElicitationInline elicitation={el} />}
    </>
  )
}

describe('drafts', () => {
  it('keeps typed values through a re-render and a remount; the password is never stored', async () => {
    const data = formRequest(account)
    await render(<Toggled data={data} />)
    await page.getByLabelText('Name').fill('Ada')
    await page.getByLabelText('Password').fill('hunter2')
    await page.getByRole('button', { name: /re-render/ }).click()
    await expect.element(page.getByLabelText('Name')).toHaveValue('Ada')
    await page.getByRole('button', { name: 'toggle' }).click()
    await expect.element(page.getByLabelText('Name')).not.toBeInTheDocument()
    await page.getByRole('button', { name: 'toggle' }).click()
    await expect.element(page.getByLabelText('Name')).toHaveValue('Ada')
    await expect.element(page.getByLabelText('Password')).toHaveValue('')
    expect(everythingStored()).toContain('Ada')
    expect(everythingStored()).not.toContain('hunter2')
  })

  it('survives a reload: a new page’s hook over the same sessionStorage fills the form again, without the PIN', async () => {
    const data = formRequest(account)
    const screen = await render(<Harness key="before" items={[data]} inline />)
    await page.getByLabelText('Name').fill('Grace')
    await page.getByLabelText('PIN').fill('4321')
    await expect.element(page.getByLabelText('PIN')).toHaveValue('4321')
    expect(everythingStored()).not.toContain('4321')
    // A new key: the hook, its queue and its drafts start over as on a reloaded page, and the list
    // route gives it the same pending elicitation.
    await screen.rerender(<Harness key="after" items={[{ ...data }]} inline />)
    await expect.element(page.getByLabelText('Name')).toHaveValue('Grace')
    await expect.element(page.getByLabelText('PIN')).toHaveValue('')
  })

  it('drops the draft once the elicitation is answered', async () => {
    const rec = recordingFetch()
    const data = formRequest(account)
    await render(<Harness items={[data]} hook={{ fetch: rec.fetch }} />)
    await page.getByRole('dialog').getByLabelText('Name').fill('Ada')
    expect(sessionStorage.getItem(`mcp-hitl:draft:${data.elicitationId}`)).toContain('Ada')
    await page.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => rec.bodies.length).toBe(1)
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    expect(sessionStorage.getItem(`mcp-hitl:draft:${data.elicitationId}`)).toBeNull()
  })

  it('writes to the storage the app gives instead of sessionStorage', async () => {
    const written: string[] = []
    const storage: DraftStorage = { getItem: () => null, setItem: (key, value) => void written.push(`${key}=${value}`), removeItem: () => {} }
    await render(<Harness items={[formRequest(account)]} hook={{ drafts: { storage } }} />)
    await page.getByRole('dialog').getByLabelText('Name').fill('Ada')
    await page.getByRole('dialog').getByLabelText('Password').fill('hunter2')
    expect(written.join('\n')).toContain('Ada')
    expect(written.join('\n')).not.toContain('hunter2')
    expect(Object.keys(sessionStorage)).toEqual([])
  })

  it('keeps nothing with drafts: false', async () => {
    await render(<Harness items={[formRequest(account)]} hook={{ drafts: false }} />)
    await page.getByRole('dialog').getByLabelText('Name').fill('Nobody')
    await expect.element(page.getByRole('dialog').getByLabelText('Name')).toHaveValue('Nobody')
    expect(Object.keys(sessionStorage)).toEqual([])
  })

  it('keeps the draft of fields RJSF holds under stand-in keys (__proto__, "") through a remount', async () => {
    const odd: RequestedSchema = {
      type: 'object',
      properties: Object.fromEntries([
        ['__proto__', { type: 'string', title: 'Proto' }],
        ['', { type: 'string', title: 'Empty' }],
      ]),
    }
    await render(<Toggled data={formRequest(odd)} />)
    await page.getByLabelText('Proto').fill('p')
    await page.getByLabelText('Empty').fill('e')
    await page.getByRole('button', { name: 'toggle' }).click()
    await expect.element(page.getByLabelText('Proto')).not.toBeInTheDocument()
    await page.getByRole('button', { name: 'toggle' }).click()
    await expect.element(page.getByLabelText('Proto')).toHaveValue('p')
    await expect.element(page.getByLabelText('Empty')).toHaveValue('e')
  })
})
