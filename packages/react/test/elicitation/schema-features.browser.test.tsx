import type { RequestedSchema } from '@mcp-hitl/core'
import { afterEach, describe, expect, it } from 'vitest'
import { type Locator, page, } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoAxeViolations, formRequest, Harness, recordingFetch } from './harness'

afterEach(() => cleanup())

async function openWith(schema: RequestedSchema) {
  const rec = recordingFetch()
  await render(<Harness items={[formRequest(schema)]} hook={{ fetch: rec.fetch }} />)
  const dialog = page.getByRole('dialog')
  await expect.element(dialog).toBeVisible()
  return { ...rec, dialog }
}

async function submit(dialog: Locator) {
  await dialog.getByRole('button', { name: /^Send/ }).click()
}

const s = (properties: RequestedSchema['properties'], required?: string[]): RequestedSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
})

describe('every schema feature, filled and submitted, gives the exact ElicitResult on the wire', () => {
  it('text, email, uri with bounds; untouched optional fields are absent (no empty strings)', async () => {
    const { dialog, bodies } = await openWith(
      s(
        {
          name: { type: 'string', title: 'Name', minLength: 2, maxLength: 20 },
          email: { type: 'string', title: 'Email', format: 'email' },
          site: { type: 'string', title: 'Website', format: 'uri' },
          alias: { type: 'string', title: 'Alias' },
        },
        ['name', 'email'],
      ),
    )
    await dialog.getByLabelText('Name').fill('Ada')
    await dialog.getByLabelText('Email').fill('ada@example.com')
    await dialog.getByLabelText('Website').fill('https://ada.example')
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({
      id: expect.any(String),
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', site: 'https://ada.example' },
    })
  })

  it('date and date-time inputs send ISO strings', async () => {
    const { dialog, bodies } = await openWith(
      s({ day: { type: 'string', title: 'Day', format: 'date' }, at: { type: 'string', title: 'Meeting', format: 'date-time' } }, ['day', 'at']),
    )
    const day = dialog.getByLabelText('Day')
    await expect.element(day).toHaveAttribute('type', 'date')
    await day.fill('2025-01-31')
    const at = dialog.getByLabelText('Meeting')
    await expect.element(at).toHaveAttribute('type', 'datetime-local')
    await at.fill('2025-01-31T09:30')
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ day: '2025-01-31', at: new Date('2025-01-31T09:30').toISOString() })
  })

  it('number and integer send numbers; bounds are enforced on the right field', async () => {
    const { dialog, bodies } = await openWith(
      s({ age: { type: 'integer', title: 'Age', minimum: 18, maximum: 120 }, ratio: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1 } }, [
        'age',
      ]),
    )
    await dialog.getByLabelText('Age').fill('12')
    await dialog.getByLabelText('Ratio').fill('0.25')
    await submit(dialog)
    await expect.element(dialog.getByText('Enter a number of at least 18.', { exact: true })).toBeVisible()
    await expect.element(dialog.getByLabelText('Age')).toHaveFocus()
    await expect.element(dialog.getByRole('group', { name: /field needs attention/ })).toBeVisible()
    expect(bodies).toEqual([])
    await expectNoAxeViolations()
    await dialog.getByLabelText('Age').fill('42')
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ age: 42, ratio: 0.25 })
  })

  it('boolean with a default, untitled enum, titled oneOf and legacy enumNames (radio groups)', async () => {
    const { dialog, bodies } = await openWith(
      s({
        news: { type: 'boolean', title: 'Newsletter', default: true },
        agree: { type: 'boolean', title: 'I agree' },
        size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'] },
        color: { type: 'string', title: 'Color', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
        plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'] },
      }),
    )
    await dialog.getByLabelText('I agree').click()
    // Short lists render as radio groups, labelled by their titles (or enumNames).
    await dialog.getByRole('radio', { name: 'M', exact: true }).click()
    await dialog.getByRole('radio', { name: 'Green' }).click()
    await dialog.getByRole('radio', { name: 'Pro plan' }).click()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ news: true, agree: true, size: 'M', color: 'g', plan: 'pro' })
  })

  it('multi-select: checkboxes for a short list, string[] on the wire', async () => {
    const { dialog, bodies } = await openWith(
      s({ tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['alpha', 'beta', 'gamma'] }, maxItems: 2 } }, ['tags']),
    )
    await dialog.getByRole('checkbox', { name: 'alpha' }).click()
    await dialog.getByRole('checkbox', { name: 'gamma' }).click()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ tags: ['alpha', 'gamma'] })
  })

  it('titled multi-select (anyOf) with a long list sends the chosen consts', async () => {
    const options = Array.from({ length: 12 }, (_, i) => ({ const: `l${i}`, title: `Language ${i}` }))
    const { dialog, bodies } = await openWith(s({ langs: { type: 'array', title: 'Languages', items: { anyOf: options } } }, ['langs']))
    const field = dialog.getByRole('group', { name: 'Languages' })
    await field.getByRole('checkbox', { name: 'Language 2', exact: true }).click()
    await field.getByRole('checkbox', { name: 'Language 5', exact: true }).click()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ langs: ['l2', 'l5'] })
  })

  it('defaults of every kind are sent when untouched; required fields are marked', async () => {
    const { dialog, bodies } = await openWith(
      s(
        {
          city: { type: 'string', title: 'City', default: 'Paris' },
          count: { type: 'integer', title: 'Count', default: 3 },
          level: { type: 'string', title: 'Level', oneOf: [{ const: 'lo', title: 'Low' }, { const: 'hi', title: 'High' }], default: 'hi' },
          size: { type: 'string', title: 'Size', enum: ['s', 'm', 'l', 'xl', 'xxl', 'xxxl'], default: 'l' },
          picks: { type: 'array', title: 'Picks', items: { type: 'string', enum: ['x', 'y'] }, default: ['y'] },
        },
        ['city'],
      ),
    )
    await expect.element(dialog.getByText('*').first()).toBeVisible()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]!.content).toEqual({ city: 'Paris', count: 3, level: 'hi', size: 'l', picks: ['y'] })
  })

  it('sensitive fields are masked', async () => {
    const { dialog } = await openWith(s({ apiKey: { type: 'string', title: 'API key' }, pin: { type: 'string', title: 'PIN', writeOnly: true } }))
    await expect.element(dialog.getByLabelText('API key')).toHaveAttribute('type', 'password')
    await expect.element(dialog.getByLabelText('PIN')).toHaveAttribute('type', 'password')
  })

  it('server text is plain text, never HTML', async () => {
    const rec = recordingFetch()
    const schema = s({ a: { type: 'string', title: '<b>Bold</b> title', description: '**not markdown** <i>x</i>' } })
    await render(<Harness items={[formRequest(schema, { message: '<img src=x onerror=alert(1)> hello' })]} hook={{ fetch: rec.fetch }} />)
    const dialog = page.getByRole('dialog')
    await expect.element(dialog.getByText('<img src=x onerror=alert(1)> hello')).toBeVisible()
    await expect.element(dialog.getByText('<b>Bold</b> title')).toBeVisible()
    await expect.element(dialog.getByText('**not markdown** <i>x</i>')).toBeVisible()
    expect(document.querySelector('[data-mcp-hitl-root] img, [data-mcp-hitl-root] b, [data-mcp-hitl-root] i')).toBeNull()
  })
})

describe('choice groups are named after their field', () => {
  it('a short single select is a radio group and a short multi select a checkbox group, each with its label', async () => {
    const { dialog, bodies } = await openWith(
      s(
        {
          plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'free', title: 'Free' }, { const: 'pro', title: 'Pro' }] },
          topics: { type: 'array', title: 'Topics', items: { type: 'string', enum: ['news', 'tips'] } },
        },
        ['plan'],
      ),
    )
    const plan = dialog.getByRole('radiogroup', { name: 'Plan' })
    await expect.element(plan).toBeVisible()
    await plan.getByRole('radio', { name: 'Pro' }).click()
    await dialog.getByRole('group', { name: 'Topics' }).getByRole('checkbox', { name: 'tips' }).click()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({ id: expect.any(String), action: 'accept', content: { plan: 'pro', topics: ['tips'] } })
    await expectNoAxeViolations()
  })
})

describe('an optional field whose constraints no answer meets (shown, not refused)', () => {
  it('says so before anything is typed, refuses a value with the same words, and sends the form with it left empty', async () => {
    const { dialog, bodies } = await openWith(
      s(
        {
          name: { type: 'string', title: 'Name' },
          age: { type: 'integer', title: 'Age', minimum: 10, maximum: 1 },
          tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] }, minItems: 3 },
        },
        ['name'],
      ),
    )
    const leaveEmpty = 'No answer fits what the server asked for here; leave it empty.'
    await expect.element(dialog.getByLabelText('Age')).toHaveAccessibleDescription(leaveEmpty)
    // The multi-select's hint too, beside its choices.
    expect(dialog.getByText(leaveEmpty).elements()).toHaveLength(2)
    await dialog.getByLabelText('Name').fill('Ada')
    await dialog.getByLabelText('Age').fill('5')
    await submit(dialog)
    // Under the field and in the list of fields to fix.
    await expect.element(dialog.getByText('No answer fits this field as the server asked for it; leave it empty.').first()).toBeVisible()
    expect(bodies).toEqual([])
    await dialog.getByLabelText('Age').clear()
    await submit(dialog)
    await expect.poll(() => bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({ id: expect.any(String), action: 'accept', content: { name: 'Ada' } })
  })
})
