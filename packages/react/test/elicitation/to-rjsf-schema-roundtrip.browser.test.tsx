/**
 * Round trip in real Chromium: requested schema -> toRjsfSchema -> the real RJSF 6 `Form` (validator
 * here: @rjsf/validator-ajv8, only for this test) -> filled and submitted through DOM events ->
 * fromRjsfFormData -> the content passes validateElicitationContent and the MCP SDK's ElicitResult schema.
 */
import { type ElicitContent, type PrimitiveSchemaDefinition, type RequestedSchema, validateElicitationContent } from '@mcp-hitl/core'
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js'
import Form from '@rjsf/core'
import validator from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { VALID_SCHEMAS } from '../../../core/test/fixtures/valid-schemas'
import { fromRjsfFormData } from '../../src/elicitation/from-rjsf-form-data'
import { RJSF_FORM_OPTIONS, toRjsfSchema } from '../../src/elicitation/to-rjsf-schema'

afterEach(() => cleanup())

type Submitted = { formData: unknown }

async function renderForm(schema: RequestedSchema, opts: { noValidate?: boolean; withButton?: boolean } = {}) {
  const form = toRjsfSchema(schema)
  const submitted: Submitted[] = []
  const { withButton = true, noValidate = false } = opts
  await render(
    <Form
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={validator}
      {...RJSF_FORM_OPTIONS}
      noValidate={noValidate}
      onSubmit={({ formData }) => submitted.push({ formData })}
    >
      {withButton ? <button type="submit">Send</button> : undefined}
    </Form>,
  )
  return { form, submitted }
}

const el = (id: string): HTMLElement => {
  const found = document.getElementById(id)
  if (!found) throw new Error(`no element #${id}`)
  return found
}

function options(field: PrimitiveSchemaDefinition): { value: string; label: string }[] {
  const f = field as unknown as Record<string, unknown>
  if (Array.isArray(f.oneOf)) return (f.oneOf as { const: string; title: string }[]).map((o) => ({ value: o.const, label: o.title }))
  if (Array.isArray(f.enum)) {
    const names = f.enumNames as string[] | undefined
    return (f.enum as string[]).map((v, i) => ({ value: v, label: names?.[i] ?? v }))
  }
  const items = f.items as { enum?: string[]; anyOf?: { const: string; title: string }[] }
  if (items?.anyOf) return items.anyOf.map((o) => ({ value: o.const, label: o.title }))
  return (items?.enum ?? []).map((v) => ({ value: v, label: v }))
}

// Same conversion RJSF's DateTimeWidget applies (utcToLocal), so the filled value maps back to the instant.
function toLocalInput(iso: string): string {
  const d = new Date(iso)
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${p(d.getFullYear(), 4)}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** Drives the rendered widget of one field to `value` with real input events. */
async function fill(name: string, field: PrimitiveSchemaDefinition, widget: unknown, value: unknown) {
  const id = `root_${name}`
  if (field.type === 'boolean') {
    const box = el(id) as HTMLInputElement
    if (box.checked !== value) await userEvent.click(box)
    return
  }
  if (field.type === 'array') {
    const opts = options(field)
    const wanted = new Set(value as string[])
    if (widget === 'checkboxes') {
      for (const [i, o] of opts.entries()) {
        const box = el(`${id}-${i}`) as HTMLInputElement
        if (box.checked !== wanted.has(o.value)) await userEvent.click(box)
      }
    } else {
      await userEvent.selectOptions(el(id), opts.filter((o) => wanted.has(o.value)).map((o) => o.label))
    }
    return
  }
  const opts = options(field)
  if (opts.length > 0) {
    const index = opts.findIndex((o) => o.value === value)
    if (widget === 'radio') await userEvent.click(el(`${id}-${index}`))
    else await userEvent.selectOptions(el(id), opts[index]?.label ?? '')
    return
  }
  const text = widget === 'datetime' ? toLocalInput(String(value)) : String(value)
  await userEvent.fill(el(id), text)
}

// The datetime widget answers in UTC with milliseconds; compare instants, not spellings.
function normalise(schema: RequestedSchema, content: ElicitContent): ElicitContent {
  const out: ElicitContent = { ...content }
  for (const [name, field] of Object.entries(schema.properties)) {
    const v = out[name]
    if (field.type === 'string' && 'format' in field && field.format === 'date-time' && typeof v === 'string') {
      out[name] = new Date(v).toISOString()
    }
  }
  return out
}

function defaultsOf(schema: RequestedSchema): ElicitContent {
  const out: ElicitContent = {}
  for (const [name, field] of Object.entries(schema.properties)) {
    if (field.default !== undefined) out[name] = field.default
    else if (field.type === 'boolean' && schema.required?.includes(name)) out[name] = false
  }
  return out
}

describe('toRjsfSchema -> RJSF Form -> submitted content', () => {
  it.each(VALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: filled and submitted, passes validateElicitationContent', async (_, fixture) => {
    const { form, submitted } = await renderForm(fixture.schema)
    for (const [name, value] of Object.entries(fixture.content)) {
      const field = fixture.schema.properties[name] as PrimitiveSchemaDefinition
      const widget = (form.uiSchema[name] as Record<string, unknown>)['ui:widget']
      await fill(name, field, widget, value)
    }
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect.poll(() => submitted.length).toBe(1)
    const content = fromRjsfFormData(fixture.schema, submitted[0]?.formData)
    const result = validateElicitationContent(fixture.schema, content)
    expect(result).toEqual({ ok: true, content })
    expect(normalise(fixture.schema, content)).toEqual(normalise(fixture.schema, fixture.content))
    expect(ElicitResultSchema.safeParse({ action: 'accept', content }).success).toBe(true)
  })

  it.each(VALID_SCHEMAS.map((f) => [f.name, f] as const))('%s: untouched, sends only the server defaults (no empty strings or arrays)', async (_, fixture) => {
    const { submitted } = await renderForm(fixture.schema, { noValidate: true })
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect.poll(() => submitted.length).toBe(1)
    const raw = submitted[0]?.formData as Record<string, unknown>
    for (const value of Object.values(raw ?? {})) {
      expect(value).not.toBe('')
      if (Array.isArray(value)) expect(value.length).toBeGreaterThan(0)
    }
    expect(fromRjsfFormData(fixture.schema, raw)).toEqual(defaultsOf(fixture.schema))
  })
})

describe('what RJSF renders from toRjsfSchema', () => {
  it('renders no submit button of its own', async () => {
    await renderForm({ type: 'object', properties: { a: { type: 'string', title: 'A' } } }, { withButton: false })
    await expect.element(page.getByLabelText('A')).toBeVisible()
    expect(document.querySelectorAll('button[type="submit"], input[type="submit"]')).toHaveLength(0)
  })

  it('shows descriptions as plain text, never markdown or HTML', async () => {
    await renderForm({
      type: 'object',
      properties: { a: { type: 'string', title: 'A', description: '**bold** <img src=x onerror=alert(1)> [link](https://evil.example)' } },
    })
    await expect.element(page.getByText('**bold** <img src=x onerror=alert(1)> [link](https://evil.example)')).toBeVisible()
    expect(document.querySelector('form strong, form img, form a')).toBeNull()
  })

  it('labels legacy enumNames, titled oneOf and titled anyOf options', async () => {
    await renderForm({
      type: 'object',
      properties: {
        legacy: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
        titled: { type: 'string', oneOf: [{ const: 'p', title: 'Pro plan' }] },
        multi: { type: 'array', items: { anyOf: [{ const: 'en', title: 'English' }] } },
      },
    })
    await expect.element(page.getByRole('radio', { name: 'Green' })).toBeVisible()
    await expect.element(page.getByRole('radio', { name: 'Pro plan' })).toBeVisible()
    await expect.element(page.getByRole('checkbox', { name: 'English' })).toBeVisible()
  })

  it('masks sensitive fields and uses typed inputs for formats', async () => {
    await renderForm({
      type: 'object',
      properties: {
        apiKey: { type: 'string', title: 'API key' },
        email: { type: 'string', title: 'Email', format: 'email' },
        site: { type: 'string', title: 'Site', format: 'uri' },
        day: { type: 'string', title: 'Day', format: 'date' },
        at: { type: 'string', title: 'At', format: 'date-time' },
      },
    })
    await expect.element(page.getByLabelText('API key')).toHaveAttribute('type', 'password')
    await expect.element(page.getByLabelText('Email')).toHaveAttribute('type', 'email')
    await expect.element(page.getByLabelText('Site')).toHaveAttribute('type', 'url')
    await expect.element(page.getByLabelText('Day')).toHaveAttribute('type', 'date')
    await expect.element(page.getByLabelText('At')).toHaveAttribute('type', 'datetime-local')
  })

  it('renders a long multi-select as a checkbox list (never a Ctrl-click list box) and a long single select as a dropdown', async () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    await renderForm({
      type: 'object',
      properties: {
        many: { type: 'array', title: 'Many', items: { type: 'string', enum: seven } },
        one: { type: 'string', title: 'One', enum: seven },
      },
    })
    // Bare RJSF draws its own checkbox list (the kit's widget adds the filter the uiSchema asks for).
    await expect.element(page.getByRole('checkbox', { name: 'g', exact: true })).toBeVisible()
    expect(page.getByRole('checkbox').elements()).toHaveLength(7)
    expect(page.getByRole('listbox').elements()).toHaveLength(0)
    await expect.element(page.getByRole('combobox', { name: 'One' })).toBeVisible()
  })
})
